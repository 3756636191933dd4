package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.columns;
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
 * Rule 1, enlistment: a read-write transaction binds a table to its schema the first time it
 * touches that table, not when the transaction begins. Tables are resolved by name then, so
 * a table created after the transaction began is usable in it, and an ALTER that happened
 * before the first touch is simply seen.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class EnlistmentTest {
  private Scenario db;
  private Connection a; // the application, in an explicit transaction

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open();
    db.admin(
        "CREATE TABLE ORDERS (ID INT PRIMARY KEY, QTY INT)",
        "CREATE TABLE ITEMS (ID INT PRIMARY KEY, NAME VARCHAR(20))",
        "INSERT INTO ORDERS VALUES (1, 10)",
        "INSERT INTO ITEMS VALUES (1, 'bolt')");
    a = db.connectExplicit();
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void aTableCreatedAfterTheTransactionBeganIsUsableInIt() throws SQLException {
    update(a, "INSERT INTO ORDERS VALUES (2, 20)"); // the transaction has begun

    db.admin("CREATE TABLE NOTES (ID INT PRIMARY KEY, TXT VARCHAR(20))");

    assertEquals(1, update(a, "INSERT INTO NOTES VALUES (1, 'rush')"));
    assertEquals(List.of("1, rush"), rows(a, "SELECT ID, TXT FROM NOTES"));
    a.commit();

    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, QTY FROM ORDERS ORDER BY ID"));
    assertEquals(List.of("1, rush"), rows(db.admin(), "SELECT ID, TXT FROM NOTES"));
  }

  @Test
  void anAlterBeforeTheFirstTouchOfTheTableDoesNotAbortAndIsSeen() throws SQLException {
    update(a, "INSERT INTO ORDERS VALUES (2, 20)"); // begins the transaction; ITEMS not touched yet

    db.admin("ALTER TABLE ITEMS ADD COLUMN PRICE INT DEFAULT 7");

    assertEquals(List.of("ID", "NAME", "PRICE"), columns(a, "SELECT * FROM ITEMS"));
    assertEquals(List.of("1, bolt, 7"), rows(a, "SELECT ID, NAME, PRICE FROM ITEMS"));
    assertEquals(1, update(a, "UPDATE ITEMS SET PRICE = 8 WHERE ID = 1"));
    assertEquals(1, update(a, "INSERT INTO ITEMS (ID, NAME, PRICE) VALUES (2, 'nut', 3)"));
    a.commit();

    assertEquals(List.of("1, bolt, 8", "2, nut, 3"),
        rows(db.admin(), "SELECT ID, NAME, PRICE FROM ITEMS ORDER BY ID"));
    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, QTY FROM ORDERS ORDER BY ID"));
  }

  @Test
  void aRenameBeforeTheFirstTouchIsResolvedByTheNewName() throws SQLException {
    update(a, "INSERT INTO ORDERS VALUES (2, 20)");

    db.admin("ALTER TABLE ITEMS RENAME COLUMN NAME TO LABEL");

    assertEquals(List.of("1, bolt"), rows(a, "SELECT ID, LABEL FROM ITEMS"));
    assertEquals(1, update(a, "UPDATE ITEMS SET LABEL = 'screw' WHERE ID = 1"));
    a.commit();

    assertEquals(List.of("1, screw"), rows(db.admin(), "SELECT ID, LABEL FROM ITEMS"));
  }

  @Test
  void theBindingHappensAtTheFirstTouchSoAnAlterAfterItIsNotSeen() throws SQLException {
    // the contrast: once ITEMS is enlisted, the same ALTER makes its next touch fail (rule 2)
    update(a, "INSERT INTO ORDERS VALUES (2, 20)");
    assertEquals(List.of("1, bolt"), rows(a, "SELECT ID, NAME FROM ITEMS")); // ITEMS enlisted here

    db.admin("ALTER TABLE ITEMS ADD COLUMN PRICE INT DEFAULT 7");

    assertAborted(1001, () -> rows(a, "SELECT ID, NAME FROM ITEMS"));
    a.rollback();
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, QTY FROM ORDERS ORDER BY ID"));
  }
}
