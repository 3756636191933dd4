package org.morphdb.engine.catalog;

import java.util.Optional;

/**
 * Forward compatibility of table schemas (DESIGN.md "Transactions and schema validation"):
 * a transaction that bound schema {@code I} at enlistment may commit under schema {@code C}
 * only if every change between them is in the forward-compatible list. Columns are compared
 * by id, so a renamed column is the same column.
 */
public final class Compatibility {
  private Compatibility() {}

  /**
   * Why {@code current} is not forward-compatible with {@code initial}; empty when it is.
   * {@code current} null means the table was dropped.
   */
  public static Optional<String> incompatibility(TableDef initial, TableDef current) {
    if (current == null) {
      return Optional.of("table " + initial.name() + " dropped");
    }
    if (initial.version() == current.version()) {
      return Optional.empty();
    }
    if (!initial.name().equals(current.name())) {
      return Optional.of("table " + initial.name() + " renamed to " + current.name());
    }
    for (ColumnDef before : initial.columns()) {
      int at = current.columnIndex(before.id());
      if (at < 0) {
        return Optional.of("column " + before.name() + " dropped");
      }
      Optional<String> change = columnChange(before, current.columns().get(at));
      if (change.isPresent()) {
        return change;
      }
    }
    for (ColumnDef after : current.columns()) {
      if (initial.columnIndex(after.id()) < 0 && !after.nullable() && after.defaultSql() == null) {
        return Optional.of("NOT NULL column " + after.name() + " added without default");
      }
    }
    for (CheckDef check : current.checks()) {
      if (initial.checks().stream().noneMatch(c -> c.id() == check.id())) {
        return Optional.of("CHECK constraint " + check.name() + " added");
      }
    }
    for (ForeignKeyDef key : current.foreignKeys()) {
      if (initial.foreignKeys().stream().noneMatch(k -> k.id() == key.id())) {
        return Optional.of("FOREIGN KEY " + key.name() + " added");
      }
    }
    return Optional.empty();
  }

  public static boolean forwardCompatible(TableDef initial, TableDef current) {
    return incompatibility(initial, current).isEmpty();
  }

  private static Optional<String> columnChange(ColumnDef before, ColumnDef after) {
    if (!before.type().equals(after.type()) && !isWidening(before.type(), after.type())) {
      return Optional.of("type of column " + after.name() + " changed from "
          + before.type() + " to " + after.type());
    }
    if (before.nullable() && !after.nullable()) {
      return Optional.of("NOT NULL added to column " + after.name());
    }
    if (!java.util.Objects.equals(before.defaultSql(), after.defaultSql())) {
      return Optional.of("default of column " + after.name() + " changed");
    }
    return Optional.empty();
  }

  /**
   * Exact widening: every value of {@code from} is a value of {@code to}, unchanged.
   * TINYINT → SMALLINT → INT → BIGINT, REAL → DOUBLE, DECIMAL(p,s) → DECIMAL(p' > p, s),
   * VARCHAR(n) → VARCHAR(m > n), VARBINARY likewise.
   */
  public static boolean isWidening(ColumnType from, ColumnType to) {
    TypeKind a = from.kind();
    TypeKind b = to.kind();
    if (a.isInteger() && b.isInteger()) {
      return b.ordinal() > a.ordinal();
    }
    if (a == TypeKind.REAL && b == TypeKind.DOUBLE) {
      return true;
    }
    if (a == TypeKind.DECIMAL && b == TypeKind.DECIMAL) {
      return to.scale() == from.scale() && to.precision() > from.precision();
    }
    if ((a == TypeKind.VARCHAR || a == TypeKind.VARBINARY) && b == a) {
      return from.precision() > 0 && (to.precision() == 0 || to.precision() > from.precision());
    }
    return false;
  }
}
