package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.OnlineDb.assertBlocked;
import static org.morphdb.online.OnlineDb.assertState;
import static org.morphdb.online.OnlineDb.exec;
import static org.morphdb.online.OnlineDb.explain;
import static org.morphdb.online.OnlineDb.fails;
import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.OnlineDb.ids;
import static org.morphdb.online.OnlineDb.rows;
import static org.morphdb.online.OnlineDb.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A node whose catalog channel is paused across DDL steps never serves an operation on a
 * stale schema — it waits, or fails with 40001/1004 after completenessTimeout — and the
 * DDL completes anyway, since it never waits for acknowledgements (DESIGN.md "Nodes,
 * propagation and metadata completeness").
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PausedNodeTest {

  @Test
  void aNodePausedAcrossTwoStepsWaitsAndTheDdlCompletesWithoutIt() throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5")) {
      Connection a = db.connect(0);
      Connection b = db.connect(1);
      db.pause(1);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("WRITE_ONLY");
      db.gate.release();
      db.gate.awaitHeld("PUBLIC"); // two steps committed and active while node 1 is paused
      assertEquals(2, db.versionsBehind(1));

      Future<SQLException> insert = db.asyncStatement(b, "INSERT INTO t (id, k, v) VALUES (100, 1000, 'x')");
      Future<List<List<Object>>> read = db.async(() -> rows(b, "SELECT id FROM t WHERE k = 1000"));
      assertBlocked(insert, 300, "an insert on the paused node");
      assertBlocked(read, 1, "a query on the paused node");
      List<List<Object>> nodes = rows(a, "SELECT NODE_ID, CATALOG_VERSION FROM SYS.NODES ORDER BY NODE_ID");
      assertTrue((Long) nodes.get(1).get(1) < (Long) nodes.get(0).get(1),
          () -> "SYS.NODES shows node 1 behind: " + nodes);

      db.gate.release();
      assertNull(get(job), "the DDL completes while node 1 is still paused");
      assertEquals(3, db.versionsBehind(1));
      assertBlocked(insert, 100, "the insert on the paused node");

      db.resume(1);
      assertNull(get(insert), "the insert runs once node 1 knows the catalog");
      get(read);
      assertEquals(0, db.versionsBehind(1));
      assertTrue(explain(a, "SELECT id FROM t WHERE k = ?", 1000).contains("IX_K"));
      assertEquals(List.of(100L), ids(a, "SELECT id FROM t WHERE k = ?", 1000), "its index entry is there");
      db.assertCheckTableClean("T");
    }
  }

  /**
   * With a short completenessTimeout and autoRetry off, every statement of the paused node
   * fails with 40001/1004 — including the commit of a transaction it began before the
   * pause, which never takes a commit timestamp — while the DDL completes; resumed, the node
   * works again.
   */
  @Test
  void aPausedNodeFailsWithNodeBehindAfterTheTimeout() throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5;completenessTimeout=300")) {
      Connection a = db.connect(0);
      Connection b = db.connect(1, "autoRetry=false");
      Connection tx = db.connect(1, "autoRetry=false");
      tx.setAutoCommit(false);
      update(tx, "INSERT INTO t (id, k, v) VALUES (50, 500, 'tx')");
      db.pause(1);
      exec(a, "CREATE INDEX ix_k ON t (k)");
      exec(a, "DROP INDEX ix_k");
      assertEquals(6, db.versionsBehind(1));

      assertState("40001", 1004, fails(tx::commit));
      assertState("40001", 1004, fails(() -> update(b, "INSERT INTO t (id, k, v) VALUES (51, 510, 'x')")));
      assertState("40001", 1004, fails(() -> rows(b, "SELECT id FROM t WHERE k = 10")));

      db.resume(1);
      update(b, "INSERT INTO t (id, k, v) VALUES (52, 520, 'x')");
      assertEquals(List.of(52L), ids(b, "SELECT id FROM t WHERE k = ?", 520));
      assertEquals(List.of(), ids(a, "SELECT id FROM t WHERE id IN (50, 51)"), "nothing of the failed writes");
      db.awaitPurges();
      db.assertCheckTableClean("T");
    }
  }

  /** With autoRetry on, the driver retries the 1004s; the statement succeeds once the node is resumed. */
  @Test
  void theDriverRetriesNodeBehindUntilTheNodeIsResumed() throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5;completenessTimeout=200")) {
      Connection b = db.connect(1, "autoRetry=true;maxRetries=50");
      db.pause(1);
      exec(db.connect(0), "CREATE INDEX ix_k ON t (k)");
      Future<SQLException> insert = db.asyncStatement(b, "INSERT INTO t (id, k, v) VALUES (60, 600, 'x')");
      assertBlocked(insert, 700, "the insert retried by the driver");
      db.resume(1);
      assertNull(get(insert));
      assertEquals(List.of(60L), ids(db.connect(0), "SELECT id FROM t WHERE k = ?", 600));
      db.assertCheckTableClean("T");
    }
  }

  static OnlineDb table(String options) throws SQLException {
    OnlineDb db = OnlineDb.open("paused", options);
    db.createTable(db.keeper(), Orderings.TABLE_DDL);
    exec(db.keeper(), "INSERT INTO t (id, k, v) VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c')");
    db.awaitAllCaughtUp();
    return db;
  }
}
