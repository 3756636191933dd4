package org.morphdb.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.RowCursor;
import org.morphdb.engine.api.StatementKind;

/**
 * A plain statement: each call sends its SQL to the engine through the connection's
 * {@link RetryPolicy}. Result sets are forward-only and read-only.
 *
 * <p>{@code executeQuery} of SQL that returns no rows fails with 07005 and
 * {@code executeUpdate} of a query with 07003. A plain statement learns what its SQL does
 * only by running it, so in these two cases the statement has run (a prepared statement
 * checks first and runs nothing). A call on a closed statement fails with HY010.
 */
public class MorphStatement extends StatementSettings {
  final MorphConnection connection;
  private MorphResultSet resultSet;
  private long updateCount = -1;
  private final List<String> batch = new ArrayList<>();
  private volatile boolean closed;
  private volatile boolean executing;
  /**
   * The generated keys the running statement asks for: null for none, empty for the IDENTITY
   * column (else the primary key), else column names, or "#n" for the table's n-th column.
   */
  List<String> keysAsked;
  /** The keys of the last execution; a batch collects those of all its items. */
  private List<ColumnMeta> keyColumns = List.of();
  private final List<Object[]> keyRows = new ArrayList<>();
  private boolean inBatch;

  MorphStatement(MorphConnection connection) {
    this.connection = connection;
  }

  // ---- executing

  @Override
  public boolean execute(String sql) throws SQLException {
    return accept(sendSql(sql), List.of());
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    if (!execute(sql)) {
      throw Errors.create("The statement does not return a result set: " + sql, Errors.NOT_A_QUERY);
    }
    return resultSet;
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    Response response = sendSql(sql);
    if (response.kind() == StatementKind.QUERY) {
      closeQuietly(response);
      throw Errors.create("The statement returns a result set: " + sql, Errors.IS_A_QUERY);
    }
    accept(response, List.of());
    return updateCount;
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    return saturate(executeLargeUpdate(sql));
  }

  private Response sendSql(String sql) throws SQLException {
    checkOpen();
    if (sql == null) {
      throw Errors.create("The SQL text is null", "42000");
    }
    long limit = maxRows;
    List<String> keys = keysAsked;
    return send(null, () -> connection.session().execute(
        new ExecuteRequest(0, sql, List.of(), Map.of(), limit, keys)));
  }

  /** Sends one statement through the retry policy, under the query timeout. */
  final Response send(PreparedCommand command, Supplier<Response> attempt) throws SQLException {
    return send(command, attempt, () -> 0);
  }

  /**
   * Sends work that goes on from where its last attempt stopped ({@code progress}, see
   * {@link RetryPolicy#execute(org.morphdb.engine.api.Session, PreparedCommand, Supplier,
   * java.util.function.IntSupplier)}) through the retry policy, under the query timeout.
   */
  final <T> T send(PreparedCommand command, Supplier<T> attempt, java.util.function.IntSupplier progress)
      throws SQLException {
    checkOpen();
    closeResultSet();
    updateCount = -1;
    if (!inBatch) {
      clearGeneratedKeys();
    }
    if (connection.session() instanceof org.morphdb.jdbc.remote.RemoteSession remote) {
      remote.fetchSize(fetchSize); // server mode: rows per chunk of this statement's result
    }
    executing = true;
    try (QueryTimer timer = QueryTimer.start(connection.session(), queryTimeout)) {
      try {
        return connection.retryPolicy().execute(connection.session(), command, attempt, progress);
      } catch (SQLException e) {
        if (timer.fired() && "57014".equals(e.getSQLState())) {
          throw new SQLTimeoutException(
              "The query timeout of " + queryTimeout + " s expired", "57014", 0, e);
        }
        throw e;
      }
    } finally {
      executing = false;
    }
  }

  /**
   * Takes the rows of an INSERT ... RETURNING run by executeUpdate as its generated keys, and
   * their number as its update count (jOOQ's default dialect renders RETURNING, then calls
   * executeUpdate and reads getGeneratedKeys).
   */
  final void acceptRowsAsKeys(Response response) {
    keyColumns = response.columns();
    try (RowCursor rows = response.rows()) {
      while (rows.next()) {
        keyRows.add(rows.current().clone());
      }
    }
    updateCount = keyRows.size();
  }

  /** Takes a response as this statement's current result; true when it is a result set. */
  final boolean accept(Response response, List<ColumnMeta> describedColumns) {
    if (response.kind() == StatementKind.QUERY) {
      List<ColumnMeta> columns = response.columns() == null || response.columns().isEmpty()
          ? describedColumns : response.columns();
      resultSet = new MorphResultSet(this, columns, response.rows(), maxRows);
      return true;
    }
    updateCount = response.kind() == StatementKind.DML ? Math.max(response.updateCount(), 0) : 0;
    if (response.generatedKeys() != null) {
      keyColumns = response.generatedKeys().columns();
      keyRows.addAll(response.generatedKeys().rows());
    }
    return false;
  }

