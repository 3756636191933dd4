package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.OnlineDb.assertState;
import static org.morphdb.online.OnlineDb.exec;
import static org.morphdb.online.OnlineDb.explain;
import static org.morphdb.online.OnlineDb.fails;
import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.OnlineDb.ids;
import static org.morphdb.online.OnlineDb.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A transaction that stays open, with uncommitted writes, across a whole CREATE INDEX: the
 * job neither waits for it nor aborts it (DESIGN.md "Backfill": commits after S maintain the
 * index themselves); the transaction then commits, and its rows are in the index.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class OpenTransactionTest {

  @Test
  void aTransactionOpenAcrossCreateIndexDoesNotHoldItUpAndCommitsIntoTheIndex() throws Exception {
    try (OnlineDb db = table()) {
      Connection a = db.connect(0);
      Connection tx = db.connect(1);
      tx.setAutoCommit(false);
      for (int id = 100; id < 105; id++) {
        update(tx, "INSERT INTO t (id, k, v) VALUES (?, ?, 'tx')", id, id * 10);
      }
      update(tx, "UPDATE t SET k = 777 WHERE id = 1");
      update(tx, "DELETE FROM t WHERE id = 2");

      long start = System.nanoTime();
      Future<SQLException> job = db.asyncStatement(a, "CREATE INDEX ix_k ON t (k)");
      assertNull(get(job), "CREATE INDEX completes while the transaction is open");
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals("DONE", db.job("CREATE INDEX ix_k").get(1));
      assertEquals("PUBLIC", db.indexState("IX_K"));
      assertTrue(millis < OnlineDb.WAIT_MILLIS, "the job took " + millis + " ms");

      assertEquals(List.of(1L), ids(tx, "SELECT id FROM t WHERE k = ?", 777), "the transaction reads its own write");
      tx.commit();
      tx.setAutoCommit(true);

      assertTrue(explain(a, "SELECT id FROM t WHERE k = ?", 1000).contains("IX_K"), "lookups go through IX_K");
      for (int id = 100; id < 105; id++) {
        assertEquals(List.of((long) id), ids(a, "SELECT id FROM t WHERE k = ?", id * 10), "row " + id);
      }
      assertEquals(List.of(1L), ids(a, "SELECT id FROM t WHERE k = ?", 777));
      assertEquals(List.of(), ids(a, "SELECT id FROM t WHERE k = ?", 10), "row 1's old key");
      assertEquals(List.of(), ids(a, "SELECT id FROM t WHERE k = ?", 20), "deleted row 2");
      db.assertCheckTableClean("T");
    }
  }

  /**
   * The same with a UNIQUE index: the open transaction's duplicate is not at the build's
   * snapshot, so the build succeeds; the duplicate then fails the transaction's commit.
   */
  @Test
  void aDuplicateInAnOpenTransactionFailsItsCommitNotTheBuild() throws Exception {
    try (OnlineDb db = table()) {
      Connection a = db.connect(0);
      Connection tx = db.connect(1);
      tx.setAutoCommit(false);
      update(tx, "INSERT INTO t (id, k, v) VALUES (200, 30, 'dup of row 3')");
      assertNull(get(db.asyncStatement(a, "CREATE UNIQUE INDEX ux_k ON t (k)")), "the build succeeds");
      assertState("23505", fails(tx::commit));
      tx.setAutoCommit(true);
      assertEquals(List.of(3L), ids(a, "SELECT id FROM t WHERE k = ?", 30));
      db.assertCheckTableClean("T");
    }
  }

  private static OnlineDb table() throws SQLException {
    OnlineDb db = OnlineDb.open("open_tx", "nodes=2;delay=5");
    db.createTable(db.keeper(), Orderings.TABLE_DDL);
    exec(db.keeper(), "INSERT INTO t (id, k, v) VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c'), (4, 40, 'd')");
    db.awaitAllCaughtUp();
    return db;
  }
}
