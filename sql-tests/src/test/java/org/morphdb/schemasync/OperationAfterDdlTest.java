package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.assertNamesTableAndVersions;
import static org.morphdb.schemasync.Scenario.rows;
import static org.morphdb.schemasync.Scenario.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Rule 2, operations after a DDL: once a read-write transaction has touched a table, any
 * later read or write of that table fails with 40001/1001 if a DDL changed the table's
 * version in the meantime, even a forward-compatible one, and the transaction is aborted.
 * The message names the table and both versions. Index changes do not change the table
 * version and fail nothing.
 *
 * <p>Each story: connection A's transaction writes ACCOUNTS (enlisting it), connection B
 * changes ACCOUNTS, A touches ACCOUNTS again.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class OperationAfterDdlTest {
  private Scenario db;
  private Connection a;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open();
    db.admin(
        "CREATE TABLE ACCOUNTS (ID INT PRIMARY KEY, OWNER VARCHAR(10) NOT NULL, BALANCE INT)",
        "INSERT INTO ACCOUNTS VALUES (1, 'ann', 100)",
        "CREATE TABLE AUDIT (ID INT PRIMARY KEY, NOTE VARCHAR(20))");
    a = db.connectExplicit();
    update(a, "INSERT INTO ACCOUNTS VALUES (2, 'bob', 50)"); // enlists ACCOUNTS
    update(a, "INSERT INTO AUDIT VALUES (1, 'opened bob')");
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void addColumnThenARead() throws SQLException {
    assertNextTouchFails1001("ALTER TABLE ACCOUNTS ADD COLUMN CURRENCY VARCHAR(3)",
        () -> rows(a, "SELECT ID, BALANCE FROM ACCOUNTS WHERE ID = 1"));
  }

  @Test
  void addColumnThenAWrite() throws SQLException {
    assertNextTouchFails1001("ALTER TABLE ACCOUNTS ADD COLUMN CURRENCY VARCHAR(3) DEFAULT 'EUR'",
        () -> update(a, "INSERT INTO ACCOUNTS (ID, OWNER, BALANCE) VALUES (3, 'cy', 5)"));
  }

  @Test
  void dropNotNullThenAWrite() throws SQLException {
    assertNextTouchFails1001("ALTER TABLE ACCOUNTS ALTER COLUMN OWNER DROP NOT NULL",
        () -> update(a, "UPDATE ACCOUNTS SET BALANCE = BALANCE + 1 WHERE ID = 1"));
  }

  @Test
  void renameColumnThenARead() throws SQLException {
    assertNextTouchFails1001("ALTER TABLE ACCOUNTS RENAME COLUMN OWNER TO HOLDER",
        () -> rows(a, "SELECT ID FROM ACCOUNTS WHERE ID = 1"));
  }

  @Test
  void wideningThenADelete() throws SQLException {
    assertNextTouchFails1001("ALTER TABLE ACCOUNTS ALTER COLUMN BALANCE SET DATA TYPE BIGINT",
        () -> update(a, "DELETE FROM ACCOUNTS WHERE ID = 1"));
  }

  @Test
  void createIndexFailsNothing() throws SQLException {
    int before = db.tableVersion("ACCOUNTS");
    db.admin("CREATE INDEX ACCOUNTS_BY_OWNER ON ACCOUNTS (OWNER)");
    assertEquals(before, db.tableVersion("ACCOUNTS"), "an index change keeps the table version");

    assertEquals(List.of("1, 100", "2, 50"), rows(a, "SELECT ID, BALANCE FROM ACCOUNTS ORDER BY ID"));
    assertEquals(List.of("2"), rows(a, "SELECT ID FROM ACCOUNTS WHERE OWNER = 'bob'"));
    assertEquals(1, update(a, "UPDATE ACCOUNTS SET BALANCE = 60 WHERE ID = 2"));
    a.commit();

    assertEquals(List.of("1, ann, 100", "2, bob, 60"),
        rows(db.admin(), "SELECT ID, OWNER, BALANCE FROM ACCOUNTS ORDER BY ID"));
    assertEquals(List.of("2"), rows(db.admin(), "SELECT ID FROM ACCOUNTS WHERE OWNER = 'bob'"));
  }

  @Test
  void dropIndexFailsNothing() throws SQLException {
    a.rollback(); // the index has to exist before the transaction enlists the table
    db.admin("CREATE INDEX ACCOUNTS_BY_OWNER ON ACCOUNTS (OWNER)");
    update(a, "INSERT INTO ACCOUNTS VALUES (2, 'bob', 50)");
    int before = db.tableVersion("ACCOUNTS");

    db.admin("DROP INDEX ACCOUNTS_BY_OWNER");
    assertEquals(before, db.tableVersion("ACCOUNTS"), "an index change keeps the table version");

    assertEquals(List.of("2"), rows(a, "SELECT ID FROM ACCOUNTS WHERE OWNER = 'bob'"));
    assertEquals(1, update(a, "INSERT INTO ACCOUNTS VALUES (3, 'cy', 5)"));
    a.commit();

    assertEquals(List.of("1, ann, 100", "2, bob, 50", "3, cy, 5"),
        rows(db.admin(), "SELECT ID, OWNER, BALANCE FROM ACCOUNTS ORDER BY ID"));
  }

  /**
   * B runs {@code ddl}; A's next touch of ACCOUNTS fails with 1001 naming the table and both
   * versions; the transaction is aborted: its commit fails too, and none of its writes (to
   * ACCOUNTS or AUDIT) are visible.
   */
  private void assertNextTouchFails1001(String ddl, Executable nextTouch) throws SQLException {
    int before = db.tableVersion("ACCOUNTS");
    db.admin(ddl);
    int after = db.tableVersion("ACCOUNTS");

    SQLTransactionRollbackException e = assertAborted(1001, nextTouch);
    assertNamesTableAndVersions(e, "ACCOUNTS", before, after);

    assertAborted(1001, a::commit); // aborted means aborted: the commit cannot succeed
    a.rollback();
    assertEquals(List.of("1"), rows(db.admin(), "SELECT ID FROM ACCOUNTS ORDER BY ID"));
    assertEquals(List.of(), rows(db.admin(), "SELECT ID FROM AUDIT"));

    // the connection is fine: a new transaction binds the new version and works
    update(a, "INSERT INTO AUDIT VALUES (2, 'retry')");
    assertEquals(1, update(a, "UPDATE ACCOUNTS SET BALANCE = 101 WHERE ID = 1"));
    a.commit();
    assertEquals(List.of("1, 101"), rows(db.admin(), "SELECT ID, BALANCE FROM ACCOUNTS"));
  }
}