  /** A batch sent whole (server mode) leaves its last row's update count, as a batch run row by row does. */
  final void batchDone(long[] counts) {
    updateCount = counts[counts.length - 1];
  }

  /** Adds the generated keys of a batch's rows (server mode, where they come for many rows at once). */
  final void addGeneratedKeys(List<ColumnMeta> columns, List<Object[]> rows) {
    keyColumns = columns;
    keyRows.addAll(rows);
  }

  private void clearGeneratedKeys() {
    keyColumns = List.of();
    keyRows.clear();
  }

  /** Runs a batch's items, collecting the generated keys of all of them. */
  final long[] inBatch(Execution<long[]> items) throws SQLException {
    clearGeneratedKeys();
    inBatch = true;
    try {
      return items.run();
    } finally {
      inBatch = false;
    }
  }

  /** A piece of a statement's work that may fail with an SQLException. */
  interface Execution<T> {
    T run() throws SQLException;
  }

  /** Runs {@code work} asking for these generated keys. */
  private <T> T withKeys(List<String> keys, Execution<T> work) throws SQLException {
    keysAsked = keys;
    try {
      return work.run();
    } finally {
      keysAsked = null;
    }
  }

  static void closeQuietly(Response response) {
    if (response.rows() != null) {
      try {
        response.rows().close();
      } catch (RuntimeException ignored) {
        // the cursor is dropped either way
      }
    }
  }

  static int saturate(long count) {
    return (int) Math.min(Integer.MAX_VALUE, count);
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    return withKeys(GeneratedKeysAsked.of(autoGeneratedKeys), () -> execute(sql));
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    return withKeys(GeneratedKeysAsked.of(columnIndexes), () -> execute(sql));
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    return withKeys(GeneratedKeysAsked.of(columnNames), () -> execute(sql));
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return saturate(executeLargeUpdate(sql, autoGeneratedKeys));
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return saturate(executeLargeUpdate(sql, columnIndexes));
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    return saturate(executeLargeUpdate(sql, columnNames));
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return withKeys(GeneratedKeysAsked.of(autoGeneratedKeys), () -> executeLargeUpdate(sql));
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return withKeys(GeneratedKeysAsked.of(columnIndexes), () -> executeLargeUpdate(sql));
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    return withKeys(GeneratedKeysAsked.of(columnNames), () -> executeLargeUpdate(sql));
  }

  // ---- results

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return resultSet;
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return saturate(getLargeUpdateCount());
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return updateCount;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return getMoreResults(CLOSE_CURRENT_RESULT);
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    checkOpen();
    if (current != KEEP_CURRENT_RESULT) {
      closeResultSet();
    }
    resultSet = null;
    updateCount = -1;
    return false;
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    return MorphResultSet.inMemory(this, keyColumns, new ArrayList<>(keyRows));
  }

  // ---- batches

  @Override
  public void addBatch(String sql) throws SQLException {
    checkOpen();
    batch.add(sql);
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  @Override
  public int[] executeBatch() throws SQLException {
    long[] counts = executeLargeBatch();
    int[] result = new int[counts.length];
    for (int i = 0; i < counts.length; i++) {
      result[i] = saturate(counts[i]);
    }
    return result;
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    List<String> items = new ArrayList<>(batch);
    batch.clear();
    if (!items.isEmpty() && !items.contains(null)
        && connection.session() instanceof org.morphdb.jdbc.remote.RemoteSession remote && remote.batches()) {
      return inBatch(() -> RemoteBatch.plain(this, remote, items).run());
    }
    return inBatch(() -> {
      long[] counts = new long[items.size()];
      for (int i = 0; i < items.size(); i++) {
        try {
          counts[i] = executeLargeUpdate(items.get(i));
        } catch (SQLException e) {
          throw Errors.batchFailure(e, counts, i);
        }
      }
      return counts;
    });
  }

  // ---- settings: StatementSettings

  @Override
  public Connection getConnection() throws SQLException {
    checkOpen();
    return connection;
  }

  // ---- cancel and close

  @Override
  public void cancel() throws SQLException {
    checkOpen();
    if (executing) {
      try {
        connection.session().cancel();
      } catch (RuntimeException e) {
        throw Errors.fromEngine(e);
      }
    }
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      closeResultSet();
      releaseEngineResources();
    } finally {
      connection.statementClosed(this);
    }
  }

  /** Frees what the engine holds for this statement; prepared statements close their handle. */
  void releaseEngineResources() throws SQLException {}

  @Override
  public boolean isClosed() {
    return closed;
  }

  /** Called by a result set of this statement when it closes. */
  void resultSetClosed(MorphResultSet rs) throws SQLException {
    if (rs == resultSet && closeOnCompletion && !closed) {
      close();
    }
  }

  private void closeResultSet() throws SQLException {
    MorphResultSet rs = resultSet;
    resultSet = null;
    if (rs != null) {
      rs.closeFromStatement();
    }
  }

  @Override
  final void checkOpen() throws SQLException {
    if (closed) {
      throw Errors.closed("statement");
    }
    connection.checkOpen();
  }

}
