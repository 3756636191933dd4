package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.OnlineDb.assertBlocked;
import static org.morphdb.online.OnlineDb.assertState;
import static org.morphdb.online.OnlineDb.exec;
import static org.morphdb.online.OnlineDb.explain;
import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.OnlineDb.ids;
import static org.morphdb.online.OnlineDb.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deterministic negative controls (DESIGN.md "Tests that prove it"): scripted schedules —
 * paused channels, jobs held between steps — that show what each safeguard buys and that
 * CHECK TABLE finds what goes wrong without it. Each unsafe schedule produces exactly the
 * expected anomalies every time (repeated tests); the same schedule with the safety on
 * leaves none.
 *
 * <p>Table {@code t(id, k, v)}, rows 1..5 with {@code k = 10 * id}, index {@code IX_K} on
 * {@code k}; index keys print as {@code (k, id)}. Node 0 is ahead, node 1 behind.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NegativeControlTest {
  private static final int A = 0;
  private static final int B = 1;
  private static final String STALE = "nodes=2;delay=5;unsafe=stale-cache";
  private static final String SAFE = "nodes=2;delay=5";

  // --- (a) stale-cache, one version behind: F1's guarantee -----------------------------

  /** The F1 states keep a node that is exactly one version behind from corrupting (no anomaly). */
  @RepeatedTest(2)
  void staleNodeOneVersionBehindLeavesNoAnomaly() throws Exception {
    IndexStateMachineTest.createIndexWithAStaleNodeOneVersionBehindAgain();
    IndexStateMachineTest.dropIndexWithAStaleNodeOneVersionBehindAgain();
  }

  // --- (b) stale-cache, two or more versions behind ------------------------------------

  /**
   * Node 1 still in ABSENT while the index is WRITE_ONLY, then PUBLIC: F1 section 5's
   * reversed orderings. Node 0 inserts row 100 (with its index entry), node 1 deletes it
   * without knowing the index: ORPHAN. Node 0 inserts 101, node 1 changes its k: the old
   * entry points at a row with another k (WRONG) and the new key is MISSING. Node 1 inserts
   * 102 while the index is PUBLIC: MISSING.
   */
  @RepeatedTest(3)
  void staleNodeTwoVersionsBehindDuringCreateIndexCorruptsIt() throws Exception {
    try (OnlineDb db = table(STALE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      db.pause(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("WRITE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("PUBLIC"); // WRITE_ONLY is active and the backfill is done
      db.awaitCaughtUp(A);
      assertEquals(2, db.versionsBehind(B), "node 1 is still in ABSENT: two versions behind");
      update(a, "INSERT INTO t (id, k, v) VALUES (100, 1000, 'x')");
      update(b, "DELETE FROM t WHERE id = 100");
      update(a, "INSERT INTO t (id, k, v) VALUES (101, 1010, 'x')");
      update(b, "UPDATE t SET k = 1013 WHERE id = 101");
      db.gate.release();
      assertNull(get(job));
      assertEquals(3, db.versionsBehind(B));
      update(b, "INSERT INTO t (id, k, v) VALUES (102, 1020, 'x')");
      db.resume(B);
      assertEquals(Set.of("IX_K ORPHAN (1000, 100)", "IX_K WRONG (1010, 101)", "IX_K MISSING (1013, 101)",
          "IX_K MISSING (1020, 102)"), new TreeSet<>(db.checkTable("T")));
    }
  }

  /**
   * Node 1 still sees the index PUBLIC after it was dropped and purged: its insert writes an
   * entry into the purged keyspace (ORPHAN), and its reads through the index miss a row
   * inserted by node 0 meanwhile.
   */
  @RepeatedTest(3)
  void staleNodeStillSeeingADroppedIndexWritesIntoItsPurgedKeyspace() throws Exception {
    try (OnlineDb db = table(STALE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      exec(a, "CREATE INDEX ix_k ON t (k)");
      db.awaitAllCaughtUp();
      db.pause(B);
      exec(a, "DROP INDEX ix_k");
      db.awaitPurges();
      assertEquals(3, db.versionsBehind(B), "node 1 still has the index PUBLIC");
      update(b, "INSERT INTO t (id, k, v) VALUES (200, 2000, 'x')");
      update(a, "INSERT INTO t (id, k, v) VALUES (201, 2010, 'x')");
      assertTrue(explain(b, "SELECT id FROM t WHERE k = ?", 2010).contains("IX_K"), "node 1 reads through IX_K");
      assertEquals(List.of(), ids(b, "SELECT id FROM t WHERE k = ?", 2010), "node 1 misses row 201");
      assertEquals(List.of(201L), ids(a, "SELECT id FROM t WHERE k = ?", 2010));
      db.resume(B);
      List<String> problems = db.checkTable("T");
      assertEquals(1, problems.size(), () -> "CHECK TABLE: " + problems);
      assertTrue(problems.get(0).matches("\\(purged keyspace \\d+\\) ORPHAN \\(2000, 200\\)"),
          () -> "CHECK TABLE: " + problems);
    }
  }

  // --- (c) skip-states: the naive build ------------------------------------------------

  /**
   * unsafe=skip-states takes the backfill snapshot when the job starts and goes straight to
   * PUBLIC. Held before PUBLIC, an insert and an update of the indexed column commit after
   * the snapshot: both rows are MISSING from the index.
   */
  @RepeatedTest(3)
  void skipStatesMissesWritesBetweenItsSnapshotAndPublic() throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5;unsafe=skip-states")) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("PUBLIC"); // the naive build's only step: its snapshot is already taken
      update(a, "INSERT INTO t (id, k, v) VALUES (100, 1000, 'x')");
      update(b, "UPDATE t SET k = 13 WHERE id = 1");
      db.gate.release();
      assertNull(get(job));
      assertEquals(List.of("PUBLIC"), db.gate.seen(), "no intermediate states");
      assertEquals(Set.of("IX_K MISSING (1000, 100)", "IX_K MISSING (13, 1)"), new TreeSet<>(db.checkTable("T")));
    }
  }

  // --- (d) the same schedules with the safety on -----------------------------------------

  /** As {@link #staleNodeTwoVersionsBehindDuringCreateIndexCorruptsIt}: node 1 waits instead. */
  @Test
  void safeNodeBehindDuringCreateIndexWaitsAndCorruptsNothing() throws Exception {
    try (OnlineDb db = table(SAFE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      db.pause(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("WRITE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("PUBLIC");
      assertEquals(2, db.versionsBehind(B));
      update(a, "INSERT INTO t (id, k, v) VALUES (100, 1000, 'x')");
      Future<SQLException> delete = db.asyncStatement(b, "DELETE FROM t WHERE id = 100");
      assertBlocked(delete, 200, "node 1's delete while it is two versions behind");
      db.resume(B);
      assertNull(get(delete));
      update(a, "INSERT INTO t (id, k, v) VALUES (101, 1010, 'x')");
      update(b, "UPDATE t SET k = 1013 WHERE id = 101");
      db.awaitCaughtUp(B);
      db.pause(B);
      db.gate.release();
      assertNull(get(job));
      Future<SQLException> insert = db.asyncStatement(b, "INSERT INTO t (id, k, v) VALUES (102, 1020, 'x')");
      assertBlocked(insert, 200, "node 1's insert while it is behind");
      db.resume(B);
      assertNull(get(insert));
      db.assertCheckTableClean("T");
      assertEquals(List.of(101L), ids(a, "SELECT id FROM t WHERE k = ?", 1013));
      assertEquals(List.of(102L), ids(b, "SELECT id FROM t WHERE k = ?", 1020));
    }
  }

  /** As {@link #staleNodeStillSeeingADroppedIndexWritesIntoItsPurgedKeyspace}, safely. */
  @Test
  void safeNodeBehindADroppedIndexWaitsAndCorruptsNothing() throws Exception {
    try (OnlineDb db = table(SAFE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      exec(a, "CREATE INDEX ix_k ON t (k)");
      db.awaitAllCaughtUp();
      db.pause(B);
      exec(a, "DROP INDEX ix_k");
      db.awaitPurges();
      Future<SQLException> insert = db.asyncStatement(b, "INSERT INTO t (id, k, v) VALUES (200, 2000, 'x')");
      assertBlocked(insert, 200, "node 1's insert while it still has the index");
      update(a, "INSERT INTO t (id, k, v) VALUES (201, 2010, 'x')");
      db.resume(B);
      assertNull(get(insert));
      assertEquals(List.of(201L), ids(b, "SELECT id FROM t WHERE k = ?", 2010));
      db.assertCheckTableClean("T");
    }
  }

  /** As {@link #skipStatesMissesWritesBetweenItsSnapshotAndPublic}, with the F1 states. */
  @Test
  void safeBuildKeepsWritesCommittedWhileItsFirstStepIsHeld() throws Exception {
    try (OnlineDb db = table(SAFE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      update(a, "INSERT INTO t (id, k, v) VALUES (100, 1000, 'x')");
      update(b, "UPDATE t SET k = 13 WHERE id = 1");
      db.gate.open();
      assertNull(get(job));
      db.assertCheckTableClean("T");
      assertEquals(List.of(1L), ids(a, "SELECT id FROM t WHERE k = ?", 13));
    }
  }

  // --- outside F1's guarantee even one version behind -------------------------------------

  /**
   * F1 starts the reorg only once every server is in WRITE_ONLY. A stale node still in
   * DELETE_ONLY after the backfill read its snapshot is one version behind, yet what it
   * inserts (row 102) or updates (row 101, last written by node 0) gets no entry: MISSING.
   * The safe engine never lets it act there (next test).
   */
  @RepeatedTest(3)
  void staleNodeInDeleteOnlyAfterTheBackfillLosesEntries() throws Exception {
    try (OnlineDb db = table(STALE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("WRITE_ONLY");
      db.awaitAllCaughtUp();
      db.pause(B);
      db.gate.release();
      db.gate.awaitHeld("PUBLIC"); // WRITE_ONLY active, backfill done; node 1 still DELETE_ONLY
      db.awaitCaughtUp(A);
      assertEquals(1, db.versionsBehind(B));
      update(a, "INSERT INTO t (id, k, v) VALUES (101, 1010, 'x')");
      update(b, "UPDATE t SET k = 1013 WHERE id = 101");
      update(b, "INSERT INTO t (id, k, v) VALUES (102, 1020, 'x')");
      update(b, "INSERT INTO t (id, k, v) VALUES (103, 1030, 'x')");
      update(a, "UPDATE t SET k = 1032 WHERE id = 103"); // node 0 rewrites it: its entry is right
      db.resume(B);
      db.awaitCaughtUp(B);
      db.gate.release();
      assertNull(get(job));
      assertEquals(Set.of("IX_K MISSING (1013, 101)", "IX_K MISSING (1020, 102)"),
          new TreeSet<>(db.checkTable("T")));
    }
  }

  @Test
  void safeNodeBehindAfterTheBackfillWaitsAndLosesNothing() throws Exception {
    try (OnlineDb db = table(SAFE)) {
      Connection a = db.connect(A);
      Connection b = db.connect(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("WRITE_ONLY");
      db.awaitAllCaughtUp();
      db.pause(B);
      db.gate.release();
      db.gate.awaitHeld("PUBLIC");
      update(a, "INSERT INTO t (id, k, v) VALUES (101, 1010, 'x')");
      Future<SQLException> upd = db.asyncStatement(b, "UPDATE t SET k = 1013 WHERE id = 101");
      assertBlocked(upd, 200, "node 1's update while it is behind");
      db.resume(B);
      assertNull(get(upd));
      update(b, "INSERT INTO t (id, k, v) VALUES (102, 1020, 'x')");
      db.gate.release();
      assertNull(get(job));
      db.assertCheckTableClean("T");
    }
  }

  /**
   * The same for a constraint: a stale node that missed ENFORCED inserts a NULL after the
   * validation read its snapshot, and the constraint becomes VALID with a violating row
   * (CHECK TABLE: CONSTRAINT). Safely, the insert waits and is then refused with 23502.
   */
  @RepeatedTest(2)
  void staleNodeMissingEnforcedBreaksAValidNotNull() throws Exception {
    try (OnlineDb db = table(STALE)) {
      Connection b = db.connect(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "ALTER TABLE t ALTER COLUMN v SET NOT NULL");
      db.gate.awaitHeld("ENFORCED");
      db.awaitAllCaughtUp();
      db.pause(B);
      db.gate.release();
      db.gate.awaitHeld("VALID"); // ENFORCED active, rows validated; node 1 never saw ENFORCED
      update(b, "INSERT INTO t (id, k, v) VALUES (300, 3000, NULL)");
      db.resume(B);
      db.awaitCaughtUp(B);
      db.gate.release();
      assertNull(get(job));
      assertEquals(List.of("NOT NULL V CONSTRAINT (300)"), db.checkTable("T"));
    }
  }

  @Test
  void safeNodeMissingEnforcedWaitsAndIsRefused() throws Exception {
    try (OnlineDb db = table(SAFE)) {
      Connection b = db.connect(B);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), "ALTER TABLE t ALTER COLUMN v SET NOT NULL");
      db.gate.awaitHeld("ENFORCED");
      db.awaitAllCaughtUp();
      db.pause(B);
      db.gate.release();
      db.gate.awaitHeld("VALID");
      Future<SQLException> insert = db.asyncStatement(b, "INSERT INTO t (id, k, v) VALUES (300, 3000, NULL)");
      assertBlocked(insert, 200, "node 1's insert while it is behind");
      db.resume(B);
      SQLException refused = get(insert);
      assertTrue(refused != null, "the NULL is refused");
      assertState("23502", refused);
      db.gate.release();
      assertNull(get(job));
      db.assertCheckTableClean("T");
    }
  }

  /** A fresh database with table t, rows 1..5 (k = 10 * id), every node caught up. */
  private static OnlineDb table(String options) throws SQLException {
    OnlineDb db = OnlineDb.open("negative", options);
    db.createTable(db.keeper(), Orderings.TABLE_DDL);
    exec(db.keeper(), "INSERT INTO t (id, k, v) VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c'), (4, 40, 'd'),"
        + " (5, 50, 'e')");
    db.awaitAllCaughtUp();
    return db;
  }
}
