package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.OnlineDb.exec;
import static org.morphdb.online.OnlineDb.explain;
import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.Orderings.Behind.CURRENT;
import static org.morphdb.online.Orderings.Behind.STALE;
import static org.morphdb.online.Orderings.Behind.WAITS;

import java.sql.Connection;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.online.Orderings.Behind;

/**
 * The F1 state machines of CREATE INDEX and DROP INDEX, one adjacent pair of states at a
 * time: the job is held right after it committed a state, node 1 is kept exactly one
 * version behind node 0 (its channel paused before the step), and the orderings of
 * {@link Orderings} run between the two nodes. Then the job is released, and in the end
 * CHECK TABLE is clean and the table and its lookups match the model of the writes.
 *
 * <p>Safe mode: the node behind must not act on its stale version; its first write waits
 * for metadata completeness and runs once its channel is resumed. unsafe=stale-cache: the
 * node behind really acts one version behind, and F1's states keep the index right.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class IndexStateMachineTest {
  static final int AHEAD = 0;
  static final int BEHIND = 1;
  static final String CREATE = "CREATE INDEX ix_k ON t (k)";
  static final String CREATE_UNIQUE = "CREATE UNIQUE INDEX ix_k ON t (k)";
  static final String DROP = "DROP INDEX ix_k";
  static final List<String> CREATE_STEPS = List.of("DELETE_ONLY", "WRITE_ONLY", "PUBLIC");
  static final List<String> DROP_STEPS = List.of("WRITE_ONLY", "DELETE_ONLY", "ABSENT");

  @Test
  void createIndexWithTheNodeBehindWaitingAtEveryStep() throws Exception {
    walk("nodes=2;delay=5", CREATE, CREATE_STEPS, WAITS, WAITS, WAITS);
  }

  /**
   * Node 1 acts one version behind in ABSENT | DELETE_ONLY and WRITE_ONLY | PUBLIC. Between
   * DELETE_ONLY and WRITE_ONLY both nodes write in WRITE_ONLY: by the time the job can be
   * held there, the backfill has already read its snapshot, and a node still in
   * DELETE_ONLY after the backfill is outside F1's guarantee (the reorg needs every
   * server in WRITE_ONLY) — {@link NegativeControlTest} shows what it does.
   */
  @Test
  void createIndexWithAStaleNodeOneVersionBehind() throws Exception {
    createIndexWithAStaleNodeOneVersionBehindAgain();
  }

  static void createIndexWithAStaleNodeOneVersionBehindAgain() throws Exception {
    walk("nodes=2;delay=5;unsafe=stale-cache", CREATE, CREATE_STEPS, STALE, CURRENT, STALE);
  }

  /** The same orderings keep k unique, so they run against a UNIQUE index as well. */
  @Test
  void createUniqueIndexWithTheNodeBehindWaitingAtEveryStep() throws Exception {
    walk("nodes=2;delay=5", CREATE_UNIQUE, CREATE_STEPS, WAITS, WAITS, WAITS);
  }

  @Test
  void createUniqueIndexWithAStaleNodeOneVersionBehind() throws Exception {
    walk("nodes=2;delay=5;unsafe=stale-cache", CREATE_UNIQUE, CREATE_STEPS, STALE, CURRENT, STALE);
  }

  @Test
  void dropIndexWithTheNodeBehindWaitingAtEveryStep() throws Exception {
    walk("nodes=2;delay=5", DROP, DROP_STEPS, WAITS, WAITS, WAITS);
  }

  @Test
  void dropIndexWithAStaleNodeOneVersionBehind() throws Exception {
    dropIndexWithAStaleNodeOneVersionBehindAgain();
  }

  static void dropIndexWithAStaleNodeOneVersionBehindAgain() throws Exception {
    walk("nodes=2;delay=5;unsafe=stale-cache", DROP, DROP_STEPS, STALE, STALE, STALE);
  }

  /**
   * Holds the job before each of {@code steps}; {@code how[i]} says how node 1 acts while
   * node 0 is in {@code steps[i]} and node 1 in the state before.
   */
  private static void walk(String options, String ddl, List<String> steps, Behind... how) throws Exception {
    try (OnlineDb db = OnlineDb.open("states", options)) {
      Connection ahead = db.connect(AHEAD);
      Connection behind = db.connect(BEHIND);
      Connection ddlConnection = db.connect(AHEAD);
      db.createTable(ahead, Orderings.TABLE_DDL);
      Orderings o = new Orderings(db, ahead, behind, BEHIND);
      for (int slot = 0; slot < steps.size(); slot++) {
        o.preload(slot);
      }
      boolean dropping = ddl.startsWith("DROP");
      if (dropping) {
        exec(ahead, CREATE);
      }
      db.awaitAllCaughtUp();

      db.gate.close();
      Future<java.sql.SQLException> job = db.asyncStatement(ddlConnection, ddl);
      db.gate.awaitHeld(steps.get(0));
      for (int i = 0; i < steps.size(); i++) {
        db.awaitAllCaughtUp();
        if (how[i] != CURRENT) {
          db.pause(BEHIND);
        }
        db.gate.release(); // commits steps[i]
        if (i + 1 < steps.size()) {
          db.gate.awaitHeld(steps.get(i + 1)); // steps[i] is active everywhere, its operation done
        } else {
          assertNull(get(job), "the DDL statement succeeds");
        }
        db.awaitCaughtUp(AHEAD);
        assertEquals(how[i] == CURRENT ? 0 : 1, db.versionsBehind(BEHIND), "versions node 1 is behind");
        assertEquals(steps.get(i).equals("ABSENT") ? null : steps.get(i), db.indexState("IX_K"), "index state");
        if (how[i] == STALE && dropping && i == 0) {
          // node 1 still sees the index PUBLIC and reads through it while node 0 is WRITE_ONLY
          assertTrue(explain(behind, "SELECT id FROM t WHERE k = ?", 50).contains("IX_K"),
              "the stale node plans with the index it still thinks PUBLIC");
        }
        if (how[i] == STALE && !dropping && steps.get(i).equals("PUBLIC")) {
          // node 1 still has the index WRITE_ONLY: it maintains it but never reads it
          assertFalse(explain(behind, "SELECT id FROM t WHERE k = ?", 50).contains("IX_K"),
              "the stale node does not plan with an index it thinks WRITE_ONLY");
          assertTrue(explain(ahead, "SELECT id FROM t WHERE k = ?", 50).contains("IX_K"));
        }
        o.run(i, how[i]);
        if (how[i] == STALE) {
          assertEquals(1, db.versionsBehind(BEHIND), "node 1 stayed exactly one version behind");
          o.assertLookupsMatchModel(behind, "node 1, one version behind");
        }
        o.assertLookupsMatchModel(ahead, "node 0");
        db.resume(BEHIND);
        db.awaitCaughtUp(BEHIND);
      }

      assertEquals(steps, db.gate.seen(), "the job's steps");
      assertEquals("DONE", db.job(ddl).get(1), "SYS.DDL_JOBS state");
      if (dropping) {
        db.awaitPurges();
        assertNull(db.indexState("IX_K"), "the index is gone");
      } else {
        assertEquals("PUBLIC", db.indexState("IX_K"));
        assertTrue(explain(ahead, "SELECT id FROM t WHERE k = ?", 50).contains("IX_K"),
            "lookups by k go through the new index");
      }
      o.assertTableMatchesModel(ahead);
      db.assertCheckTableClean("T");
      o.assertLookupsMatchModel(ahead, "node 0");
      o.assertLookupsMatchModel(behind, "node 1");
    }
  }
}
