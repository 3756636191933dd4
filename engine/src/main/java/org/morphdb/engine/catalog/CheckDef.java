package org.morphdb.engine.catalog;

/** A CHECK constraint; {@code sql} is its condition as written, over the table's columns. */
public record CheckDef(int id, String name, String sql, ConstraintState state) {

  public CheckDef withState(ConstraintState newState) {
    return new CheckDef(id, name, sql, newState);
  }
}
