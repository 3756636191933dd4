package org.morphdb.jdbc;

import java.sql.Types;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.PrepareRequest;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.RowCursor;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.StatementKind;

/**
 * A scripted {@link Session} for unit tests: answers come from functions or queues the
 * test sets, and every call is recorded.
 */
final class FakeSession implements Session {
  /** Executes answered in order: a Response, or a RuntimeException to throw. */
  final Deque<Object> answers = new ArrayDeque<>();
  /** Used when {@link #answers} is empty. */
  Function<ExecuteRequest, Response> onExecute = r -> Response.count(1, Map.of());
  Function<String, PrepareResponse> onPrepare = sql -> dml(sql);
  Function<Map<Integer, Integer>, PrepareResponse> onReprepare;

  final List<ExecuteRequest> executed = new ArrayList<>();
  final List<String> prepared = new ArrayList<>();
  final List<Map<Integer, Integer>> reprepared = new ArrayList<>();
  final List<Long> closedStatements = new ArrayList<>();
  int commits;
  int rollbacks;
  int cancels;
  boolean autoCommit = true;
  boolean readOnly;
  boolean inTransaction;
  boolean closed;
  private long nextId = 1;

  static FakeSession create() {
    return new FakeSession();
  }

  MorphConnection connect(boolean autoRetry, int maxRetries, List<Long> sleeps) {
    return new MorphConnection(this, "jdbc:morph:mem:fake",
        new RetryPolicy(autoRetry, maxRetries, sleeps::add));
  }

  MorphConnection connect() {
    return connect(true, 10, new ArrayList<>());
  }

  // ---- building descriptions

  long nextId() {
    return nextId++;
  }

  PrepareResponse dml(String sql) {
    int params = (int) sql.chars().filter(c -> c == '?').count();
    List<ColumnMeta> p = new ArrayList<>();
    for (int i = 1; i <= params; i++) {
      p.add(new ColumnMeta("?" + i, "", "", Types.INTEGER, "INTEGER", 10, 0, true, "java.lang.Integer"));
    }
    StatementKind kind = sql.trim().toUpperCase().startsWith("SELECT") ? StatementKind.QUERY : StatementKind.DML;
    return new PrepareResponse(nextId(), kind, p, kind == StatementKind.QUERY ? List.of(intColumn("X")) : List.of(), Map.of(7, 1));
  }

  static ColumnMeta intColumn(String name) {
    return new ColumnMeta(name, "PUBLIC", "T", Types.INTEGER, "INTEGER", 10, 0, true, "java.lang.Integer");
  }

  static ColumnMeta column(String name, int type, String typeName) {
    return new ColumnMeta(name, "PUBLIC", "T", type, typeName, 0, 0, true, "java.lang.Object");
  }

  static Response rows(List<ColumnMeta> columns, List<Object[]> rows) {
    return Response.rows(columns, new ListCursor(rows), Map.of(7, 1));
  }

  // ---- Session

  @Override
  public PrepareResponse prepare(PrepareRequest request) {
    check();
    prepared.add(request.sql());
    return onPrepare.apply(request.sql());
  }

  @Override
  public PrepareResponse reprepare(long statementId, Map<Integer, Integer> tableVersions) {
    check();
    reprepared.add(tableVersions);
    return onReprepare.apply(tableVersions);
  }

  @Override
  public Response execute(ExecuteRequest request) {
    check();
    executed.add(request);
    if (!autoCommit) {
      inTransaction = true;
    }
    Object answer = answers.isEmpty() ? onExecute.apply(request) : answers.poll();
    if (answer instanceof RuntimeException e) {
      throw e;
    }
    return (Response) answer;
  }

  @Override
  public void closeStatement(long statementId) {
    closedStatements.add(statementId);
  }

  @Override
  public void commit() {
    check();
    commits++;
    inTransaction = false;
  }

  @Override
  public void rollback() {
    check();
    rollbacks++;
    inTransaction = false;
  }

  @Override
  public void setAutoCommit(boolean autoCommit) {
    check();
    this.autoCommit = autoCommit;
  }

  @Override
  public boolean autoCommit() {
    return autoCommit;
  }

  @Override
  public void setReadOnly(boolean readOnly) {
    check();
    this.readOnly = readOnly;
  }

  @Override
  public boolean readOnly() {
    return readOnly;
  }

  @Override
  public boolean inTransaction() {
    return inTransaction;
  }

  @Override
  public int nodeId() {
    return 0;
  }

  @Override
  public void cancel() {
    cancels++;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    if (inTransaction) {
      rollbacks++;
      inTransaction = false;
    }
    closed = true;
  }

  private void check() {
    if (closed) {
      throw new IllegalStateException("fake session closed");
    }
  }

  /** A cursor that records whether it was closed. */
  static final class TrackingCursor implements RowCursor {
    private final ListCursor rows;
    boolean closed;

    TrackingCursor(List<Object[]> rows) {
      this.rows = new ListCursor(rows);
    }

    @Override public boolean next() { return rows.next(); }
    @Override public Object[] current() { return rows.current(); }
    @Override public void close() { closed = true; }
  }
}
