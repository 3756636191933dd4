package org.morphdb.jdbc;

import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.PrepareRequest;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.StatementKind;

/**
 * A statement prepared on the engine, with the description it was made against. The table
 * versions of that description are the client's schema versions (clientSV) sent with every
 * execution; a re-prepare replaces the description, so parameter and result metadata always
 * describe the schema the statement last ran against. Methods throw the engine's runtime
 * exceptions; callers convert them.
 */
final class PreparedCommand {
  private final Session session;
  private final String sql;
  private volatile PrepareResponse description;

  private PreparedCommand(Session session, String sql, PrepareResponse description) {
    this.session = session;
    this.sql = sql;
    this.description = description;
  }

  static PreparedCommand prepare(Session session, String sql) {
    return new PreparedCommand(session, sql, session.prepare(new PrepareRequest(sql)));
  }

  String sql() { return sql; }

  long id() { return description.statementId(); }

  StatementKind kind() { return description.kind(); }

  List<ColumnMeta> parameters() { return description.parameters(); }

  List<ColumnMeta> columns() { return description.columns(); }

  Map<Integer, Integer> tableVersions() { return description.tableVersions(); }

  ExecuteRequest request(List<Object> parameters, long maxRows, List<String> keysAsked) {
    Map<Integer, Integer> versions = description.tableVersions();
    return new ExecuteRequest(id(), null, parameters, versions == null ? Map.of() : versions, maxRows, keysAsked);
  }

  /** Re-describes the statement against exactly {@code version} of table {@code tableId}. */
  void reprepare(int tableId, int version) {
    description = session.reprepare(id(), Map.of(tableId, version));
  }

  void close() {
    session.closeStatement(id());
  }
}
