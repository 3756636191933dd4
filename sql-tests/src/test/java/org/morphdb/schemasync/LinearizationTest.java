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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 5, linearization: once a DDL statement returns, every statement that starts
 * afterwards, on any connection and any node, sees the change. Read-only transactions read
 * the schema and the data of their snapshot and are exempt from rules 1–4: a table dropped
 * after one began is still readable in it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LinearizationTest {
  private Scenario db;

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void aDdlIsSeenByTheNextStatementOnAnotherNode() throws SQLException {
    db = Scenario.open("nodes=3;lag=20");
    Connection b = db.connect("node=0");
    Connection a = db.connect("node=2");
    exec(b, "CREATE TABLE T (ID INT PRIMARY KEY, V INT)");
    assertEquals(1, update(a, "INSERT INTO T VALUES (1, 1)"), "CREATE TABLE seen on node 2");

    for (int i = 1; i <= 15; i++) {
      exec(b, "ALTER TABLE T ADD COLUMN C" + i + " INT DEFAULT " + i);
      assertEquals(List.of(String.valueOf(i)), rows(a, "SELECT C" + i + " FROM T WHERE ID = 1"),
          "ADD COLUMN number " + i + " seen by the next read on node 2");
      assertEquals(1, update(a, "UPDATE T SET C" + i + " = " + (100 + i) + " WHERE ID = 1"),
          "ADD COLUMN number " + i + " seen by the next write on node 2");

      exec(b, "ALTER TABLE T DROP COLUMN C" + i);
      String dropped = "SELECT C" + i + " FROM T";
      assertFails("42S22", () -> rows(a, dropped));
    }

    exec(b, "ALTER TABLE T RENAME TO T_OLD");
    assertFails("42S02", () -> rows(a, "SELECT * FROM T"));
    assertEquals(List.of("1, 1"), rows(a, "SELECT ID, V FROM T_OLD"));
    exec(b, "DROP TABLE T_OLD");
    assertFails("42S02", () -> update(a, "INSERT INTO T_OLD VALUES (2, 2)"));
  }

  @Test
  void aTransactionBegunAfterTheDdlReturnedSeesItOnAnotherNode() throws SQLException {
    db = Scenario.open("nodes=3;lag=20");
    Connection b = db.connect("node=0");
    Connection a = db.connectExplicit("node=2");
    exec(b, "CREATE TABLE T (ID INT PRIMARY KEY, V INT)");
    exec(b, "INSERT INTO T VALUES (1, 1)");

    for (int i = 1; i <= 10; i++) {
      exec(b, "ALTER TABLE T ALTER COLUMN V SET DEFAULT " + i);
      assertEquals(1, update(a, "INSERT INTO T (ID) VALUES (" + (i + 1) + ")"));
      a.commit(); // no 1001/1002: the whole transaction is after the change
    }
    assertEquals(List.of("1, 1", "2, 1", "3, 2", "4, 3", "5, 4", "6, 5", "7, 6", "8, 7", "9, 8", "10, 9", "11, 10"),
        rows(b, "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void aReadOnlyTransactionStillReadsATableDroppedAfterItBegan() throws SQLException {
    db = Scenario.open();
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 10), (2, 20)");
    Connection reader = db.connect();
    reader.setReadOnly(true);
    reader.setAutoCommit(false);
    assertEquals(List.of("1, 10", "2, 20"), rows(reader, "SELECT ID, V FROM T ORDER BY ID")); // snapshot taken

    db.admin("DROP TABLE T");
    assertFails("42S02", () -> rows(db.admin(), "SELECT * FROM T"));

    assertEquals(List.of("1, 10", "2, 20"), rows(reader, "SELECT ID, V FROM T ORDER BY ID"));
    assertEquals(List.of("30"), rows(reader, "SELECT SUM(V) FROM T"));
    reader.commit();

    assertFails("42S02", () -> rows(reader, "SELECT * FROM T")); // a new snapshot: the table is gone
  }

  @Test
  void aReadOnlyTransactionKeepsTheSchemaAndDataOfItsSnapshot() throws SQLException {
    db = Scenario.open();
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 10)");
    Connection reader = db.connect();
    reader.setReadOnly(true);
    reader.setAutoCommit(false);
    assertEquals(List.of("1, 10"), rows(reader, "SELECT ID, V FROM T"));

    // a compatible change (1001 for a read-write transaction), an incompatible one (1002), new data
    db.admin(
        "ALTER TABLE T ADD COLUMN W INT DEFAULT 7",
        "ALTER TABLE T ALTER COLUMN V SET DEFAULT 0",
        "ALTER TABLE T RENAME COLUMN V TO AMOUNT",
        "INSERT INTO T (ID) VALUES (2)");

    assertEquals(List.of("ID", "V"), columns(reader, "SELECT * FROM T"));
    assertEquals(List.of("1, 10"), rows(reader, "SELECT ID, V FROM T"));
    assertFails("42S22", () -> rows(reader, "SELECT W FROM T"));
    reader.commit();

    assertEquals(List.of("ID", "AMOUNT", "W"), columns(reader, "SELECT * FROM T"));
    assertEquals(List.of("1, 10, 7", "2, 0, 7"), rows(reader, "SELECT ID, AMOUNT, W FROM T ORDER BY ID"));
    reader.commit();
  }

  @Test
  void anAutoCommitReadIsASnapshotAtTheCurrentTime() throws SQLException {
    db = Scenario.open("nodes=3;lag=20");
    Connection b = db.connect("node=1");
    Connection a = db.connect("node=2");
    a.setReadOnly(true);
    exec(b, "CREATE TABLE T (ID INT PRIMARY KEY, V INT)");
    exec(b, "INSERT INTO T VALUES (1, 10)");
    assertEquals(List.of("1, 10"), rows(a, "SELECT ID, V FROM T"));
    exec(b, "ALTER TABLE T RENAME COLUMN V TO AMOUNT");
    assertEquals(List.of("ID", "AMOUNT"), columns(a, "SELECT * FROM T"));
    exec(b, "DROP TABLE T");
    assertFails("42S02", () -> rows(a, "SELECT * FROM T"));
  }
}
