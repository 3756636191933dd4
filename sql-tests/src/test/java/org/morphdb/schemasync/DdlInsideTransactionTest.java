package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.assertFails;
import static org.morphdb.schemasync.Scenario.columns;
import static org.morphdb.schemasync.Scenario.exec;
import static org.morphdb.schemasync.Scenario.rows;
import static org.morphdb.schemasync.Scenario.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 6: DDL is not transactional. Inside an explicit transaction that has already touched
 * a table it first commits that transaction (as H2, MySQL and Oracle do, and as Flyway and
 * Liquibase expect), then runs; when that commit fails, the DDL does not run and the error is
 * the commit's. With {@code ddlInTransaction=error} it is refused with 25001 and the
 * transaction survives. Before the first statement of a transaction (a transaction begins at
 * its first statement, not at {@code setAutoCommit(false)}) it simply runs, visible to
 * everyone at once.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DdlInsideTransactionTest {
  private Scenario db;
  private Connection a;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open();
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 10)");
    a = db.connectExplicit();
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void ddlAfterTheTransactionTouchedATableCommitsItFirstThenRuns() throws SQLException {
    assertEquals(1, update(a, "INSERT INTO T VALUES (2, 20)"));

    exec(a, "ALTER TABLE T ADD COLUMN W INT DEFAULT 7");

    assertEquals(List.of("1, 10, 7", "2, 20, 7"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"),
        "the insert was committed before the ALTER ran");
    a.rollback(); // nothing left to roll back
    assertEquals(List.of("1, 10, 7", "2, 20, 7"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"));

    assertEquals(1, update(a, "INSERT INTO T VALUES (3, 30, 8)")); // a new transaction
    exec(a, "CREATE TABLE U (ID INT PRIMARY KEY)");
    exec(a, "CREATE INDEX T_BY_V ON T (V)");
    assertEquals(List.of("3, 30, 8"), rows(db.admin(), "SELECT ID, V, W FROM T WHERE ID = 3"));
    assertEquals(List.of(), rows(db.admin(), "SELECT * FROM U"));
  }

  @Test
  void ddlAfterAReadCommitsTheReadingTransactionAndReleasesItsLocks() throws SQLException {
    assertEquals(List.of("1, 10"), rows(a, "SELECT ID, V FROM T"));
    exec(a, "ALTER TABLE T ADD COLUMN W INT");
    // A writer on another connection is not held up by a's shared lock any more.
    assertEquals(1, update(db.admin(), "UPDATE T SET V = 11 WHERE ID = 1"));
    assertEquals(List.of("1, 11, null"), rows(a, "SELECT ID, V, W FROM T"));
    a.commit();
  }

  @Test
  void whenTheImplicitCommitFailsTheDdlDoesNotRunAndTheErrorIsTheCommits() throws SQLException {
    assertEquals(1, update(a, "INSERT INTO T VALUES (2, 20)"));
    exec(db.admin(), "ALTER TABLE T RENAME TO T2"); // not forward-compatible: a is aborted eagerly

    assertAborted(1002, () -> exec(a, "CREATE TABLE U (ID INT PRIMARY KEY)"));

    assertFails("42S02", () -> rows(db.admin(), "SELECT * FROM U"));
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, V FROM T2"), "the insert was rolled back");
    exec(a, "CREATE TABLE U (ID INT PRIMARY KEY)"); // the failed transaction is gone
    assertEquals(List.of(), rows(db.admin(), "SELECT * FROM U"));
  }

  @Test
  void withDdlInTransactionErrorDdlIsRefusedWith25001AndTheTransactionSurvives() throws SQLException {
    Connection strict = db.connectExplicit("ddlInTransaction=error");
    assertEquals(1, update(strict, "INSERT INTO T VALUES (2, 20)"));

    SQLException e = assertFails("25001", () -> exec(strict, "ALTER TABLE T ADD COLUMN W INT"));
    assertEquals(0, e.getErrorCode());
    assertFails("25001", () -> exec(strict, "CREATE TABLE U (ID INT PRIMARY KEY)"));
    assertFails("25001", () -> exec(strict, "CREATE INDEX T_BY_V ON T (V)"));
    assertFails("25001", () -> exec(strict, "DROP TABLE T"));

    assertEquals(List.of("1, 10", "2, 20"), rows(strict, "SELECT ID, V FROM T ORDER BY ID"));
    assertEquals(1, update(strict, "INSERT INTO T VALUES (3, 30)"));
    strict.commit();

    assertEquals(List.of("1, 10", "2, 20", "3, 30"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
    assertEquals(List.of("ID", "V"), columns(db.admin(), "SELECT * FROM T"), "the ALTER did not run");
    assertFails("42S02", () -> rows(db.admin(), "SELECT * FROM U"));
  }

  @Test
  void ddlBeforeTheFirstStatementJustRunsAndIsNotRolledBack() throws SQLException {
    exec(a, "CREATE TABLE U (ID INT PRIMARY KEY, V INT)");
    exec(a, "ALTER TABLE T ADD COLUMN W INT DEFAULT 7"); // still no transaction: DDL does not begin one
    assertEquals(List.of(), rows(db.admin(), "SELECT * FROM U"), "seen by another connection at once");
    assertEquals(List.of("1, 10, 7"), rows(db.admin(), "SELECT ID, V, W FROM T"));

    assertEquals(1, update(a, "INSERT INTO U VALUES (1, 1)")); // the transaction begins here
    assertEquals(1, update(a, "UPDATE T SET W = 8 WHERE ID = 1"));
    a.rollback();

    assertEquals(List.of(), rows(db.admin(), "SELECT * FROM U"), "the table stays; the insert is gone");
    assertEquals(List.of("1, 10, 7"), rows(db.admin(), "SELECT ID, V, W FROM T"));

    exec(a, "DROP TABLE U"); // after the rollback, again no transaction is open
    assertFails("42S02", () -> rows(db.admin(), "SELECT * FROM U"));
  }

  @Test
  void ddlAfterACommitJustRuns() throws SQLException {
    assertEquals(1, update(a, "INSERT INTO T VALUES (2, 20)"));
    a.commit();

    exec(a, "ALTER TABLE T ADD COLUMN W INT DEFAULT 7");

    assertEquals(1, update(a, "UPDATE T SET W = 8 WHERE ID = 2"));
    a.commit();
    assertEquals(List.of("1, 10, 7", "2, 20, 8"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"));
  }
}
