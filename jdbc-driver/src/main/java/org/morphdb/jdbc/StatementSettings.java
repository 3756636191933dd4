package org.morphdb.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * The settings of a JDBC statement that only store a value or give a fixed answer: limits,
 * fetch size, timeout, pooling hints, warnings, and what kind of result sets it makes
 * (forward-only, read-only, closed at commit). {@link MorphStatement} reads them when it
 * executes. Every call on a closed statement fails with HY010 ({@link #checkOpen}).
 */
abstract class StatementSettings implements Statement, SelfWrapper {
  long maxRows;
  int fetchSize;
  int queryTimeout;
  private int maxFieldSize;
  private boolean poolable;
  boolean closeOnCompletion;
  private SQLWarning warnings;

  /** Fails with HY010 when the statement or its connection is closed. */
  abstract void checkOpen() throws SQLException;

  @Override
  public int getMaxRows() throws SQLException {
    return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    setLargeMaxRows(max);
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    checkOpen();
    return maxRows;
  }

  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    checkOpen();
    requireNonNegative(max, "maxRows");
    maxRows = max;
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    requireNonNegative(rows, "fetchSize");
    fetchSize = rows;
  }

  @Override
  public int getFetchDirection() throws SQLException {
    checkOpen();
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen(); // a hint; results are always read forward
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    checkOpen();
    return queryTimeout;
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    checkOpen();
    requireNonNegative(seconds, "queryTimeout");
    queryTimeout = seconds;
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    checkOpen();
    return maxFieldSize;
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
    requireNonNegative(max, "maxFieldSize");
    maxFieldSize = max;
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen(); // JDBC escapes are not rewritten; the SQL goes to the engine as written
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    checkOpen(); // no positioned updates: a no-op, as JDBC allows
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    checkOpen();
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getResultSetType() throws SQLException {
    checkOpen();
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    checkOpen();
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
    this.poolable = poolable;
  }

  @Override
  public boolean isPoolable() throws SQLException {
    checkOpen();
    return poolable;
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    checkOpen();
    closeOnCompletion = true;
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    checkOpen();
    return closeOnCompletion;
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

  private static void requireNonNegative(long value, String what) throws SQLException {
    if (value < 0) {
      throw Errors.create(what + " must not be negative: " + value, "HY024");
    }
  }
}
