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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Timeout;

/**
 * SET NOT NULL and ADD CHECK (ENFORCED → validate at a snapshot → VALID) with a violating
 * write racing the ENFORCED step: either the job fails with 23502 / 23513 and walks back,
 * or the write is refused — never a VALID constraint with a violating row.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ConstraintRaceTest {

  /** The two constraints, with a statement that adds one and a value that violates it. */
  enum Kind {
    NOT_NULL("ALTER TABLE c ALTER COLUMN m SET NOT NULL", "NULL", "23502"),
    CHECK("ALTER TABLE c ADD CONSTRAINT ck_m CHECK (m <> 13)", "13", "23513");

    final String ddl;
    final String violating;
    final String sqlState;

    Kind(String ddl, String violating, String sqlState) {
      this.ddl = ddl;
      this.violating = violating;
      this.sqlState = sqlState;
    }

    String insert(int id) {
      return "INSERT INTO c (id, m) VALUES (" + id + ", " + violating + ")";
    }

    /** Rows that violate the constraint. */
    String violators() {
      return this == NOT_NULL ? "SELECT id FROM c WHERE m IS NULL" : "SELECT id FROM c WHERE m = 13";
    }
  }

  /** A violating row committed while the job is held before ENFORCED: validation finds it. */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void aViolatingRowCommittedBeforeEnforcedFailsTheJobWhichWalksBack(Kind kind) throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5")) {
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), kind.ddl);
      db.gate.awaitHeld("ENFORCED");
      update(db.connect(1), kind.insert(99));
      db.gate.open();
      SQLException failure = get(job);
      assertTrue(failure != null, "the job fails");
      assertState(kind.sqlState, failure);
      assertEquals(List.of("ENFORCED", "WALK_BACK"), db.gate.seen(), "the job walked back");
      List<Object> record = db.job(kind.ddl);
      assertEquals("FAILED", record.get(1), "SYS.DDL_JOBS state");
      assertNotEnforced(db, kind);
      db.assertCheckTableClean("C");
    }
  }

  /** Once ENFORCED is active every commit checks the constraint: violating writes are refused. */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void aViolatingWriteAfterEnforcedIsRefused(Kind kind) throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5")) {
      Connection other = db.connect(1);
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), kind.ddl);
      db.gate.awaitHeld("ENFORCED");
      db.gate.release();
      db.gate.awaitHeld("VALID"); // ENFORCED is active and the rows are validated
      assertState(kind.sqlState, fails(() -> update(other, kind.insert(99))));
      assertState(kind.sqlState, fails(() -> update(other, "UPDATE c SET m = " + kind.violating + " WHERE id = 1")));
      db.gate.release();
      assertNull(get(job), "the job succeeds");
      assertEquals(List.of(), rows(db.keeper(), kind.violators()));
      db.assertCheckTableClean("C");
      assertState(kind.sqlState, fails(() -> update(other, kind.insert(100))));
    }
  }

  /**
   * A transaction that wrote a violating row before ENFORCED and commits after it: the
   * change is not forward-compatible, so the transaction cannot commit (40001), and the
   * constraint becomes VALID.
   */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void anOpenTransactionWithAViolatingRowCannotCommitPastEnforced(Kind kind) throws Exception {
    try (OnlineDb db = table("nodes=2;delay=5")) {
      Connection tx = db.connect(1);
      tx.setAutoCommit(false);
      update(tx, kind.insert(99));
      db.gate.close();
      Future<SQLException> job = db.asyncStatement(db.connect(0), kind.ddl);
      db.gate.awaitHeld("ENFORCED");
      db.gate.open();
      assertNull(get(job), "the job does not wait for the open transaction and succeeds");
      SQLException e = fails(tx::commit);
      assertState("40001", e);
      tx.setAutoCommit(true);
      assertEquals(List.of(), rows(db.keeper(), kind.violators()));
      db.assertCheckTableClean("C");
    }
  }

  /**
   * No hook: writers on two lagging nodes keep inserting valid rows, and every third one
   * violating, while the constraint is added, several times over (in even rounds a violating
   * row is committed before the job starts, so it must fail; in odd rounds the violating
   * writes start together with the job, and either may win). Each time either
   * the job failed with the constraint's SQLState and the constraint is gone, or it
   * succeeded and no violating row exists (CHECK TABLE clean, later violating writes refused).
   */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void racingViolatingWritesNeverLeaveAValidConstraintWithAViolatingRow(Kind kind) throws Exception {
    int succeeded = 0;
    int failed = 0;
    for (int round = 0; round < 6; round++) {
      try (OnlineDb db = table("nodes=3;delay=5;lag=20")) {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean violate = new AtomicBoolean(round % 2 == 0);
        List<Future<List<String>>> writers = new ArrayList<>();
        for (int node = 1; node <= 2; node++) {
          Connection c = db.connect(node);
          int base = node * 100_000 + round * 1_000;
          writers.add(db.async(() -> {
            List<String> unexpected = new ArrayList<>();
            for (int i = 0; !stop.get() && i < 900; i++) {
              boolean bad = i % 3 == 0 && violate.get();
              String sql = bad ? kind.insert(base + i) : "INSERT INTO c (id, m) VALUES (" + (base + i) + ", 1)";
              try {
                update(c, sql);
              } catch (SQLException e) {
                if (!(bad && kind.sqlState.equals(e.getSQLState()))) {
                  unexpected.add(sql + " -> " + e.getSQLState() + " " + e.getMessage());
                }
              }
            }
            return unexpected;
          }));
        }
        if (round % 2 == 0) {
          OnlineDb.await(() -> {
            try {
              return !rows(db.keeper(), kind.violators()).isEmpty();
            } catch (SQLException e) {
              throw new IllegalStateException(e);
            }
          }, "a violating row to be committed");
        }
        Future<SQLException> job = db.asyncStatement(db.connect(0), kind.ddl);
        violate.set(true);
        SQLException failure = get(job);
        Thread.sleep(20);
        stop.set(true);
        for (Future<List<String>> w : writers) {
          assertEquals(List.of(), get(w), "writers met only the constraint's own error");
        }
        if (failure == null) {
          succeeded++;
          assertEquals(List.of(), rows(db.keeper(), kind.violators()), "a VALID constraint with violating rows");
          db.assertCheckTableClean("C");
          assertState(kind.sqlState, fails(() -> update(db.connect(2), kind.insert(999_999))));
        } else {
          failed++;
          assertState(kind.sqlState, failure);
          assertEquals("FAILED", db.job(kind.ddl).get(1));
          assertNotEnforced(db, kind);
          db.assertCheckTableClean("C");
        }
      }
    }
    assertTrue(failed >= 3, "the even rounds fail the job");
    System.out.printf("%s racing writers: job succeeded %d times, failed (walked back) %d times%n", kind, succeeded,
        failed);
  }

  /** The constraint is gone: a violating row can be written again. */
  private static void assertNotEnforced(OnlineDb db, Kind kind) throws SQLException {
    if (kind == Kind.NOT_NULL) {
      assertEquals(List.of(List.of("YES")), rows(db.keeper(),
          "SELECT IS_NULLABLE FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'C' AND COLUMN_NAME = 'M'"));
    }
    update(db.connect(1), kind.insert(12_345_678));
  }

  /** A fresh database with table c(id, m), rows 1..5 with m = id, every node caught up. */
  private static OnlineDb table(String options) throws SQLException {
    OnlineDb db = OnlineDb.open("constraint", options);
    db.createTable(db.keeper(), "CREATE TABLE c (id INT PRIMARY KEY, m INT)");
    exec(db.keeper(), "INSERT INTO c (id, m) VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)");
    db.awaitAllCaughtUp();
    return db;
  }
}
