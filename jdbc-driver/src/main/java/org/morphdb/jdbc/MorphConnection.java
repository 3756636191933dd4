package org.morphdb.jdbc;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.Session;

/**
 * A JDBC connection: one engine {@link Session}. Transactions are serializable; a
 * transaction begins with its first statement. {@link #runInTransaction(SqlWork)} runs a
 * unit of work with retries on serialization failures (40001).
 *
 * <p>Result sets are forward-only and read-only with CLOSE_CURSORS_AT_COMMIT holdability;
 * a request for another type, concurrency or holdability is downgraded with a
 * {@link SQLWarning} on the connection, as JDBC allows. Savepoints are set, rolled back to
 * and released through SQL; callable statements and LOB factories are not supported (0A000). A call on a closed connection fails with
 * 08003. {@code commit} and {@code rollback} in auto-commit mode do nothing.
 */
public class MorphConnection implements Connection, SelfWrapper {
  private final Session session;
  private int savepointIds;
  private final String url;
  private final RetryPolicy retryPolicy;
  private final Properties clientInfo = new Properties();
  private final Set<MorphStatement> statements = Collections.newSetFromMap(new IdentityHashMap<>());
  private volatile boolean closed;
  private SQLWarning warnings;
  private int networkTimeout;
  private Map<String, Class<?>> typeMap = Map.of();
  private MorphDatabaseMetaData metaData;

  MorphConnection(Session session, String url, RetryPolicy retryPolicy) {
    this.session = session;
    this.url = url;
    this.retryPolicy = retryPolicy;
  }

  Session session() { return session; }

  RetryPolicy retryPolicy() { return retryPolicy; }

  String url() { return url; }

  /**
   * Runs {@code work} as one transaction and commits it. When it fails with a serialization
   * failure (SQLState class 40, such as {@link java.sql.SQLTransactionRollbackException}),
   * the transaction is rolled back and the whole unit runs again, at most
   * {@code maxRetries} times, with jittered backoff of 1–100 ms. Any other failure rolls
   * back and is thrown. The auto-commit mode is restored afterwards. It must start with no
   * transaction open (25001 otherwise).
   */
  public <T> T runInTransaction(SqlWork<T> work) throws SQLException {
    checkOpen();
    if (engine(session::inTransaction)) {
      throw Errors.create("runInTransaction needs a connection with no open transaction", Errors.ACTIVE_TRANSACTION);
    }
    return retryPolicy.runInTransaction(this, work);
  }

  // ---- statements

  @Override
  public Statement createStatement() throws SQLException {
    checkOpen();
    return register(new MorphStatement(this));
  }

  @Override
  public Statement createStatement(int type, int concurrency) throws SQLException {
    return createStatement(type, concurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
  }

  @Override
  public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
    checkOpen();
    checkResultOptions(type, concurrency, holdability);
    return createStatement();
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    return prepare(sql, null);
  }

  /** Prepares a statement that asks for these generated keys ({@link MorphStatement#keysAsked}). */
  private PreparedStatement prepare(String sql, List<String> keysAsked) throws SQLException {
    checkOpen();
    if (sql == null) {
      throw Errors.create("The SQL text is null", "42000");
    }
    // prepared through the retry policy: a node behind (40001/1004) in auto-commit is retried
    PreparedCommand command = retryPolicy.execute(session, null, () -> PreparedCommand.prepare(session, sql));
    return register(new MorphPreparedStatement(this, command, keysAsked));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
    return prepareStatement(sql, type, concurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
      throws SQLException {
    checkOpen();
    checkResultOptions(type, concurrency, holdability);
    return prepareStatement(sql);
  }

  /** An INSERT prepared so reports the IDENTITY column's values (else the primary key's). */
  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    return prepare(sql, GeneratedKeysAsked.of(autoGeneratedKeys));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    return prepare(sql, GeneratedKeysAsked.of(columnIndexes));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    return prepare(sql, GeneratedKeysAsked.of(columnNames));
  }

  @Override public CallableStatement prepareCall(String sql) throws SQLException { throw Errors.unsupported("Stored procedures"); }
  @Override public CallableStatement prepareCall(String sql, int t, int c) throws SQLException { throw Errors.unsupported("Stored procedures"); }
  @Override public CallableStatement prepareCall(String sql, int t, int c, int h) throws SQLException { throw Errors.unsupported("Stored procedures"); }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    checkOpen();
    return sql;
  }

