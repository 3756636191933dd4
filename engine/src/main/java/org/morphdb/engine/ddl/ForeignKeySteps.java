package org.morphdb.engine.ddl;

import static org.morphdb.engine.catalog.ConstraintState.ENFORCED;
import static org.morphdb.engine.catalog.ConstraintState.VALID;

import java.util.ArrayList;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.ForeignKeyDef.RefAction;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.UpdateEntry;

/**
 * Foreign keys: declared with a table (VALID at once: the table is empty), added online,
 * dropped. A key lives on both tables' definitions, so each of these changes both tables:
 * <pre>
 *   ADD FOREIGN KEY   (none) → ENFORCED (both versions move) → validate at snapshot S → VALID
 *     walk back       ENFORCED → (none); the statement fails with 23503
 *   DROP CONSTRAINT   one step (both versions move; forward-compatible)
 * </pre>
 */
final class ForeignKeySteps {
  private ForeignKeySteps() {}

  /**
   * {@code skipStates}: negative control {@code unsafe=skip-states}, the naive add: validate
   * at a snapshot taken when the job starts and go straight to VALID; writes committed between
   * that snapshot and VALID are never checked.
   */
  static JobPlan add(DdlCommand.AddForeignKey cmd, boolean skipStates) {
    return new JobPlan(skipStates
        ? List.of(Step.of(VALID.name(), (ctx, c) -> enforce(cmd, ctx, c, VALID)).then(Step.Operation.VALIDATE))
        : List.of(Step.of(ENFORCED.name(), (ctx, c) -> enforce(cmd, ctx, c, ENFORCED)).then(Step.Operation.VALIDATE),
            Step.of(VALID.name(), (ctx, c) -> keyState(ctx, c, VALID))),
        List.of(Step.of("WALK_BACK", (ctx, c) -> keyState(ctx, c, null))));
  }

  /**
   * The definition of a declared key of {@code child} (which may be the table being created,
   * and its own parent); checks the columns, and that they refer to the parent's primary key.
   */
  static ForeignKeyDef define(int id, DdlCommand.ForeignKeySpec spec, TableDef child, Catalog c,
      ConstraintState state) {
    TableDef parent = spec.parentTable().equals(child.name()) && spec.parentSchema().equals(child.schema())
        ? child : Lookup.table(c, spec.parentSchema(), spec.parentTable());
    List<Integer> childColumns = new ArrayList<>();
    for (String name : spec.columns()) {
      childColumns.add(Lookup.column(child, name).id());
    }
    List<Integer> parentColumns = new ArrayList<>();
    for (String name : spec.parentColumns()) {
      parentColumns.add(Lookup.column(parent, name).id());
    }
    if (parentColumns.isEmpty()) {
      parentColumns.addAll(parent.primaryKey());
    }
    if (parent.hasHiddenRowId() || !parentColumns.equals(parent.primaryKey())) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "A FOREIGN KEY must refer to the primary key of %s (%s)", parent.name(), columnNames(parent, parent.primaryKey()));
    }
    if (childColumns.size() != parentColumns.size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "FOREIGN KEY of %s names %d columns, the key of %s has %d",
          child.name(), childColumns.size(), parent.name(), parentColumns.size());
    }
    for (int i = 0; i < childColumns.size(); i++) {
      ColumnDef a = child.columnById(childColumns.get(i));
      ColumnDef b = parent.columnById(parentColumns.get(i));
      if (!comparable(a, b)) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT, "FOREIGN KEY column %s (%s) cannot refer to %s.%s (%s)",
            a.name(), a.type(), parent.name(), b.name(), b.type());
      }
      if ((spec.onDelete() == RefAction.SET_NULL || spec.onUpdate() == RefAction.SET_NULL) && !a.nullable()) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT, "ON ... SET NULL needs column %s to be nullable", a.name());
      }
    }
    String name = spec.name() != null ? spec.name() : "FK_" + child.name() + "_" + id;
    if (child.foreignKey(name).isPresent() || child.check(name).isPresent()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Constraint '%s' already exists on %s", name, child.name());
    }
    return new ForeignKeyDef(id, name, child.id(), childColumns, parent.id(), parentColumns,
        spec.onDelete(), spec.onUpdate(), state);
  }

  /** Values compare equal in keys: integers with integers, strings with strings, else one type. */
  private static boolean comparable(ColumnDef a, ColumnDef b) {
    return a.type().kind() == b.type().kind()
        || (a.type().kind().isInteger() && b.type().kind().isInteger())
        || (a.type().kind().isString() && b.type().kind().isString());
  }

  private static String columnNames(TableDef t, List<Integer> ids) {
    return String.join(", ", ids.stream().map(i -> t.columnById(i).name()).toList());
  }

  /** Puts a key on (or, {@code key} null, takes key {@code id} off) a table. */
  static TableDef withKey(TableDef t, int id, ForeignKeyDef key) {
    List<ForeignKeyDef> keys = new ArrayList<>(t.foreignKeys());
    keys.removeIf(k -> k.id() == id);
    if (key != null) {
      keys.add(key);
    }
    return t.withForeignKeys(keys);
  }

  private static List<UpdateEntry> enforce(DdlCommand.AddForeignKey cmd, JobContext ctx, Catalog c,
      ConstraintState state) {
    TableDef child = TableSteps.target(cmd, ctx, c);
    int id = c.nextId();
    ForeignKeyDef key = define(id, cmd.key(), child, c, state);
    ctx.checkId = id;
    List<UpdateEntry> entries = new ArrayList<>(List.of(new UpdateEntry.ReserveIds(1),
        new UpdateEntry.PutTable(withKey(child, id, key).bumped())));
    if (key.parentTableId() != child.id()) {
      TableDef parent = c.table(key.parentTableId()).orElseThrow();
      entries.add(new UpdateEntry.PutTable(withKey(parent, id, key).bumped()));
    }
    return entries;
  }

  /** VALID on both tables (no new versions), or null to take the key off again (new versions). */
  private static List<UpdateEntry> keyState(JobContext ctx, Catalog c, ConstraintState state) {
    TableDef child = c.table(ctx.tableId).orElse(null);
    ForeignKeyDef key = child == null ? null
        : child.foreignKeys().stream().filter(k -> k.id() == ctx.checkId).findFirst().orElse(null);
    if (key == null) {
      return List.of();
    }
    return changeOnBoth(c, key, state == null ? null : key.withState(state), state == null);
  }

  /** DROP CONSTRAINT of a foreign key (on its child table). */
  static List<UpdateEntry> drop(ForeignKeyDef key, Catalog c) {
    return changeOnBoth(c, key, null, true);
  }

  private static List<UpdateEntry> changeOnBoth(Catalog c, ForeignKeyDef key, ForeignKeyDef replacement, boolean bump) {
    List<UpdateEntry> entries = new ArrayList<>();
    for (int tableId : key.childTableId() == key.parentTableId()
        ? List.of(key.childTableId()) : List.of(key.childTableId(), key.parentTableId())) {
      TableDef t = c.table(tableId).orElse(null);
      if (t != null) {
        TableDef changed = withKey(t, key.id(), replacement);
        entries.add(new UpdateEntry.PutTable(bump ? changed.bumped() : changed));
      }
    }
    return entries;
  }
}
