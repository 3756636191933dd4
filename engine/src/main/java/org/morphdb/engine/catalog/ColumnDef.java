package org.morphdb.engine.catalog;

/**
 * A column. Identified by {@code id} (never reused); {@code slot} is its position in the
 * stored row array of its table (never reused within the table), so dropping or adding a
 * column never rewrites rows.
 *
 * @param notNull        null when the column is nullable, else the NOT NULL constraint's state
 * @param defaultSql     SQL text of the current default, or null
 * @param defaultValue   current default in storage form (used by INSERTs)
 * @param initialDefault value that rows stored before the column was added read, forever
 * @param identity       the column's generator when it is an IDENTITY column, else null
 */
public record ColumnDef(
    int id, int slot, String name, ColumnType type, ConstraintState notNull,
    String defaultSql, Object defaultValue, Object initialDefault, Identity identity) {

  public ColumnDef(int id, int slot, String name, ColumnType type, ConstraintState notNull,
      String defaultSql, Object defaultValue, Object initialDefault) {
    this(id, slot, name, type, notNull, defaultSql, defaultValue, initialDefault, null);
  }

  public boolean nullable() { return notNull == null; }

  public boolean isIdentity() { return identity != null; }

  public ColumnDef withName(String newName) {
    return new ColumnDef(id, slot, newName, type, notNull, defaultSql, defaultValue, initialDefault, identity);
  }

  public ColumnDef withType(ColumnType newType) {
    return new ColumnDef(id, slot, name, newType, notNull, defaultSql, defaultValue, initialDefault, identity);
  }

  public ColumnDef withNotNull(ConstraintState state) {
    return new ColumnDef(id, slot, name, type, state, defaultSql, defaultValue, initialDefault, identity);
  }

  public ColumnDef withDefault(String sql, Object value) {
    return new ColumnDef(id, slot, name, type, notNull, sql, value, initialDefault, identity);
  }
}
