package org.morphdb.engine.api;

import java.util.List;
import java.util.Map;

/**
 * Runs a statement: either a prepared one ({@code statementId > 0}) or {@code sql} directly.
 *
 * @param statementId        a handle from {@link PrepareResponse}, or 0 to run {@code sql}
 * @param sql                the SQL text when {@code statementId == 0}
 * @param parameters         values for the '?' markers (Java objects as given to JDBC setters)
 * @param clientTableVersions the client's schema version (clientSV) per table id it used to
 *                           bind parameters or describe results; empty for plain SQL
 * @param maxRows            limit on returned rows, 0 for none
 */
public record ExecuteRequest(
    long statementId, String sql, List<Object> parameters,
    Map<Integer, Integer> clientTableVersions, long maxRows) {

  public static ExecuteRequest sql(String sql) {
    return new ExecuteRequest(0, sql, List.of(), Map.of(), 0);
  }
}