  private <S extends MorphStatement> S register(S statement) {
    synchronized (statements) {
      statements.add(statement);
    }
    return statement;
  }

  void statementClosed(MorphStatement statement) {
    synchronized (statements) {
      statements.remove(statement);
    }
  }

  private void checkResultOptions(int type, int concurrency, int holdability) throws SQLException {
    if (type != ResultSet.TYPE_FORWARD_ONLY) {
      addWarning("Result sets are forward-only: TYPE_FORWARD_ONLY is used instead of type " + type);
    }
    if (concurrency != ResultSet.CONCUR_READ_ONLY) {
      addWarning("Result sets are read-only: CONCUR_READ_ONLY is used instead of concurrency " + concurrency);
    }
    if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
      addWarning("CLOSE_CURSORS_AT_COMMIT is used instead of holdability " + holdability);
    }
  }

  // ---- transactions

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    checkOpen();
    if (autoCommit == engine(session::autoCommit)) {
      return;
    }
    engine(() -> {
      if (autoCommit && session.inTransaction()) {
        session.commit(); // JDBC: switching auto-commit on commits the open transaction
      }
      session.setAutoCommit(autoCommit);
      return null;
    });
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return engine(session::autoCommit);
  }

  @Override
  public void commit() throws SQLException {
    checkOpen();
    engine(() -> {
      if (!session.autoCommit()) {
        session.commit();
      }
      return null;
    });
  }

  @Override
  public void rollback() throws SQLException {
    checkOpen();
    engine(() -> {
      if (!session.autoCommit()) {
        session.rollback();
      }
      return null;
    });
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    checkOpen();
    if (readOnly == engine(session::readOnly)) {
      return;
    }
    if (engine(session::inTransaction)) {
      throw Errors.create("setReadOnly is not allowed while a transaction is active", Errors.ACTIVE_TRANSACTION);
    }
    engine(() -> {
      session.setReadOnly(readOnly);
      return null;
    });
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    checkOpen();
    return engine(session::readOnly);
  }

  /** Every transaction is serializable; other levels are accepted and run serializable. */
  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    checkOpen();
    if (level != TRANSACTION_SERIALIZABLE) {
      addWarning("MorphDB transactions are serializable; isolation level " + level + " runs as SERIALIZABLE");
    }
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    checkOpen();
    return TRANSACTION_SERIALIZABLE;
  }

  // ---- savepoints: sent as SQL (SAVEPOINT, ROLLBACK TO, RELEASE), which the session runs

  @Override
  public Savepoint setSavepoint() throws SQLException {
    return savepoint(new MorphSavepoint(this, ++savepointIds, null));
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    if (name == null || name.isEmpty()) {
      throw Errors.create("A savepoint name must not be empty", "3B001");
    }
    return savepoint(new MorphSavepoint(this, ++savepointIds, name));
  }

  private Savepoint savepoint(MorphSavepoint sp) throws SQLException {
    checkOpen();
    if (getAutoCommit()) {
      throw Errors.create("Savepoints need a transaction: auto-commit is on", "3B001");
    }
    controlSql("SAVEPOINT " + sp.sqlName());
    return sp;
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    controlSql("ROLLBACK TO SAVEPOINT " + own(savepoint).sqlName());
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    controlSql("RELEASE SAVEPOINT " + own(savepoint).sqlName());
  }

  private MorphSavepoint own(Savepoint savepoint) throws SQLException {
    checkOpen();
    if (!(savepoint instanceof MorphSavepoint sp) || sp.connection() != this) {
      throw Errors.create("Not a savepoint of this connection", "3B001");
    }
    return sp;
  }

  private void controlSql(String sql) throws SQLException {
    engine(() -> session.execute(ExecuteRequest.sql(sql)));
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    checkOpen();
    if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
      addWarning("CLOSE_CURSORS_AT_COMMIT is used instead of holdability " + holdability);
    }
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  // ---- information

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    checkOpen();
    if (metaData == null) {
      metaData = new MorphDatabaseMetaData(this);
    }
    return metaData;
  }

  @Override
  public boolean isValid(int timeout) throws SQLException {
    if (timeout < 0) {
      throw Errors.create("The timeout must not be negative: " + timeout, "HY024");
    }
    // a remote connection is valid only when the server answers (pools validate with this)
    return !isClosed() && (!(session instanceof org.morphdb.jdbc.remote.RemoteSession remote) || remote.ping());
  }

  @Override public void setCatalog(String catalog) throws SQLException { checkOpen(); }
  @Override public String getCatalog() throws SQLException { checkOpen(); return null; }

  /** There is one schema for user tables: PUBLIC. Naming another adds a warning. */
  @Override
  public void setSchema(String schema) throws SQLException {
    checkOpen();
    if (!"PUBLIC".equalsIgnoreCase(schema)) {
      addWarning("The default schema is always PUBLIC; setSchema(" + schema + ") has no effect");
    }
  }

  @Override
  public String getSchema() throws SQLException {
    checkOpen();
    return "PUBLIC";
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    warnings = null;
  }

  void addWarning(String message) {
    SQLWarning w = new SQLWarning(message, "01000");
    if (warnings == null) {
      warnings = w;
    } else {
      warnings.setNextWarning(w);
    }
  }

  @Override
  public Map<String, Class<?>> getTypeMap() throws SQLException {
    checkOpen();
    return typeMap;
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    checkOpen();
    typeMap = map == null ? Map.of() : map;
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    if (name != null && value != null) {
      clientInfo.setProperty(name, value); // kept, never sent: MorphDB has no client info properties
    }
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    if (properties != null) {
      properties.stringPropertyNames().forEach(k -> clientInfo.setProperty(k, properties.getProperty(k)));
    }
  }

  @Override
  public String getClientInfo(String name) throws SQLException {
    checkOpen();
    return clientInfo.getProperty(name);
  }

  @Override
  public Properties getClientInfo() throws SQLException {
    checkOpen();
    Properties copy = new Properties();
    copy.putAll(clientInfo);
    return copy;
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    checkOpen();
    if (milliseconds < 0) {
      throw Errors.create("The timeout must not be negative: " + milliseconds, "HY024");
    }
    networkTimeout = milliseconds; // kept for tools; an in-memory database has no network
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    checkOpen();
    return networkTimeout;
  }

  @Override public Clob createClob() throws SQLException { checkOpen(); return new MorphClob(); }
  @Override public Blob createBlob() throws SQLException { checkOpen(); return new MorphBlob(); }
  @Override public NClob createNClob() throws SQLException { checkOpen(); return new MorphClob(); }
  @Override public SQLXML createSQLXML() throws SQLException { throw Errors.unsupported("createSQLXML"); }
  @Override public Array createArrayOf(String type, Object[] elements) throws SQLException { throw Errors.unsupported("ARRAY"); }
  @Override public Struct createStruct(String type, Object[] attributes) throws SQLException { throw Errors.unsupported("STRUCT"); }

  // ---- closing

  /** Closes the statements, rolls back any open transaction and releases the session. */
  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    release();
  }

  @Override
  public void abort(Executor executor) throws SQLException {
    if (executor == null) {
      throw Errors.create("abort needs an executor", "HY009");
    }
    if (closed) {
      return;
    }
    closed = true;
    try {
      session.cancel();
    } catch (RuntimeException ignored) {
      // nothing running
    }
    executor.execute(() -> {
      try {
        release();
      } catch (SQLException ignored) {
        // the connection is gone either way
      }
    });
  }

  private void release() throws SQLException {
    List<MorphStatement> open;
    synchronized (statements) {
      open = new ArrayList<>(statements);
    }
    SQLException failure = null;
    for (MorphStatement s : open) {
      try {
        s.close();
      } catch (SQLException e) {
        failure = failure == null ? e : failure;
      }
    }
    try {
      session.close();
    } catch (RuntimeException e) {
      throw Errors.fromEngine(e);
    }
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public boolean isClosed() {
    if (closed) {
      return true;
    }
    try {
      return session.isClosed();
    } catch (RuntimeException e) {
      return true;
    }
  }

  void checkOpen() throws SQLException {
    if (isClosed()) {
      throw Errors.closedConnection();
    }
  }

  /** Calls the engine, converting its exceptions. */
  private static <T> T engine(Supplier<T> call) throws SQLException {
    try {
      return call.get();
    } catch (RuntimeException e) {
      throw Errors.fromEngine(e);
    }
  }
}
