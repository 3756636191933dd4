package org.morphdb.engine.api;

import java.util.List;

/**
 * The values an INSERT generated or was given for the key columns the client asked for, one
 * row per inserted row, in API value form (see {@link RowCursor}).
 */
public record GeneratedKeys(List<ColumnMeta> columns, List<Object[]> rows) {
  public GeneratedKeys {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }
}
