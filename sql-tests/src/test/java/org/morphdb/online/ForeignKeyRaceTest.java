package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.online.OnlineDb.assertState;
import static org.morphdb.online.OnlineDb.exec;
import static org.morphdb.online.OnlineDb.fails;
import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.OnlineDb.rows;
import static org.morphdb.online.OnlineDb.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ADD FOREIGN KEY (ENFORCED → validate at a snapshot → VALID) with a write that would leave
 * an orphan landing at each step boundary, on the child table (a child referring to a missing
 * parent) or on the parent table (a referenced parent deleted, or its key moved): either the
 * job fails with 23503 and walks back, or the write is refused with 23503 — never a VALID key
 * with an orphan. CANCEL DDL JOB walks the job back; SYS.DDL_JOBS shows it.
 *
 * <p>Tables {@code p(id, w)} with rows 1..5 and {@code c(id, pid)} with child {@code i}
 * referring to parent {@code i} for i in 1..4, and child 5 with no parent (NULL).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ForeignKeyRaceTest {
  static final String ADD_FK = "ALTER TABLE c ADD CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES p";
  /** Children whose parent is missing, at one snapshot. */
  static final String ORPHANS =
      "SELECT c.id FROM c LEFT JOIN p ON p.id = c.pid WHERE c.pid IS NOT NULL AND p.id IS NULL ORDER BY c.id";

  /** The writes that leave an orphan unless the key refuses them. */
  enum Violation {
    CHILD_INSERT("INSERT INTO c (id, pid) VALUES (99, 77)"),
    CHILD_UPDATE("UPDATE c SET pid = 77 WHERE id = 1"),
    PARENT_DELETE("DELETE FROM p WHERE id = 2"),
    PARENT_KEY_UPDATE("UPDATE p SET id = 50 WHERE id = 3");

    final String sql;

    Violation(String sql) {
      this.sql = sql;
    }
  }

  /** An orphan committed while the job is held before ENFORCED: validation finds it, the job walks back. */
  @ParameterizedTest
  @EnumSource(Violation.class)
  void anOrphanCommittedBeforeEnforcedFailsTheJobWhichWalksBack(Violation v) throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5")) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), ADD_FK);
      db.gate.awaitHeld("ENFORCED");
      assertEquals(1, update(db.connect(1), v.sql));
      db.gate.open();
      SQLException failure = get(job);
      assertTrue(failure != null, "the job fails");
      assertState("23503", failure);
      assertEquals(List.of("ENFORCED", "WALK_BACK"), db.gate.seen(), "the job walked back");
      assertEquals("FAILED", db.job(ADD_FK).get(1), "SYS.DDL_JOBS state");
      assertKeyGone(db);
      assertChecksClean(db);
    }
  }

  /** Once ENFORCED is active every write on either table is checked: the orphaning write is refused. */
  @ParameterizedTest
  @EnumSource(Violation.class)
  void anOrphaningWriteAfterEnforcedIsRefused(Violation v) throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5")) {
      Connection other = db.connect(1);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), ADD_FK);
      db.gate.awaitHeld("ENFORCED");
      db.gate.release();
      db.gate.awaitHeld("VALID"); // ENFORCED is active and the rows are validated
      assertEquals(List.of(List.of("ENFORCED")), rows(db.keeper(),
          "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_NAME = 'FK_C'"));
      assertState("23503", fails(() -> update(other, v.sql)));
      db.gate.release();
      assertNull(get(job), "the job succeeds");
      assertEquals("DONE", db.job(ADD_FK).get(1), "SYS.DDL_JOBS state");
      assertChecksClean(db);
      assertState("23503", fails(() -> update(other, v.sql)));
      assertEquals(1, update(other, "INSERT INTO c (id, pid) VALUES (100, 5)"), "a child of an existing parent");
    }
  }

  /**
   * A transaction that wrote an orphan before ENFORCED and commits after it: adding a key is
   * not forward-compatible on either table, so it cannot commit (40001); the key becomes VALID.
   */
  @ParameterizedTest
  @EnumSource(Violation.class)
  void anOpenTransactionThatOrphansCannotCommitPastEnforced(Violation v) throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5")) {
      Connection tx = db.connect(1);
      tx.setAutoCommit(false);
      assertEquals(1, update(tx, v.sql));
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), ADD_FK);
      db.gate.awaitHeld("ENFORCED");
      db.gate.open();
      assertNull(get(job), "the job does not wait for the open transaction and succeeds");
      assertState("40001", fails(tx::commit));
      tx.setAutoCommit(true);
      assertChecksClean(db);
    }
  }

  /**
   * CANCEL DDL JOB of a key held before ENFORCED: the job sees the cancel before its next
   * step, walks back (57014), the key is gone from both tables.
   */
  @Test
  void cancelDdlJobWalksBackAForeignKey() throws Exception {
    try (OnlineDb db = tables("nodes=2;delay=5")) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), ADD_FK);
      db.gate.awaitHeld("ENFORCED");
      Connection other = db.connect(1);
      List<List<Object>> running = rows(other,
          "SELECT JOB_ID, TABLE_NAME, STATEMENT FROM SYS.DDL_JOBS WHERE STATE = 'RUNNING'");
      assertEquals(1, running.size(), () -> "one running job: " + running);
      assertEquals(List.of("C", ADD_FK), running.get(0).subList(1, 3), "SYS.DDL_JOBS table and statement");
      exec(other, "CANCEL DDL JOB " + running.get(0).get(0));
      db.gate.open();
      SQLException e = get(job);
      assertTrue(e != null, "the statement fails");
      assertState("57014", e);
      assertEquals(List.of("ENFORCED", "WALK_BACK"), db.gate.seen(), "the job walked back");
      assertEquals("CANCELLED", db.job(ADD_FK).get(1), "SYS.DDL_JOBS state");
      assertKeyGone(db);
      assertChecksClean(db);
      exec(db.connect(0), ADD_FK); // the name is free again
      assertEquals(List.of(List.of("VALID")),
          rows(db.keeper(), "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    }
  }

  /**
   * No hook: on three lagging nodes, a writer on node 1 inserts children and a writer on node
   * 2 inserts, updates and deletes parents, every third write orphaning (a child of a missing
   * parent; a referenced parent deleted), while the key is added, several times over. In even
   * rounds an orphan is committed before the job starts, so it must fail; in odd rounds the
   * orphaning writes start together with the job, and either may win. Each time either the job
   * failed with 23503 and the key is gone, or it succeeded and there is no orphan (CHECK TABLE
   * clean, later orphaning writes refused); the writers met no error but 23503 on orphaning
   * writes.
   */
  @RepeatedTest(2)
  void racingWritersOnBothTablesNeverLeaveAValidKeyWithAnOrphan() throws Exception {
    int succeeded = 0;
    int failed = 0;
    for (int round = 0; round < 6; round++) {
      try (OnlineDb db = tables("nodes=3;delay=5;lag=20")) {
        StringBuilder parents = new StringBuilder("INSERT INTO p (id, w) VALUES (1000, 0)");
        StringBuilder children = new StringBuilder("INSERT INTO c (id, pid) VALUES (100, 100)");
        for (int i = 1; i < 10; i++) {
          parents.append(", (").append(1000 + i).append(", 0)"); // never deleted
        }
        for (int i = 100; i < 400; i++) {
          parents.append(", (").append(i).append(", 0)"); // each referenced by child i
          children.append(i == 100 ? "" : ", (" + i + ", " + i + ")");
        }
        exec(db.keeper(), parents.toString());
        exec(db.keeper(), children.toString());
        db.awaitAllCaughtUp();
        RacingWriters writers = new RacingWriters(db, round, round % 2 == 0);
        if (round % 2 == 0) {
          OnlineDb.await(() -> {
            try {
              return !rows(db.keeper(), ORPHANS).isEmpty();
            } catch (SQLException e) {
              throw new IllegalStateException(e);
            }
          }, "an orphan to be committed");
        }
        Future<SQLException> job = db.asyncStatement(db.connect(0), ADD_FK);
        writers.violate.set(true);
        SQLException failure = get(job);
        Thread.sleep(20);
        assertEquals(List.of(), writers.stop(), "writers met only 23503 on orphaning writes");
        if (failure == null) {
          succeeded++;
          assertChecksClean(db);
          assertState("23503", fails(() -> update(db.connect(2), "INSERT INTO c (id, pid) VALUES (999999, 999999)")));
        } else {
          failed++;
          assertState("23503", failure);
          assertEquals("FAILED", db.job(ADD_FK).get(1));
          assertKeyGone(db);
          assertChecksClean(db);
        }
      }
    }
    assertTrue(failed >= 3, "the even rounds fail the job");
    System.out.printf("FOREIGN KEY racing writers: job succeeded %d times, failed (walked back) %d times%n",
        succeeded, failed);
  }

  /** No key: an orphaning write goes through (and the orphan is deleted again, so checks stay clean). */
  static void assertKeyGone(OnlineDb db) throws SQLException {
    assertEquals(List.of(),
        rows(db.keeper(), "SELECT CONSTRAINT_NAME FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    db.awaitAllCaughtUp();
    update(db.connect(1), "INSERT INTO c (id, pid) VALUES (12345678, 12345678)");
    update(db.connect(1), "DELETE FROM c WHERE id = 12345678");
  }

  /** CHECK TABLE of both tables clean, and no orphan while the key exists. */
  static void assertChecksClean(OnlineDb db) throws SQLException {
    db.assertCheckTableClean("C");
    db.assertCheckTableClean("P");
    if (!rows(db.keeper(), "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS").isEmpty()) {
      assertEquals(List.of(), rows(db.keeper(), ORPHANS), "orphans while the key exists");
    }
  }

  /** A fresh database with p(id, w) rows 1..5 and c(id, pid) rows (i, i) for 1..4, (5, NULL). */
  static OnlineDb tables(String options) throws SQLException {
    OnlineDb db = OnlineDb.open("fk", options);
    db.createTable(db.keeper(), "CREATE TABLE p (id INT PRIMARY KEY, w INT)");
    db.createTable(db.keeper(), "CREATE TABLE c (id INT PRIMARY KEY, pid INT)");
    exec(db.keeper(), "INSERT INTO p (id, w) VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)");
    exec(db.keeper(), "INSERT INTO c (id, pid) VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, NULL)");
    db.awaitAllCaughtUp();
    return db;
  }
}
