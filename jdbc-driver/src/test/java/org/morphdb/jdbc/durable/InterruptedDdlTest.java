package org.morphdb.jdbc.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.jdbc.durable.FileDatabaseTest.exec;
import static org.morphdb.jdbc.durable.FileDatabaseTest.rows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.DatabaseRegistry;
import org.morphdb.engine.api.Databases;

/**
 * A DDL job held between two steps when the process dies: at the reopen it is completed (an
 * index built from the rows, a NOT NULL validated against them, a DROP INDEX finished) or
 * walked back (a UNIQUE index meeting a duplicate, a CHECK or FOREIGN KEY a row violates), ends
 * DONE or FAILED, and CHECK TABLE is clean.
 */
class InterruptedDdlTest {
  @TempDir
  Path dir;

  /** Runs {@code ddl} until just before {@code step} commits, then crashes the database; returns a reopened connection. */
  private Connection crashBefore(String step, String ddl, String... setup) throws Exception {
    Path db = dir.resolve("db");
    String url = "jdbc:morph:file:" + db;
    Connection c = DriverManager.getConnection(url);
    exec(c, setup);
    CountDownLatch reached = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    Databases.testHooks("file:" + db).beforeDdlStep(s -> {
      if (s.equals(step)) {
        reached.countDown();
        try {
          never.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    Thread job = new Thread(() -> {
      try {
        exec(c, ddl);
      } catch (SQLException e) {
        // the crash
      }
    });
    job.start();
    assertTrue(reached.await(30, TimeUnit.SECONDS), "the job never reached step " + step);
    DatabaseRegistry.simulateCrash("file:" + db);
    never.countDown();
    job.join(30_000);
    return DriverManager.getConnection(url);
  }

  private static final String[] TABLE = {"CREATE TABLE T (ID INT PRIMARY KEY, A INT, B INT)",
      "INSERT INTO T VALUES (1, 10, NULL), (2, 20, 5), (3, 10, 6)"};

  @Test
  void anIndexStillWriteOnlyIsResumedToPublic() throws Exception {
    try (Connection c = crashBefore("PUBLIC", "CREATE INDEX T_A ON T (A)", TABLE)) {
      assertEquals(List.of("T_A|PUBLIC"),
          rows(c, "SELECT INDEX_NAME, STATE FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'T'"));
      assertEquals(List.of("DONE"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'CREATE INDEX%'"));
      assertTrue(rows(c, "SELECT ERROR FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'CREATE INDEX%'").get(0).contains("completed"));
      assertEquals(List.of("1", "3"), rows(c, "SELECT ID FROM T WHERE A = 10 ORDER BY ID"));
      exec(c, "INSERT INTO T VALUES (4, 10, 1)");
      assertEquals(List.of("1", "3", "4"), rows(c, "SELECT ID FROM T WHERE A = 10 ORDER BY ID"));
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
    }
  }

  @Test
  void aUniqueIndexWhoseRowsHoldADuplicateIsWalkedBack() throws Exception {
    try (Connection c = crashBefore("WRITE_ONLY", "CREATE UNIQUE INDEX T_A ON T (A)", TABLE)) {
      assertEquals(List.of(), rows(c, "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'T'"));
      assertEquals(List.of("FAILED"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'CREATE%INDEX%'"));
      assertTrue(rows(c, "SELECT ERROR FROM SYS.DDL_JOBS WHERE STATE = 'FAILED'").get(0).contains("duplicate"));
      exec(c, "CREATE INDEX T_A ON T (A)");
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
    }
  }

  @Test
  void aUniqueIndexWithoutDuplicatesIsResumed() throws Exception {
    try (Connection c = crashBefore("WRITE_ONLY", "CREATE UNIQUE INDEX T_ID2 ON T (B)", TABLE)) {
      assertEquals(List.of("T_ID2|PUBLIC"),
          rows(c, "SELECT INDEX_NAME, STATE FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'T'"));
      SQLException dup = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
          () -> exec(c, "INSERT INTO T VALUES (9, 1, 5)"));
      assertEquals("23505", dup.getSQLState());
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
    }
  }

  @Test
  void aDropIndexHalfwayIsCompleted() throws Exception {
    try (Connection c = crashBefore("DELETE_ONLY", "DROP INDEX T_A", TABLE[0], TABLE[1], "CREATE INDEX T_A ON T (A)")) {
      assertEquals(List.of(), rows(c, "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'T'"));
      assertEquals(List.of("DONE"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'DROP INDEX%'"));
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
    }
  }

  @Test
  void aNotNullStillEnforcedIsValidatedAtReopen() throws Exception {
    try (Connection c = crashBefore("VALID", "ALTER TABLE T ALTER COLUMN A SET NOT NULL", TABLE)) {
      assertEquals(List.of("NO"), rows(c, "SELECT IS_NULLABLE FROM INFORMATION_SCHEMA.COLUMNS "
          + "WHERE TABLE_NAME = 'T' AND COLUMN_NAME = 'A'"));
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
          () -> exec(c, "INSERT INTO T VALUES (4, NULL, 1)"));
      assertEquals("23502", e.getSQLState());
      assertEquals(List.of("DONE"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'ALTER%'"));
    }
  }

  @Test
  void aJobCrashedBeforeItsFirstStepEndsFailedWithNothingChanged() throws Exception {
    try (Connection c = crashBefore("DELETE_ONLY", "CREATE INDEX T_A ON T (A)", TABLE)) {
      assertEquals(List.of(), rows(c, "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'T'"));
      assertEquals(List.of("FAILED"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'CREATE%INDEX%'"));
    }
  }

  @Test
  void aCheckStillEnforcedIsValidatedAtReopen() throws Exception {
    try (Connection c = crashBefore("VALID", "ALTER TABLE T ADD CONSTRAINT B_POS CHECK (B > 0)", TABLE)) {
      assertEquals("23513", assertThrows(SQLException.class, () -> exec(c, "INSERT INTO T VALUES (4, 1, -1)"))
          .getSQLState());
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
      assertEquals(List.of("DONE"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'ALTER%'"));
    }
  }

  @Test
  void aCheckStillEnforcedThatARowViolatesIsWalkedBack() throws Exception {
    // the row with B = 5 fails the validation; the crash comes before the walk-back's version
    try (Connection c = crashBefore("WALK_BACK", "ALTER TABLE T ADD CONSTRAINT B_BIG CHECK (B > 5)", TABLE)) {
      exec(c, "INSERT INTO T VALUES (4, 1, -1)");
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
      assertEquals(List.of("FAILED"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'ALTER%'"));
    }
  }

  @Test
  void aForeignKeyStillEnforcedIsValidatedAtReopen() throws Exception {
    try (Connection c = crashBefore("VALID", "ALTER TABLE T ADD CONSTRAINT T_P FOREIGN KEY (A) REFERENCES P",
        "CREATE TABLE P (ID INT PRIMARY KEY)", "INSERT INTO P VALUES (10), (20)", TABLE[0], TABLE[1])) {
      assertEquals(List.of("T_P|NO ACTION|VALID"),
          rows(c, "SELECT CONSTRAINT_NAME, DELETE_RULE, STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
      assertEquals("23503", assertThrows(SQLException.class, () -> exec(c, "INSERT INTO T VALUES (4, 99, 1)"))
          .getSQLState());
      assertEquals("23503", assertThrows(SQLException.class, () -> exec(c, "DELETE FROM P WHERE ID = 10"))
          .getSQLState());
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
      assertEquals(List.of("DONE"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'ALTER%'"));
    }
  }

  @Test
  void aForeignKeyStillEnforcedWithAnOrphanIsWalkedBackFromBothTables() throws Exception {
    // the orphan (A = 20) fails the validation; the crash comes before the walk-back's version
    try (Connection c = crashBefore("WALK_BACK", "ALTER TABLE T ADD CONSTRAINT T_P FOREIGN KEY (A) REFERENCES P",
        "CREATE TABLE P (ID INT PRIMARY KEY)", "INSERT INTO P VALUES (10)", TABLE[0], TABLE[1])) {
      assertEquals(List.of(), rows(c, "SELECT CONSTRAINT_NAME FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
      exec(c, "INSERT INTO T VALUES (4, 99, 1)"); // no key any more
      exec(c, "DELETE FROM P WHERE ID = 10"); // and the parent's deletes look for no children
      assertEquals(List.of("FAILED"), rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'ALTER%'"));
    }
  }
}
