package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.api.BackfillUsage;
import org.morphdb.engine.api.Databases;

/**
 * The backfill's CPU budget (URL option {@code backfillShare}, docs/decisions.md "Backfill's
 * share of the machine"): while a writer commits, CREATE INDEX pauses so its thread uses at
 * most the budget, still finishes, and the index is complete; with no writer it never pauses.
 */
class BackfillBudgetTest {
  private static final int ROWS = 40_000;
  private static final long MS = 1_000_000;

  /**
   * A small share of a core (0.04-0.06 of one on 1 to 4 cores, under one up to 99 cores; the
   * option is a whole percent of the machine).
   */
  private static int smallShare() {
    return Math.max(1, Math.round(5f / Runtime.getRuntime().availableProcessors()));
  }

  private static void load(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, a INT, b INT)");
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
      c.setAutoCommit(false);
      for (int i = 1; i <= ROWS; i++) {
        ps.setLong(1, i);
        ps.setInt(2, i * 7919 % ROWS);
        ps.setInt(3, i % 100);
        ps.addBatch();
        if (i % 1000 == 0) {
          ps.executeBatch();
          c.commit();
        }
      }
      c.setAutoCommit(true);
    }
  }

  private static int problems(Connection c) throws SQLException {
    int n = 0;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("CHECK TABLE t")) {
      while (rs.next()) {
        n++;
      }
    }
    return n;
  }

  /** A writer updating random rows of t until stopped, counting its commits. */
  private static final class Writer {
    final AtomicBoolean stop = new AtomicBoolean();
    final AtomicLong writes = new AtomicLong();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;

    Writer(String url) {
      thread = new Thread(() -> {
        try (Connection w = DriverManager.getConnection(url);
             PreparedStatement up = w.prepareStatement("UPDATE t SET a = ?, b = ? WHERE id = ?")) {
          ThreadLocalRandom r = ThreadLocalRandom.current();
          while (!stop.get()) {
            up.setInt(1, r.nextInt(ROWS));
            up.setInt(2, r.nextInt(100));
            up.setLong(3, 1 + r.nextInt(ROWS));
            up.executeUpdate();
            writes.incrementAndGet();
          }
        } catch (Throwable e) {
          failure.set(e);
        }
      }, "budget-test-writer");
      thread.start();
    }

    void stop() throws InterruptedException {
      stop.set(true);
      thread.join(TimeUnit.MINUTES.toMillis(1));
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void underWritersTheBackfillPausesToItsBudgetAndStillBuildsACompleteIndex() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() < 100);
    String url = "jdbc:morph:mem:backfill_budget;backfillShare=" + smallShare();
    try (Connection c = DriverManager.getConnection(url)) {
      load(c);
      Writer writer = new Writer(url);
      try {
        while (writer.writes.get() < 100 && writer.failure.get() == null) {
          Thread.sleep(5);
        }
        try (Statement s = c.createStatement()) {
          s.execute("CREATE INDEX t_a ON t (a)");
        }
      } finally {
        writer.stop();
      }
      assertNull(writer.failure.get(), () -> "writer failed: " + writer.failure.get());
      BackfillUsage u = Databases.testHooks("backfill_budget").lastBackfill();
      assertNotNull(u);
      assertTrue(u.budgetCores() < 1, () -> "" + u);
      assertTrue(u.pauses() > 0, () -> "the backfill never paused: " + u);
      // Over the slices during which the writer committed, the backfill's CPU is within its
      // share of their wall time (a slice during which no commit began is not held to it),
      // counting what a slice that ran long still owed when the build ended; most was paid.
      assertTrue(u.limitedCpuNanos() > 0, () -> "" + u);
      assertTrue(u.limitedCpuNanos() <= u.budgetCores() * (u.limitedWallNanos() + u.unpaidNanos()) + MS,
          () -> "over budget: " + u);
      assertTrue(u.unpaidNanos() < u.limitedWallNanos() / 2, () -> "pauses left unpaid: " + u);
      assertEquals(0, problems(c));
      try (Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t WHERE a >= 0")) {
        assertTrue(rs.next());
        assertEquals(ROWS, rs.getLong(1));
      }
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void withNoWriterTheBackfillNeverPauses() throws Exception {
    String url = "jdbc:morph:mem:backfill_budget_idle;backfillShare=" + smallShare();
    try (Connection c = DriverManager.getConnection(url)) {
      load(c);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE INDEX t_a ON t (a)");
      }
      BackfillUsage u = Databases.testHooks("backfill_budget_idle").lastBackfill();
      assertNotNull(u);
      assertEquals(0, u.pauses(), () -> "" + u);
      assertFalse(problems(c) > 0);
    }
  }

  /**
   * A build cancelled while its backfill runs under a writer walks back with 57014 and leaves
   * the table whole: what the writer's commits logged for the index meanwhile is written out
   * (docs/decisions.md, "A plain index is built as one sorted run", Failure), and the index
   * can be built again. The smallest share keeps the backfill running for seconds.
   */
  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aBuildCancelledWhileAWriterCommitsWalksBackAndTheTableStaysWhole() throws Exception {
    String url = "jdbc:morph:mem:backfill_cancel;backfillShare=1";
    try (Connection c = DriverManager.getConnection(url)) {
      load(c);
      Writer writer = new Writer(url);
      AtomicReference<SQLException> outcome = new AtomicReference<>();
      Thread ddl = new Thread(() -> {
        try (Connection d = DriverManager.getConnection(url); Statement s = d.createStatement()) {
          s.execute("CREATE INDEX t_a ON t (a)");
        } catch (SQLException e) {
          outcome.set(e);
        }
      }, "cancel-test-ddl");
      try {
        ddl.start();
        long job = backfillingJob(c);
        long from = writer.writes.get();
        while (writer.writes.get() < from + 500 && writer.failure.get() == null) {
          Thread.sleep(2); // the writer's commits go to the build's log meanwhile
        }
        try (Statement s = c.createStatement()) {
          s.execute("CANCEL DDL JOB " + job);
        }
        ddl.join(TimeUnit.MINUTES.toMillis(2));
      } finally {
        writer.stop();
      }
      assertNull(writer.failure.get(), () -> "writer failed: " + writer.failure.get());
      assertNotNull(outcome.get(), "the cancelled CREATE INDEX fails");
      assertEquals("57014", outcome.get().getSQLState(), () -> "" + outcome.get());
      assertEquals(0, problems(c));
      try (Statement s = c.createStatement()) {
        s.execute("CREATE INDEX t_a ON t (a)");
      }
      assertEquals(0, problems(c));
      try (Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t WHERE a >= 0")) {
        assertTrue(rs.next());
        assertEquals(ROWS, rs.getLong(1));
      }
    }
  }

  /** The id of the CREATE INDEX job once its backfill has written some rows. */
  private static long backfillingJob(Connection c) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (System.nanoTime() < deadline) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT JOB_ID FROM SYS.DDL_JOBS WHERE STATE = 'RUNNING' AND ROWS_DONE > 0")) {
        if (rs.next()) {
          return rs.getLong(1);
        }
      }
      Thread.sleep(2);
    }
    throw new AssertionError("no CREATE INDEX job reached its backfill");
  }
}
