package org.morphdb.engine.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One version of a table's definition. {@code version} changes with any change of the
 * table's name, columns or constraints — never with index changes (DESIGN.md).
 *
 * @param columns    visible columns in their display order
 * @param primaryKey ids of the primary-key columns; empty means a hidden row id is the key
 * @param nextSlot   next free slot in the stored row array
 */
public record TableDef(
    int id, String schema, String name, int version, List<ColumnDef> columns,
    List<Integer> primaryKey, List<IndexDef> indexes, List<CheckDef> checks, int nextSlot,
    List<ForeignKeyDef> foreignKeys) {

  public TableDef {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    indexes = List.copyOf(indexes);
    checks = List.copyOf(checks);
    foreignKeys = List.copyOf(foreignKeys);
  }

  /** A table that takes part in no foreign key. */
  public TableDef(int id, String schema, String name, int version, List<ColumnDef> columns,
      List<Integer> primaryKey, List<IndexDef> indexes, List<CheckDef> checks, int nextSlot) {
    this(id, schema, name, version, columns, primaryKey, indexes, checks, nextSlot, List.of());
  }

  /** Foreign keys whose child is this table (its rows refer to another's). */
  public List<ForeignKeyDef> outgoingKeys() {
    return foreignKeys.stream().filter(f -> f.isChild(id)).toList();
  }

  /** Foreign keys whose parent is this table (other rows refer to its rows). */
  public List<ForeignKeyDef> incomingKeys() {
    return foreignKeys.stream().filter(f -> f.isParent(id)).toList();
  }

  public Optional<ForeignKeyDef> foreignKey(String keyName) {
    return foreignKeys.stream().filter(f -> f.name().equals(keyName)).findFirst();
  }

  public String qualifiedName() { return schema + "." + name; }

  public boolean hasHiddenRowId() { return primaryKey.isEmpty(); }

  public Optional<ColumnDef> column(String columnName) {
    for (ColumnDef c : columns) {
      if (c.name().equals(columnName)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  public ColumnDef columnById(int columnId) {
    for (ColumnDef c : columns) {
      if (c.id() == columnId) {
        return c;
      }
    }
    throw new IllegalArgumentException("no column " + columnId + " in " + name);
  }

  /** Position of the column in {@link #columns()}, or -1. */
  public int columnIndex(int columnId) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).id() == columnId) {
        return i;
      }
    }
    return -1;
  }

  public Optional<IndexDef> index(String indexName) {
    return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
  }

  public Optional<CheckDef> check(String checkName) {
    return checks.stream().filter(c -> c.name().equals(checkName)).findFirst();
  }

  /** Positions (in {@link #columns()}) of the primary-key columns. */
  public int[] primaryKeyPositions() {
    int[] positions = new int[primaryKey.size()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = columnIndex(primaryKey.get(i));
    }
    return positions;
  }

  // --- derivations used by catalog update entries -------------------------------------

  /** The same table with the version bumped: for changes that alter the table's schema. */
  public TableDef bumped() {
    return new TableDef(id, schema, name, version + 1, columns, primaryKey, indexes, checks, nextSlot, foreignKeys);
  }

  public TableDef withName(String newName) {
    return new TableDef(id, schema, newName, version, columns, primaryKey, indexes, checks, nextSlot, foreignKeys);
  }

  public TableDef withColumns(List<ColumnDef> newColumns, int newNextSlot) {
    return new TableDef(id, schema, name, version, newColumns, primaryKey, indexes, checks, newNextSlot, foreignKeys);
  }

  public TableDef mapColumn(int columnId, UnaryOperator<ColumnDef> change) {
    List<ColumnDef> list = new ArrayList<>(columns);
    list.replaceAll(c -> c.id() == columnId ? change.apply(c) : c);
    return withColumns(list, nextSlot);
  }

  public TableDef withIndexes(List<IndexDef> newIndexes) {
    return new TableDef(id, schema, name, version, columns, primaryKey, newIndexes, checks, nextSlot, foreignKeys);
  }

  public TableDef withChecks(List<CheckDef> newChecks) {
    return new TableDef(id, schema, name, version, columns, primaryKey, indexes, newChecks, nextSlot, foreignKeys);
  }

  public TableDef withForeignKeys(List<ForeignKeyDef> newKeys) {
    return new TableDef(id, schema, name, version, columns, primaryKey, indexes, checks, nextSlot, newKeys);
  }
}
