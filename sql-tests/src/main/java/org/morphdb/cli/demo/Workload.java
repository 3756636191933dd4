package org.morphdb.cli.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The application the demo runs next to its schema changes: writer and reader threads, one
 * connection each, spread over the nodes.
 *
 * <p>A writer runs one write per transaction (an UPDATE of a random row past the frozen ones,
 * or an INSERT of a new row, 3 : 1) and, like {@code MorphConnection.runInTransaction}, rolls
 * back and runs it again when it fails with SQLState class 40 (up to {@link #MAX_RETRIES}
 * times); each such transaction counts as retried. A reader reads random loaded rows by
 * primary key in auto-commit mode (the driver retries those itself). Anything else that
 * reaches the application — or a loaded row that a read does not find — counts as an error
 * surfaced.
 */
final class Workload {
  /**
   * Retries of one transaction before its 40001 counts as surfaced. The driver's
   * {@code runInTransaction} stops at {@code maxRetries} (default 10); a UNIQUE index's
   * backfill can abort the same writer more often than that in a row (see docs/benchmarks.md),
   * so the demo's application allows more and reports the most it needed.
   */
  private static final int MAX_RETRIES = 100;
  private static final long MAX_BACKOFF_MS = 100;

  private final DemoTarget target;
  private final int rows;
  private final Counters counters = new Counters();
  private final AtomicLong nextId;
  private final List<Thread> threads = new ArrayList<>();
  private CountDownLatch ready;
  private volatile boolean stop;

  Workload(DemoTarget target, int rows) {
    this.target = target;
    this.rows = rows;
    this.nextId = new AtomicLong(rows + 1L);
  }

  Counters counters() {
    return counters;
  }

  /**
   * Starts the threads and returns once each has connected and prepared its statements (the
   * first statements planned on a database can take seconds), so they start working together.
   */
  void start(int writers, int readers) throws InterruptedException {
    ready = new CountDownLatch(writers + readers);
    for (int i = 0; i < writers; i++) {
      int node = i;
      threads.add(start("demo-writer-" + i, () -> writeLoop(node)));
    }
    for (int i = 0; i < readers; i++) {
      int node = i;
      threads.add(start("demo-reader-" + i, () -> readLoop(node)));
    }
    ready.await(2, TimeUnit.MINUTES);
  }

  private static Thread start(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Stops the threads and waits for them. */
  void stop() throws InterruptedException {
    stop = true;
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(30));
    }
  }

  private void writeLoop(int node) {
    try (Connection c = target.connect(node);
         PreparedStatement update = c.prepareStatement(DemoSchema.UPDATE);
         PreparedStatement insert = c.prepareStatement(DemoSchema.INSERT)) {
      c.setAutoCommit(false);
      ready.countDown();
      ThreadLocalRandom random = ThreadLocalRandom.current();
      while (!stop) {
        boolean isInsert = random.nextInt(4) == 0;
        long id = isInsert ? nextId.getAndIncrement()
            : DemoSchema.FROZEN + 1 + random.nextInt(rows - DemoSchema.FROZEN);
        PreparedStatement ps = isInsert ? insert : update;
        bindWrite(ps, isInsert, id, random.nextInt(rows), "w" + node + "-" + id);
        if (runTransaction(c, ps)) {
          counters.write(isInsert);
        }
      }
    } catch (SQLException e) {
      counters.error("writer on node " + node, e);
    } finally {
      ready.countDown(); // one that could not start must not hold up the others
    }
  }

  private static void bindWrite(PreparedStatement ps, boolean insert, long id, int a, String c)
      throws SQLException {
    if (insert) {
      ps.setLong(1, id);
      ps.setInt(2, a);
      ps.setLong(3, id);
      ps.setString(4, c);
    } else {
      ps.setInt(1, a);
      ps.setString(2, c);
      ps.setLong(3, id);
    }
  }

  /** Executes {@code ps} and commits, retrying class-40 failures; false when it failed. */
  private boolean runTransaction(Connection c, PreparedStatement ps) {
    for (int attempt = 0; ; attempt++) {
      try {
        ps.executeUpdate();
        c.commit();
        if (attempt > 0) {
          counters.retried(attempt + 1);
        }
        return true;
      } catch (SQLException e) {
        rollback(c);
        if (!isRetriable(e) || attempt >= MAX_RETRIES) {
          counters.error("write", e);
          return false;
        }
        backoff(attempt + 1);
      }
    }
  }

  private static boolean isRetriable(SQLException e) {
    return e.getSQLState() != null && e.getSQLState().startsWith("40");
  }

  private static void rollback(Connection c) {
    try {
      c.rollback();
    } catch (SQLException ignored) {
      // the transaction is gone either way; the next attempt starts a new one
    }
  }

  private static void backoff(int retry) {
    long cap = Math.min(MAX_BACKOFF_MS, 1L << Math.min(retry - 1, 7));
    try {
      Thread.sleep(1 + ThreadLocalRandom.current().nextLong(cap));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void readLoop(int node) {
    try (Connection c = target.connect(node);
         PreparedStatement read = c.prepareStatement(DemoSchema.POINT_READ)) {
      ready.countDown();
      ThreadLocalRandom random = ThreadLocalRandom.current();
      while (!stop) {
        long id = 1 + random.nextInt(rows);
        read.setLong(1, id);
        try (ResultSet rs = read.executeQuery()) {
          if (rs.next() && rs.getLong(2) == id) {
            counters.read();
          } else {
            counters.error("read: loaded row id " + id + " not found");
          }
        } catch (SQLException e) {
          counters.error("read", e);
        }
      }
    } catch (SQLException e) {
      counters.error("reader on node " + node, e);
    } finally {
      ready.countDown();
    }
  }
}
