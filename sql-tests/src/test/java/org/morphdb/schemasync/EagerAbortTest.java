package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.assertAborted;
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
 * Rule 4, eager abort: when a DDL that is not forward-compatible commits, every open
 * read-write transaction that enlisted the table is rolled back at once. Its locks and
 * uncommitted writes are released, so it blocks nobody, and its next statement, on any
 * table, and its commit fail with 40001/1002.
 *
 * <p>The database's lock timeout is short and connection C does not retry: if A still held
 * its locks, C would fail with 1003 instead of waiting long.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class EagerAbortTest {
  private Scenario db;
  private Connection a; // the transaction that gets aborted
  private Connection c; // another writer, auto-commit, no retries

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open("lockTimeout=1000");
    db.admin(
        "CREATE TABLE STOCK (ID INT PRIMARY KEY, QTY INT, NOTE VARCHAR(20))",
        "INSERT INTO STOCK VALUES (1, 10, 'a'), (2, 20, 'b')",
        "CREATE TABLE ORDERS (ID INT PRIMARY KEY, ITEM INT)");
    a = db.connectExplicit("autoRetry=false");
    c = db.connect("autoRetry=false");
    assertEquals(1, update(a, "UPDATE STOCK SET QTY = QTY - 1 WHERE ID = 1")); // locks row 1
    assertEquals(1, update(a, "INSERT INTO STOCK VALUES (3, 30, 'new')"));     // uncommitted key 3
    assertEquals(1, update(a, "INSERT INTO ORDERS VALUES (1, 1)"));
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void anIncompatibleChangeReleasesTheLocksAtOnce() throws SQLException {
    db.admin("ALTER TABLE STOCK DROP COLUMN NOTE");

    assertEquals(1, update(c, "UPDATE STOCK SET QTY = 99 WHERE ID = 1")); // the row A had locked
    assertEquals(1, update(c, "INSERT INTO STOCK VALUES (3, 33)"));      // the key A had written
    assertEquals(1, update(c, "INSERT INTO ORDERS VALUES (1, 7)"));      // A's write on another table

    assertEquals(List.of("1, 99", "2, 20", "3, 33"), rows(db.admin(), "SELECT ID, QTY FROM STOCK ORDER BY ID"));
    assertEquals(List.of("1, 7"), rows(db.admin(), "SELECT ID, ITEM FROM ORDERS"));
    assertAborted(1002, a::commit);
  }

  @Test
  void theNextStatementOnAnyTableFails() throws SQLException {
    db.admin("ALTER TABLE STOCK ALTER COLUMN QTY SET NOT NULL");

    assertAborted(1002, () -> rows(a, "SELECT ID FROM ORDERS")); // ORDERS was not changed at all
    assertAborted(1002, a::commit);
    a.rollback();

    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, QTY FROM STOCK ORDER BY ID"));
    assertEquals(List.of(), rows(db.admin(), "SELECT ID FROM ORDERS"));
  }

  @Test
  void theNextStatementOnATableCreatedAfterwardsFails() throws SQLException {
    db.admin("DROP TABLE STOCK", "CREATE TABLE FRESH (ID INT PRIMARY KEY)");

    assertAborted(1002, () -> update(a, "INSERT INTO FRESH VALUES (1)"));
    assertAborted(1002, a::commit);
    a.rollback();

    assertEquals(List.of(), rows(db.admin(), "SELECT ID FROM FRESH"));
    assertEquals(List.of(), rows(db.admin(), "SELECT ID FROM ORDERS"));
  }

  @Test
  void theCommitFailsEvenWithNoStatementInBetween() throws SQLException {
    db.admin("ALTER TABLE STOCK ALTER COLUMN QTY SET DEFAULT 0");

    assertAborted(1002, a::commit);
    a.rollback();

    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, QTY FROM STOCK ORDER BY ID"));
    assertEquals(List.of(), rows(db.admin(), "SELECT ID FROM ORDERS"));
  }

  @Test
  void aTransactionThatDidNotEnlistTheTableIsLeftAlone() throws SQLException {
    Connection b = db.connectExplicit("autoRetry=false");
    assertEquals(1, update(b, "INSERT INTO ORDERS VALUES (2, 2)")); // ORDERS only

    db.admin("ALTER TABLE STOCK DROP COLUMN NOTE");

    assertEquals(List.of("2, 2"), rows(b, "SELECT ID, ITEM FROM ORDERS WHERE ID = 2"));
    assertAborted(1002, a::commit);
    b.commit();
    assertEquals(List.of("2, 2"), rows(db.admin(), "SELECT ID, ITEM FROM ORDERS"));
  }
}
