package org.morphdb.engine.catalog;

import java.util.List;

/** A view: a named query, expanded where it is used. */
public record ViewDef(int id, String schema, String name, String sql, List<String> columnNames) {
  public ViewDef {
    columnNames = columnNames == null ? List.of() : List.copyOf(columnNames);
  }
}
