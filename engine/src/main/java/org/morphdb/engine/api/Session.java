package org.morphdb.engine.api;

/**
 * One client's conversation with a database, attached to one compute node. Not thread
 * safe: one thread at a time, like a JDBC connection. Every method may throw
 * {@link MorphException}.
 */
public interface Session extends AutoCloseable {

  PrepareResponse prepare(PrepareRequest request);

  /**
   * Re-describes a prepared statement against the given table versions (the versions the
   * transaction binds, from a {@link SchemaVersionMismatchException}).
   */
  PrepareResponse reprepare(long statementId, java.util.Map<Integer, Integer> tableVersions);

  Response execute(ExecuteRequest request);

  void closeStatement(long statementId);

  void commit();

  void rollback();

  void setAutoCommit(boolean autoCommit);

  boolean autoCommit();

  /** Allowed only while no transaction is active. */
  void setReadOnly(boolean readOnly);

  boolean readOnly();

  /** True between a transaction's first statement and its commit or rollback. */
  boolean inTransaction();

  /** The compute node this session is attached to. */
  int nodeId();

  /** Cancels the statement running on this session from another thread, if any. */
  void cancel();

  boolean isClosed();

  /** Rolls back any open transaction and releases the session. */
  @Override
  void close();
}
