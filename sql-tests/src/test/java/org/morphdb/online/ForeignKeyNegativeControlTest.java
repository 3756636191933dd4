package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.ForeignKeyRaceTest.ADD_FK;
import static org.morphdb.online.ForeignKeyRaceTest.ORPHANS;
import static org.morphdb.online.ForeignKeyRaceTest.assertChecksClean;
import static org.morphdb.online.ForeignKeyRaceTest.tables;
import static org.morphdb.online.OnlineDb.assertBlocked;
import static org.morphdb.online.OnlineDb.assertState;
import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.OnlineDb.ids;
import static org.morphdb.online.OnlineDb.rows;
import static org.morphdb.online.OnlineDb.update;

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
 * Negative controls for ADD FOREIGN KEY (as {@link NegativeControlTest} for indexes): scripted
 * schedules that leave an orphan under a VALID key every time with a safeguard off — the
 * naive add of {@code unsafe=skip-states}, a node acting without the ENFORCED version under
 * {@code unsafe=stale-cache} — found by CHECK TABLE (PROBLEM = CONSTRAINT) and by a join; the
 * same schedules with the safety on leave none.
 *
 * <p>Tables of {@link ForeignKeyRaceTest#tables}: parents 1..5, child i refers to parent i
 * (1..4). The orphaning writes: child 99 refers to the missing parent 77; parent 2, referred
 * to by child 2, is deleted.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ForeignKeyNegativeControlTest {
  private static final int A = 0;
  private static final int B = 1;
  private static final String ORPHAN_CHILD = "INSERT INTO c (id, pid) VALUES (99, 77)";
  private static final String REFERENCED_PARENT = "DELETE FROM p WHERE id = 2";
  private static final Set<String> BOTH_ORPHANS = Set.of("FK_C CONSTRAINT (2)", "FK_C CONSTRAINT (99)");

  /**
   * unsafe=skip-states validates at a snapshot taken when the job starts and goes straight to
   * VALID. Held before VALID, the orphaning writes commit after that snapshot and before any
   * check applies: the key is VALID with two orphans.
   */
  @RepeatedTest(3)
  void skipStatesLeavesOrphansWrittenBetweenItsSnapshotAndValid() throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5;unsafe=skip-states")) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), ADD_FK);
      db.gate.awaitHeld("VALID"); // the naive add's only step: its snapshot is already taken
      assertEquals(1, update(db.connect(B), ORPHAN_CHILD));
      assertEquals(1, update(db.connect(A), REFERENCED_PARENT));
      db.gate.release();
      assertNull(get(job), "the naive add succeeds");
      assertEquals(List.of("VALID"), db.gate.seen(), "no ENFORCED step");
      assertOrphansUnderAValidKey(db);
    }
  }

  /** The same schedule safely: held before ENFORCED, the orphans are found and the job walks back. */
  @Test
  void safeAddFindsOrphansWrittenWhileItsFirstStepIsHeld() throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5")) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(A), ADD_FK);
      db.gate.awaitHeld("ENFORCED");
      assertEquals(1, update(db.connect(B), ORPHAN_CHILD));
      assertEquals(1, update(db.connect(A), REFERENCED_PARENT));
      db.gate.open();
      SQLException failure = get(job);
      assertTrue(failure != null, "the job fails");
      assertState("23503", failure);
      assertEquals(List.of("ENFORCED", "WALK_BACK"), db.gate.seen());
      assertEquals(List.of(), rows(db.keeper(), "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
      assertChecksClean(db);
    }
  }

  /**
   * unsafe=stale-cache: node 1 never saw ENFORCED. Once the validation has read its snapshot,
   * it inserts a child of a missing parent and deletes a referenced parent, checking neither;
   * the key becomes VALID with two orphans.
   */
  @RepeatedTest(3)
  void staleNodeMissingEnforcedLeavesOrphansUnderAValidKey() throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5;unsafe=stale-cache")) {
      Future<SQLException> job = holdValidatedWithBPaused(db);
      assertEquals(1, update(db.connect(B), ORPHAN_CHILD));
      assertEquals(1, update(db.connect(B), REFERENCED_PARENT));
      db.resume(B);
      db.awaitCaughtUp(B);
      db.gate.release();
      assertNull(get(job), "the job succeeds");
      assertOrphansUnderAValidKey(db);
    }
  }

  /** The same schedule safely: node 1's writes wait until it has caught up, then are refused. */
  @Test
  void safeNodeMissingEnforcedWaitsAndIsRefused() throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5")) {
      Future<SQLException> job = holdValidatedWithBPaused(db);
      Future<SQLException> insert = db.asyncStatement(db.connect(B), ORPHAN_CHILD);
      assertBlocked(insert, 200, "node 1's insert while it is behind");
      db.resume(B);
      SQLException refused = get(insert);
      assertTrue(refused != null, "the orphan child is refused");
      assertState("23503", refused);
      SQLException delete = get(db.asyncStatement(db.connect(B), REFERENCED_PARENT));
      assertTrue(delete != null, "the delete of a referenced parent is refused");
      assertState("23503", delete);
      db.gate.release();
      assertNull(get(job), "the job succeeds");
      assertChecksClean(db);
      assertEquals(List.of(2L), ids(db.keeper(), "SELECT id FROM p WHERE id = 2"));
    }
  }

  /** Starts the add, lets ENFORCED reach every node, pauses node 1, holds the job validated before VALID. */
  private static Future<SQLException> holdValidatedWithBPaused(OnlineDb db) throws SQLException {
    db.gate.close();
    Future<SQLException> job = db.asyncStatement(db.connect(A), ADD_FK);
    db.gate.awaitHeld("ENFORCED");
    db.awaitAllCaughtUp();
    db.pause(B);
    db.gate.release();
    db.gate.awaitHeld("VALID"); // ENFORCED active, rows validated; node 1 never saw ENFORCED
    assertEquals(1, db.versionsBehind(B), "node 1 is one version behind");
    return job;
  }

  private static void assertOrphansUnderAValidKey(OnlineDb db) throws SQLException {
    assertEquals(List.of(List.of("VALID")),
        rows(db.keeper(), "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    assertEquals(BOTH_ORPHANS, new TreeSet<>(db.checkTable("C")));
    assertEquals(List.of(2L, 99L), ids(db.keeper(), ORPHANS));
  }
}
