package org.morphdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.SchemaVersionMismatchException;
import org.morphdb.engine.api.Session;

/**
 * Every retry the driver makes, in one place (DESIGN.md, "The client protocol").
 *
 * <ul>
 *   <li>A schema-version mismatch re-prepares the statement against exactly the version the
 *       transaction binds and re-sends it, whenever {@code autoRetry} is on (bounded only
 *       by {@link #MAX_REPREPARES} against livelock); otherwise the application gets MR001/1005.
 *   <li>In auto-commit mode, a statement aborted with a retriable 40001 is re-sent, at most
 *       {@code maxRetries} times, with jittered backoff from 1 ms doubling to 100 ms; the
 *       final failure names the cause. In an explicit transaction a 40001 goes to the
 *       application as a {@link java.sql.SQLTransactionRollbackException}.
 *   <li>{@link #runInTransaction} retries a whole unit of work on class-40 failures.
 * </ul>
 */
final class RetryPolicy {
  static final long MAX_BACKOFF_MS = 100;
  /**
   * Version mismatches are always retried (DESIGN.md): each one means a DDL moved on while
   * the statement was re-prepared, so they end when the DDL does. This bound only guards
   * against a livelock; after a few in a row the driver backs off like for aborts.
   */
  static final int MAX_REPREPARES = 1000;

  /** Waits between attempts; replaced in tests. */
  @FunctionalInterface
  interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private final boolean autoRetry;
  private final int maxRetries;
  private final Sleeper sleeper;

  RetryPolicy(boolean autoRetry, int maxRetries, Sleeper sleeper) {
    this.autoRetry = autoRetry;
    this.maxRetries = maxRetries;
    this.sleeper = sleeper;
  }

  RetryPolicy(boolean autoRetry, int maxRetries) {
    this(autoRetry, maxRetries, Thread::sleep);
  }

  boolean autoRetry() { return autoRetry; }

  int maxRetries() { return maxRetries; }

  /**
   * Runs one statement: {@code attempt} sends it; {@code command} (null for plain SQL) is
   * re-prepared on a version mismatch before the next attempt.
   */
  <T> T execute(Session session, PreparedCommand command, Supplier<T> attempt)
      throws SQLException {
    return execute(session, command, attempt, () -> 0);
  }

  /**
   * As {@link #execute(Session, PreparedCommand, Supplier)}, for an attempt that goes on from
   * where the last one stopped (a batch resent from its failing row): whenever {@code
   * progress} has moved since the last failure, the retries count from zero again, so each
   * row gets the retries it would get alone.
   */
  <T> T execute(Session session, PreparedCommand command, Supplier<T> attempt, IntSupplier progress)
      throws SQLException {
    int mismatches = 0;
    int aborts = 0;
    int lastProgress = progress.getAsInt();
    SchemaVersionMismatchException stale = null;
    while (true) {
      try {
        if (stale != null && command != null) {
          command.reprepare(stale.tableId(), stale.tableEnlistVersion());
        }
        stale = null;
        return attempt.get();
      } catch (MorphException e) {
        if (progress.getAsInt() != lastProgress) { // a row got done since: it starts afresh
          lastProgress = progress.getAsInt();
          mismatches = 0;
          aborts = 0;
        }
        if (e instanceof SchemaVersionMismatchException mismatch) {
          if (!autoRetry) {
            throw Errors.toSqlException(e);
          }
          if (mismatches >= MAX_REPREPARES) {
            throw Errors.toSqlException(e, e.getMessage()
                + " (still stale after " + mismatches + " re-prepares)");
          }
          mismatches++;
          stale = mismatch;
          if (mismatches > 3 && !pause(mismatches - 3)) {
            throw Errors.toSqlException(e);
          }
          continue;
        }
        if (!retriesAbort(session, e)) {
          throw Errors.toSqlException(e);
        }
        if (aborts >= maxRetries) {
          throw aborts == 0 ? Errors.toSqlException(e) : gaveUp(e, aborts);
        }
        aborts++;
        if (!pause(aborts)) {
          throw Errors.toSqlException(e);
        }
      } catch (RuntimeException e) {
        throw Errors.fromEngine(e);
      }
    }
  }

  /**
   * Runs {@code work} in a transaction and commits it, retrying the whole unit (after a
   * rollback) when it fails with SQLState class 40, at most {@code maxRetries} times. The
   * connection's auto-commit mode is restored afterwards.
   */
  <T> T runInTransaction(Connection connection, SqlWork<T> work) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    boolean ok = false;
    try {
      for (int retry = 0; ; retry++) {
        try {
          T result = work.run(connection);
          connection.commit();
          ok = true;
          return result;
        } catch (SQLException e) {
          rollbackQuietly(connection, e);
          if (!isRollback(e) || retry >= maxRetries || !pause(retry + 1)) {
            throw e;
          }
        } catch (RuntimeException | Error e) {
          rollbackQuietly(connection, e);
          throw e;
        }
      }
    } finally {
      restoreAutoCommit(connection, autoCommit, ok);
    }
  }

  /** Jittered backoff before retry number {@code retry} (1-based): 1 ms up to min(2^(retry-1), 100) ms. */
  static long backoffMillis(int retry) {
    long cap = Math.min(MAX_BACKOFF_MS, 1L << Math.min(Math.max(retry - 1, 0), 7));
    return 1 + ThreadLocalRandom.current().nextLong(cap);
  }

  private boolean retriesAbort(Session session, MorphException e) {
    ErrorCode code = e.code();
    if (!autoRetry || code == null || !code.retriable() || !code.sqlState().startsWith("40")) {
      return false;
    }
    try {
      return session.autoCommit();
    } catch (RuntimeException ex) {
      return false;
    }
  }

  private static SQLException gaveUp(MorphException e, int retries) {
    return Errors.toSqlException(e, "Statement failed after " + retries
        + " retries; last cause " + e.code() + " (" + e.code().vendorCode() + "): " + e.getMessage());
  }

  private boolean pause(int retry) {
    try {
      sleeper.sleep(backoffMillis(retry));
      return true;
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static boolean isRollback(SQLException e) {
    String state = e.getSQLState();
    return state != null && state.startsWith("40");
  }

  private static void rollbackQuietly(Connection connection, Throwable failure) {
    try {
      connection.rollback();
    } catch (SQLException | RuntimeException ex) {
      failure.addSuppressed(ex);
    }
  }

  private static void restoreAutoCommit(Connection connection, boolean autoCommit, boolean ok)
      throws SQLException {
    if (!autoCommit) {
      return;
    }
    try {
      connection.setAutoCommit(true);
    } catch (SQLException e) {
      if (ok) {
        throw e;
      }
    }
  }
}
