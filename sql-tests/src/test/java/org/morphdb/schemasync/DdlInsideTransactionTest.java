package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * a table it is refused with 25001 and the transaction survives; before the first statement
 * of a transaction (a transaction begins at its first statement, not at
 * {@code setAutoCommit(false)}) it simply runs, visible to everyone at once.
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
  void ddlAfterTheTransactionTouchedATableIsRefusedAndTheTransactionSurvives() throws SQLException {
    assertEquals(1, update(a, "INSERT INTO T VALUES (2, 20)"));

    SQLException e = assertFails("25001", () -> exec(a, "ALTER TABLE T ADD COLUMN W INT"));
    assertEquals(0, e.getErrorCode());
    assertFails("25001", () -> exec(a, "CREATE TABLE U (ID INT PRIMARY KEY)"));
    assertFails("25001", () -> exec(a, "CREATE INDEX T_BY_V ON T (V)"));
    assertFails("25001", () -> exec(a, "DROP TABLE T"));

    assertEquals(List.of("1, 10", "2, 20"), rows(a, "SELECT ID, V FROM T ORDER BY ID"));
    assertEquals(1, update(a, "INSERT INTO T VALUES (3, 30)"));
    a.commit();

    assertEquals(List.of("1, 10", "2, 20", "3, 30"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
    assertEquals(List.of("ID", "V"), columns(db.admin(), "SELECT * FROM T"), "the ALTER did not run");
    assertFails("42S02", () -> rows(db.admin(), "SELECT * FROM U"));
  }

  @Test
  void ddlAfterAReadIsRefusedToo() throws SQLException {
    assertEquals(List.of("1, 10"), rows(a, "SELECT ID, V FROM T"));
    assertFails("25001", () -> exec(a, "ALTER TABLE T ADD COLUMN W INT"));
    assertEquals(1, update(a, "UPDATE T SET V = 11 WHERE ID = 1"));
    a.commit();
    assertEquals(List.of("1, 11"), rows(db.admin(), "SELECT ID, V FROM T"));
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
