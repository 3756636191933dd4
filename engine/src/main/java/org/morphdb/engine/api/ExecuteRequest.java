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
 * @param generatedKeyColumns for an INSERT, the columns whose values of each inserted row the
 *                           response carries ({@link Response#generatedKeys()}): null for
 *                           none, empty for the IDENTITY column (else the primary key),
 *                           else column names or "#n" for the table's n-th column (from 1)
 */
public record ExecuteRequest(
    long statementId, String sql, List<Object> parameters,
    Map<Integer, Integer> clientTableVersions, long maxRows, List<String> generatedKeyColumns) {

  public ExecuteRequest(long statementId, String sql, List<Object> parameters,
      Map<Integer, Integer> clientTableVersions, long maxRows) {
    this(statementId, sql, parameters, clientTableVersions, maxRows, null);
  }

  public static ExecuteRequest sql(String sql) {
    return new ExecuteRequest(0, sql, List.of(), Map.of(), 0);
  }
}
