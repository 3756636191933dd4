package org.morphdb.jdbc.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.jdbc.durable.FileDatabaseTest.exec;
import static org.morphdb.jdbc.durable.FileDatabaseTest.rows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.DatabaseRegistry;
import org.morphdb.engine.durable.Durability;

/**
 * Power losses simulated by {@link CrashingFileIo} while writers commit, a DDL loop runs and
 * checkpoints are taken: after the reopen every acknowledged commit is there, whole, and
 * CHECK TABLE is clean. The negative control runs the same with a log that never forces
 * and must find acknowledged commits missing, so the check is known to catch a lost force.
 */
class SimulatedCrashTest {
  @TempDir
  Path dir;

  @AfterEach
  void restore() {
    Durability.useFileIo(null);
    System.clearProperty("morph.unsafe.skipLogForce");
  }

  /** What one run acknowledged and what the reopened database holds. */
  private record Outcome(Set<Long> acknowledged, Set<Long> found, List<String> problems) {}

  private Outcome crashWhileWriting(long seed, boolean skipForce) throws Exception {
    Random random = new Random(seed);
    CrashingFileIo io = new CrashingFileIo();
    Durability.useFileIo(io);
    if (skipForce) {
      System.setProperty("morph.unsafe.skipLogForce", "true");
    }
    Path db = dir.resolve("db" + seed + (skipForce ? "-noforce" : ""));
    String url = "jdbc:morph:file:" + db;
    try (Connection c = DriverManager.getConnection(url)) {
      exec(c, "CREATE TABLE T (ID BIGINT PRIMARY KEY, PAIR BIGINT, W INT)", "CREATE INDEX T_W ON T (W)");
    }
    Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong ids = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      threads.add(new Thread(() -> writePairs(url, ids, acknowledged, stop)));
    }
    threads.add(new Thread(() -> ddlAndCheckpoints(url, stop)));
    // held across the crash: when the failing writers close theirs, the database stays open
    Connection keeper = DriverManager.getConnection(url);
    threads.forEach(Thread::start);
    Thread.sleep(150 + random.nextInt(250));
    io.crash(random);
    DatabaseRegistry.simulateCrash("file:" + db);
    keeper.close();
    stop.set(true);
    for (Thread t : threads) {
      t.join(60_000);
    }
    Durability.useFileIo(null);
    System.clearProperty("morph.unsafe.skipLogForce");
    try {
      return reopen(url, acknowledged);
    } catch (SQLException e) {
      if (!skipForce || !"XX001".equals(e.getSQLState())) {
        throw e;
      }
      // the negative control tore a segment that was not the last: the open refuses, also caught
      return new Outcome(acknowledged, Set.of(), List.of("damaged: " + e.getMessage()));
    }
  }

  /** Each commit writes ID and -ID together: after the reopen both or neither are there. */
  private static void writePairs(String url, AtomicLong ids, Set<Long> acknowledged, AtomicBoolean stop) {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      while (!stop.get()) {
        long id = ids.incrementAndGet();
        s.executeUpdate("INSERT INTO T VALUES (" + id + ", " + -id + ", " + id % 7 + ")");
        s.executeUpdate("INSERT INTO T VALUES (" + -id + ", " + id + ", " + id % 5 + ")");
        c.commit();
        acknowledged.add(id);
      }
    } catch (SQLException e) {
      // the crash: every commit from here on fails
    }
  }

  private static void ddlAndCheckpoints(String url, AtomicBoolean stop) {
    try (Connection c = DriverManager.getConnection(url)) {
      for (int round = 0; !stop.get(); round++) {
        exec(c, round % 2 == 0 ? "CREATE INDEX T_PAIR ON T (PAIR)" : "DROP INDEX T_PAIR");
        if (round % 3 == 0) {
          exec(c, "CHECKPOINT");
        }
      }
    } catch (SQLException e) {
      // the crash
    }
  }

  private static Outcome reopen(String url, Set<Long> acknowledged) throws SQLException {
    Set<Long> found = new HashSet<>();
    List<String> problems = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url)) {
      List<String> pairs;
      try {
        pairs = rows(c, "SELECT ID, PAIR FROM T");
      } catch (SQLException e) {
        pairs = List.of(); // the table itself was lost (the negative control)
        problems.add("table T missing: " + e.getMessage());
      }
      Set<String> all = new HashSet<>(pairs);
      for (String p : pairs) {
        String[] idPair = p.split("\\|");
        found.add(Math.abs(Long.parseLong(idPair[0])));
        if (!all.contains(idPair[1] + "|" + idPair[0])) {
          problems.add("half a commit: " + p);
        }
      }
      if (pairs.size() > 0) {
        problems.addAll(rows(c, "CHECK TABLE T"));
        problems.addAll(rows(c, "SELECT STATEMENT FROM SYS.DDL_JOBS WHERE STATE = 'RUNNING'"));
        problems.addAll(rows(c, "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE STATE <> 'PUBLIC'"));
      }
    }
    return new Outcome(acknowledged, found, problems);
  }

  @Test
  void everyAcknowledgedCommitSurvivesPowerLossesWholeAndTheIndexesAreClean() throws Exception {
    for (long seed = 1; seed <= 4; seed++) {
      Outcome o = crashWhileWriting(seed, false);
      assertFalse(o.acknowledged().isEmpty(), "the writers got nothing acknowledged before the crash");
      Set<Long> lost = new HashSet<>(o.acknowledged());
      lost.removeAll(o.found());
      assertEquals(Set.of(), lost, "seed " + seed + ": acknowledged commits lost");
      assertEquals(List.of(), o.problems(), "seed " + seed);
    }
  }

  @Test
  void negativeControlALogThatSkipsItsForceIsCaughtLosingAcknowledgedCommits() throws Exception {
    int caught = 0;
    for (long seed = 1; seed <= 3; seed++) {
      Outcome o = crashWhileWriting(seed, true);
      Set<Long> lost = new HashSet<>(o.acknowledged());
      lost.removeAll(o.found());
      caught += lost.isEmpty() ? 0 : 1;
    }
    assertTrue(caught >= 2, "the crash check did not notice a log that never forces (" + caught + " of 3)");
  }
}
