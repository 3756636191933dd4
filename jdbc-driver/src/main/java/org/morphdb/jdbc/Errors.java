package org.morphdb.jdbc;

import java.sql.BatchUpdateException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import java.util.Arrays;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Converts engine errors to {@link SQLException}s, and makes the driver's own ones: the one
 * place where SQLStates meet exception classes.
 *
 * <p>By SQLState class: 40 → {@link SQLTransactionRollbackException}; 23 →
 * {@link SQLIntegrityConstraintViolationException}; 42 → {@link SQLSyntaxErrorException};
 * 0A → {@link SQLFeatureNotSupportedException}; 22 → {@link SQLDataException}; 08 →
 * {@link SQLNonTransientConnectionException}; everything else a plain {@link SQLException}.
 * 57014 (cancelled) stays a plain SQLException here, because it also reports a cancelled DDL
 * job; a statement whose own query timeout fired reports {@link java.sql.SQLTimeoutException}
 * instead (see {@code MorphStatement}).
 *
 * <p>SQLStates the driver itself uses: 08003 closed connection (class 08 only for a
 * connection that cannot be used: pools evict on it); HY010 a call on a closed statement or
 * result set (a sequence error, not a connection error, so pools keep the connection); 24000
 * a getter with no current row; 07009 a parameter or column index out of range; 07001 a
 * parameter without a value; 07005 executeQuery of a statement that returns no rows; 07003
 * executeUpdate of a query; 22003 numeric value out of range; 22018 a value that cannot be
 * converted to the requested type; 22007 a string that is not a valid date or time; 42S22
 * an unknown column label; 25001 an operation not allowed while a transaction is active;
 * XX000 an unexpected failure inside the engine.
 */
final class Errors {
  private Errors() {}

  static final String CLOSED_CONNECTION = "08003";
  static final String CLOSED_OBJECT = "HY010";
  static final String NO_CURRENT_ROW = "24000";
  static final String BAD_INDEX = "07009";
  static final String MISSING_PARAMETER = "07001";
  static final String NOT_A_QUERY = "07005";
  static final String IS_A_QUERY = "07003";
  static final String OUT_OF_RANGE = "22003";
  static final String BAD_CONVERSION = "22018";
  static final String BAD_DATETIME = "22007";
  static final String UNKNOWN_COLUMN = "42S22";
  static final String ACTIVE_TRANSACTION = "25001";
  static final String INTERNAL = "XX000";

  /** The SQLException for an engine error, keeping the engine's message, code and cause. */
  static SQLException toSqlException(MorphException e) {
    return toSqlException(e, e.getMessage());
  }

  /** As {@link #toSqlException(MorphException)}, with another message. */
  static SQLException toSqlException(MorphException e, String message) {
    ErrorCode code = e.code() == null ? ErrorCode.INTERNAL_ERROR : e.code();
    return create(message, code.sqlState(), code.vendorCode(), e);
  }

  /**
   * Any failure coming out of the engine: a {@link MorphException} converts by its code,
   * anything else is an internal error (XX000) with the cause kept, so raw runtime
   * exceptions never reach the application.
   */
  static SQLException fromEngine(RuntimeException e) {
    if (e instanceof MorphException m) {
      return toSqlException(m);
    }
    return create("Internal error in the MorphDB engine: " + e, INTERNAL, 0, e);
  }

  /** A driver-made exception of the class its SQLState calls for. */
  static SQLException create(String message, String sqlState, int vendorCode, Throwable cause) {
    String state = sqlState == null ? INTERNAL : sqlState;
    SQLException ex;
    if (state.startsWith("40")) {
      ex = new SQLTransactionRollbackException(message, state, vendorCode);
    } else if (state.startsWith("23")) {
      ex = new SQLIntegrityConstraintViolationException(message, state, vendorCode);
    } else if (state.startsWith("42")) {
      ex = new SQLSyntaxErrorException(message, state, vendorCode);
    } else if (state.startsWith("0A")) {
      ex = new SQLFeatureNotSupportedException(message, state, vendorCode);
    } else if (state.startsWith("22")) {
      ex = new SQLDataException(message, state, vendorCode);
    } else if (state.startsWith("08")) {
      ex = new SQLNonTransientConnectionException(message, state, vendorCode);
    } else {
      ex = new SQLException(message, state, vendorCode);
    }
    if (cause != null) {
      ex.initCause(cause);
    }
    return ex;
  }

  static SQLException create(String message, String sqlState) {
    return create(message, sqlState, 0, null);
  }

  static SQLFeatureNotSupportedException unsupported(String what) {
    return new SQLFeatureNotSupportedException(what + " is not supported by MorphDB", "0A000");
  }

  static SQLException closedConnection() {
    return create("The connection is closed", CLOSED_CONNECTION);
  }

  static SQLException closed(String what) {
    return create("The " + what + " is closed", CLOSED_OBJECT);
  }

  /** The BatchUpdateException for item {@code failed}, with the counts of the items before it. */
  static BatchUpdateException batchFailure(SQLException e, long[] counts, int failed) {
    long[] done = Arrays.copyOf(counts, failed);
    BatchUpdateException b = new BatchUpdateException(
        "Batch item " + (failed + 1) + " failed: " + e.getMessage(),
        e.getSQLState(), e.getErrorCode(), done, e);
    b.setNextException(e);
    return b;
  }
}
