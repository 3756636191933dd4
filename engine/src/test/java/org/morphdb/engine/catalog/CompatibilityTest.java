package org.morphdb.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * One test per row of the forward-compatibility table (DESIGN.md): may a transaction that
 * bound schema I commit under schema C?
 */
class CompatibilityTest {
  private static final TableDef I = new TableDef(1, "PUBLIC", "T", 1, List.of(
      new ColumnDef(2, 0, "ID", ColumnType.of(TypeKind.INTEGER), ConstraintState.VALID, null, null, null),
      new ColumnDef(3, 1, "A", ColumnType.of(TypeKind.INTEGER), null, null, null, null),
      new ColumnDef(4, 2, "S", ColumnType.of(TypeKind.VARCHAR, 10), null, "'x'", "x", null),
      new ColumnDef(5, 3, "R", ColumnType.of(TypeKind.REAL), null, null, null, null),
      new ColumnDef(6, 4, "D", new ColumnType(TypeKind.DECIMAL, 5, 2), null, null, null, null),
      new ColumnDef(7, 5, "T", ColumnType.of(TypeKind.TINYINT), null, null, null, null),
      new ColumnDef(8, 6, "B", ColumnType.of(TypeKind.VARBINARY, 4), ConstraintState.VALID, null, null, null)),
      List.of(2), List.of(), List.of(new CheckDef(9, "CK", "A > 0", ConstraintState.VALID)), 7);

  private static TableDef changed(UnaryOperator<TableDef> change) {
    return change.apply(I).bumped();
  }

  private static TableDef column(int id, UnaryOperator<ColumnDef> change) {
    return changed(t -> t.mapColumn(id, change));
  }

  private static void compatible(TableDef c) {
    assertTrue(Compatibility.forwardCompatible(I, c), () -> "expected compatible, got: " + Compatibility.incompatibility(I, c));
  }

  private static void incompatible(TableDef c, String reasonPart) {
    assertFalse(Compatibility.forwardCompatible(I, c));
    String why = Compatibility.incompatibility(I, c).orElseThrow();
    assertTrue(why.contains(reasonPart), () -> "reason '" + why + "' should mention '" + reasonPart + "'");
  }

  @Test
  void addNullableColumnIsCompatible() {
    compatible(changed(t -> {
      List<ColumnDef> cols = new ArrayList<>(t.columns());
      cols.add(new ColumnDef(20, 7, "N", ColumnType.of(TypeKind.INTEGER), null, null, null, null));
      return t.withColumns(cols, 8);
    }));
  }

  @Test
  void addColumnWithDefaultIsCompatible() {
    compatible(changed(t -> {
      List<ColumnDef> cols = new ArrayList<>(t.columns());
      cols.add(new ColumnDef(20, 7, "N", ColumnType.of(TypeKind.INTEGER), ConstraintState.VALID, "0", 0L, 0L));
      return t.withColumns(cols, 8);
    }));
  }

  @Test
  void dropNotNullIsCompatible() {
    compatible(column(8, c -> c.withNotNull(null)));
  }

  @Test
  void dropCheckIsCompatible() {
    compatible(changed(t -> t.withChecks(List.of())));
  }

  private static final ForeignKeyDef KEY = new ForeignKeyDef(30, "FK_T_OTHER", 1, List.of(3), 40, List.of(41),
      ForeignKeyDef.RefAction.NO_ACTION, ForeignKeyDef.RefAction.NO_ACTION, ConstraintState.ENFORCED);

  @Test
  void addForeignKeyIsIncompatibleOnEitherSide() {
    incompatible(changed(t -> t.withForeignKeys(List.of(KEY))), "FOREIGN KEY FK_T_OTHER added");
  }

  @Test
  void dropForeignKeyIsCompatible() {
    TableDef withKey = I.withForeignKeys(List.of(KEY));
    TableDef dropped = withKey.withForeignKeys(List.of()).bumped();
    assertTrue(Compatibility.forwardCompatible(withKey, dropped));
  }

  @Test
  void renameColumnIsCompatibleBecauseColumnsAreComparedById() {
    compatible(column(3, c -> c.withName("A2")));
  }

  @Test
  void exactIntegerWideningIsCompatible() {
    compatible(column(7, c -> c.withType(ColumnType.of(TypeKind.SMALLINT))));
    compatible(column(7, c -> c.withType(ColumnType.of(TypeKind.INTEGER))));
    compatible(column(3, c -> c.withType(ColumnType.of(TypeKind.BIGINT))));
  }

  @Test
  void realToDoubleIsCompatible() {
    compatible(column(5, c -> c.withType(ColumnType.of(TypeKind.DOUBLE))));
  }

  @Test
  void decimalWithMorePrecisionSameScaleIsCompatible() {
    compatible(column(6, c -> c.withType(new ColumnType(TypeKind.DECIMAL, 9, 2))));
  }

  @Test
  void longerVarcharAndVarbinaryAreCompatible() {
    compatible(column(4, c -> c.withType(ColumnType.of(TypeKind.VARCHAR, 20))));
    compatible(column(8, c -> c.withType(ColumnType.of(TypeKind.VARBINARY, 8))));
  }

  @Test
  void indexChangesDoNotChangeTheTableVersionAndAreCompatible() {
    TableDef withIndex = I.withIndexes(List.of(
        new IndexDef(30, "IDX", 1, List.of(3), List.of(false), false, IndexState.WRITE_ONLY)));
    assertEquals(I.version(), withIndex.version());
    compatible(withIndex);
  }

  @Test
  void dropTableIsIncompatible() {
    incompatible(null, "dropped");
  }

  @Test
  void renameTableIsIncompatible() {
    incompatible(changed(t -> t.withName("U")), "renamed");
  }

  @Test
  void dropColumnIsIncompatible() {
    incompatible(changed(t -> t.withColumns(t.columns().subList(0, 6), 7)), "column B dropped");
  }

  @Test
  void setNotNullIsIncompatible() {
    incompatible(column(3, c -> c.withNotNull(ConstraintState.ENFORCED)), "NOT NULL");
  }

  @Test
  void addCheckIsIncompatible() {
    incompatible(changed(t -> t.withChecks(List.of(t.checks().get(0),
        new CheckDef(40, "CK2", "A < 10", ConstraintState.ENFORCED)))), "CHECK");
  }

  @Test
  void setOrDropDefaultIsIncompatible() {
    incompatible(column(3, c -> c.withDefault("1", 1L)), "default");
    incompatible(column(4, c -> c.withDefault(null, null)), "default");
  }

  @Test
  void otherTypeChangesAreIncompatible() {
    incompatible(column(3, c -> c.withType(ColumnType.of(TypeKind.SMALLINT))), "type");
    incompatible(column(3, c -> c.withType(ColumnType.of(TypeKind.VARCHAR, 10))), "type");
    incompatible(column(4, c -> c.withType(ColumnType.of(TypeKind.VARCHAR, 5))), "type");
    incompatible(column(6, c -> c.withType(new ColumnType(TypeKind.DECIMAL, 9, 3))), "type");
    incompatible(column(5, c -> c.withType(ColumnType.of(TypeKind.INTEGER))), "type");
  }
}
