package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.OnlineDb.assertBlocked;
import static org.morphdb.online.OnlineDb.assertState;
import static org.morphdb.online.OnlineDb.exec;
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
 * Jobs as users see them: a UNIQUE build that meets a duplicate fails with 23505 naming the
 * key and walks back; CANCEL DDL JOB walks a running job back (57014); SYS.DDL_JOBS shows
 * each; jobs on one table run one at a time.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DdlJobsTest {
  private static final String BUILD = "CREATE UNIQUE INDEX ux_u ON t (u)";

  @Test
  void aUniqueBuildMeetingADuplicateFailsNamingTheKeyAndWalksBack() throws Exception {
    try (OnlineDb db = table()) {
      Connection a = db.connect(0);
      update(a, "UPDATE t SET u = 4242 WHERE id IN (3, 7)");
      db.gate.close();
      db.gate.open(); // records the steps, holds nothing
      SQLException e = fails(() -> exec(a, BUILD));
      assertState("23505", e);
      assertTrue(e.getMessage().contains("4242"), () -> "the message names the key: " + e.getMessage());
      assertEquals(List.of("DELETE_ONLY", "WRITE_ONLY", "DELETE_ONLY", "ABSENT"), db.gate.seen(), "walked back");
      assertGone(db, "UX_U");
      List<Object> job = db.job(BUILD);
      assertEquals("FAILED", job.get(1));
      assertTrue(String.valueOf(job.get(3)).contains("4242"), () -> "SYS.DDL_JOBS.ERROR names the key: " + job);
      db.awaitPurges();
      db.assertCheckTableClean("T");

      update(a, "UPDATE t SET u = 7 WHERE id = 7");
      exec(a, BUILD); // the name is free again, the build succeeds
      assertEquals("PUBLIC", db.indexState("UX_U"));
      db.assertCheckTableClean("T");
    }
  }

  /** A duplicate committed while the index is DELETE_ONLY is among the rows at S: the build fails. */
  @Test
  void aDuplicateCommittedBeforeTheBackfillFailsTheBuild() throws Exception {
    try (OnlineDb db = table()) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), BUILD);
      db.gate.advanceTo("WRITE_ONLY"); // the index is DELETE_ONLY
      update(db.connect(1), "INSERT INTO t (id, u) VALUES (100, 5)");
      db.gate.open();
      SQLException e = get(job);
      assertTrue(e != null, "the build fails");
      assertState("23505", e);
      assertTrue(e.getMessage().contains("(5)"), () -> "names the key: " + e.getMessage());
      assertGone(db, "UX_U");
      db.awaitPurges();
      db.assertCheckTableClean("T");
    }
  }

  /** Once WRITE_ONLY is active the index enforces uniqueness: a duplicate write is refused, the build succeeds. */
  @Test
  void aDuplicateWrittenAfterTheBackfillIsRefused() throws Exception {
    try (OnlineDb db = table()) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), BUILD);
      db.gate.advanceTo("PUBLIC");
      assertState("23505", fails(() -> update(db.connect(1), "INSERT INTO t (id, u) VALUES (100, 5)")));
      assertState("23505", fails(() -> update(db.connect(1), "UPDATE t SET u = 6 WHERE id = 1")));
      update(db.connect(1), "INSERT INTO t (id, u) VALUES (101, 101)");
      db.gate.release();
      assertNull(get(job));
      assertEquals(List.of(101L), ids(db.connect(0), "SELECT id FROM t WHERE u = ?", 101));
      db.assertCheckTableClean("T");
    }
  }

  @Test
  void cancelDdlJobWalksBackABuildHeldBetweenSteps() throws Exception {
    try (OnlineDb db = table()) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), "CREATE INDEX ix_k ON t (k)");
      db.gate.advanceTo("WRITE_ONLY");
      Connection other = db.connect(1);
      List<List<Object>> running = rows(other,
          "SELECT JOB_ID, STEP, TABLE_NAME FROM SYS.DDL_JOBS WHERE STATE = 'RUNNING'");
      assertEquals(1, running.size(), () -> "one running job: " + running);
      assertEquals("T", running.get(0).get(2));
      long id = (Long) running.get(0).get(0);
      exec(other, "CANCEL DDL JOB " + id);
      db.gate.open();
      SQLException e = get(job);
      assertTrue(e != null, "the statement fails");
      assertState("57014", e);
      assertEquals("CANCELLED", db.job("CREATE INDEX ix_k").get(1), "SYS.DDL_JOBS state");
      assertGone(db, "IX_K");
      db.awaitPurges();
      db.assertCheckTableClean("T");
      exec(db.connect(0), "CREATE INDEX ix_k ON t (k)");
      assertEquals("PUBLIC", db.indexState("IX_K"));
      assertState("42000", fails(() -> exec(other, "CANCEL DDL JOB " + id)));
    }
  }

  /**
   * A cancelled DROP INDEX must not leave the index half dropped: afterwards it is either
   * whole again (PUBLIC, consistent, droppable) or gone.
   */
  @Test
  void aCancelledDropIndexLeavesTheIndexWholeOrGone() throws Exception {
    try (OnlineDb db = table()) {
      Connection a = db.connect(0);
      exec(a, "CREATE INDEX ix_k ON t (k)");
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), "DROP INDEX ix_k");
      db.gate.advanceTo("DELETE_ONLY"); // the index is WRITE_ONLY
      long id = (Long) db.job("DROP INDEX ix_k").get(0);
      exec(db.connect(1), "CANCEL DDL JOB " + id);
      db.gate.open();
      SQLException e = get(job);
      String state = db.indexState("IX_K");
      assertTrue(state == null || state.equals("PUBLIC"),
          "after the cancelled DROP INDEX (" + (e == null ? "it succeeded" : e.getSQLState() + " " + e.getMessage())
              + ") the index is " + state + "; SYS.DDL_JOBS: " + db.job("DROP INDEX ix_k"));
      if (state != null) {
        db.assertCheckTableClean("T");
        exec(a, "DROP INDEX ix_k");
      }
      db.awaitPurges();
      db.assertCheckTableClean("T");
    }
  }

  /** Jobs on one table run one at a time: a second job waits until the held one ends. */
  @Test
  void jobsOnOneTableRunOneAtATime() throws Exception {
    try (OnlineDb db = table()) {
      exec(db.connect(0), "CREATE INDEX ix_u ON t (u)");
      db.gate.close();
      Future<SQLException> first = db.asyncStatement(db.connect(0), "CREATE INDEX ix_k ON t (k)");
      db.gate.awaitHeld("DELETE_ONLY");
      Future<SQLException> addColumn = db.asyncStatement(db.connect(1), "ALTER TABLE t ADD COLUMN w INT");
      Future<SQLException> dropIndex = db.asyncStatement(db.connect(1), "DROP INDEX ix_u");
      assertBlocked(addColumn, 300, "ALTER TABLE on the table of a running job");
      assertBlocked(dropIndex, 1, "DROP INDEX on the table of a running job");
      assertEquals(List.of("DELETE_ONLY"), db.gate.seen(), "no other job on T took a step");
      List<List<Object>> jobs = rows(db.keeper(), "SELECT STATEMENT, TABLE_NAME FROM SYS.DDL_JOBS ORDER BY JOB_ID");
      for (List<Object> j : jobs) {
        assertEquals("T", j.get(1), () -> "TABLE_NAME of " + j.get(0) + " in SYS.DDL_JOBS: " + jobs);
      }
      db.gate.open();
      assertNull(get(first));
      assertNull(get(addColumn));
      assertNull(get(dropIndex));
      db.awaitPurges();
      db.assertCheckTableClean("T");
    }
  }

  private static void assertGone(OnlineDb db, String index) throws SQLException {
    assertNull(db.indexState(index), index + " is not in INFORMATION_SCHEMA.INDEXES");
  }

  /** Table t(id, k, u) with rows 1..8, u = id, k = 10 * id; every node caught up. */
  private static OnlineDb table() throws SQLException {
    OnlineDb db = OnlineDb.open("jobs", "nodes=2;delay=5");
    db.createTable(db.keeper(), "CREATE TABLE t (id INT PRIMARY KEY, k INT, u INT)");
    StringBuilder sql = new StringBuilder("INSERT INTO t (id, k, u) VALUES ");
    for (int i = 1; i <= 8; i++) {
      sql.append(i == 1 ? "" : ", ").append('(').append(i).append(", ").append(10 * i).append(", ").append(i).append(')');
    }
    exec(db.keeper(), sql.toString());
    db.awaitAllCaughtUp();
    return db;
  }
}
