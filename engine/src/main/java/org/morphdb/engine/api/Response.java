package org.morphdb.engine.api;

import java.util.List;
import java.util.Map;

/**
 * The result of an {@link ExecuteRequest}.
 *
 * @param kind          QUERY responses carry {@code columns} and {@code rows}; DML carries
 *                      {@code updateCount}; DDL and OTHER carry neither
 * @param tableVersions table id → table version the statement ran against
 * @param generatedKeys for an INSERT that asked for them, the key columns' values of each
 *                      inserted row; else null
 */
public record Response(
    StatementKind kind, List<ColumnMeta> columns, RowCursor rows, long updateCount,
    Map<Integer, Integer> tableVersions, GeneratedKeys generatedKeys) {

  public Response(StatementKind kind, List<ColumnMeta> columns, RowCursor rows, long updateCount,
      Map<Integer, Integer> tableVersions) {
    this(kind, columns, rows, updateCount, tableVersions, null);
  }

  public static Response rows(List<ColumnMeta> columns, RowCursor rows, Map<Integer, Integer> versions) {
    return new Response(StatementKind.QUERY, columns, rows, -1, versions);
  }

  public static Response count(long updateCount, Map<Integer, Integer> versions) {
    return new Response(StatementKind.DML, List.of(), null, updateCount, versions);
  }

  public static Response count(long updateCount, Map<Integer, Integer> versions, GeneratedKeys keys) {
    return new Response(StatementKind.DML, List.of(), null, updateCount, versions, keys);
  }

  public static Response ok(StatementKind kind) {
    return new Response(kind, List.of(), null, 0, Map.of());
  }
}
