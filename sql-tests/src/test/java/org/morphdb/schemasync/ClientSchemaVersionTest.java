package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.assertFails;
import static org.morphdb.schemasync.Scenario.columns;
import static org.morphdb.schemasync.Scenario.rows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 8, the client schema version: a prepared statement carries the table versions it was
 * described against. When they differ from the version the transaction binds
 * ({@code tableEnlistSV}), the engine answers SCHEMA_VERSION_MISMATCH before applying any
 * other rule; the driver re-prepares against exactly that version, which may be older than
 * the newest, and re-sends. The application sees it only with {@code autoRetry=false}
 * (MR001/1005).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ClientSchemaVersionTest {
  private Scenario db;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open();
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 10)");
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void statementsPreparedBeforeAddColumnStillExecute() throws SQLException {
    Connection a = db.connect();
    PreparedStatement select = a.prepareStatement("SELECT * FROM T WHERE ID = ?");
    PreparedStatement insert = a.prepareStatement("INSERT INTO T (ID, V) VALUES (?, ?)");
    PreparedStatement update = a.prepareStatement("UPDATE T SET V = ? WHERE ID = ?");
    assertEquals(List.of("ID", "V"), columns(select.getMetaData()));

    db.admin("ALTER TABLE T ADD COLUMN W INT DEFAULT 7");

    select.setInt(1, 1);
    try (ResultSet rs = select.executeQuery()) {
      assertEquals(List.of("ID", "V", "W"), columns(rs.getMetaData()));
      assertEquals(List.of("1, 10, 7"), Scenario.rows(rs));
    }
    assertEquals(List.of("ID", "V", "W"), columns(select.getMetaData()), "re-prepared: the new description");
    insert.setInt(1, 2);
    insert.setInt(2, 20);
    assertEquals(1, insert.executeUpdate());
    update.setInt(1, 11);
    update.setInt(2, 1);
    assertEquals(1, update.executeUpdate());

    assertEquals(List.of("1, 11, 7", "2, 20, 7"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"));
  }

  @Test
  void withoutAutoRetryAStaleStatementGetsMR001() throws SQLException {
    Connection a = db.connect("autoRetry=false");
    PreparedStatement select = a.prepareStatement("SELECT * FROM T WHERE ID > ?");
    PreparedStatement insert = a.prepareStatement("INSERT INTO T (ID, V) VALUES (?, ?)");

    db.admin("ALTER TABLE T ADD COLUMN W INT");

    select.setInt(1, 0);
    assertFails("MR001", 1005, SQLException.class, select::executeQuery);
    insert.setInt(1, 2);
    insert.setInt(2, 20);
    assertFails("MR001", 1005, SQLException.class, insert::executeUpdate);
    assertEquals(List.of("1, 10, null"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"), "nothing inserted");

    PreparedStatement fresh = a.prepareStatement("INSERT INTO T (ID, V) VALUES (?, ?)");
    fresh.setInt(1, 2);
    fresh.setInt(2, 20);
    assertEquals(1, fresh.executeUpdate(), "a statement prepared after the change is current");
  }

  @Test
  void insideATransactionTheStatementIsRepreparedAgainstTheEnlistedVersionThenAborted() throws SQLException {
    Connection a = db.connectExplicit();
    assertEquals(List.of("1, 10"), rows(a, "SELECT ID, V FROM T")); // enlists T at its current version

    db.admin("ALTER TABLE T ADD COLUMN W INT DEFAULT 7");

    PreparedStatement select = a.prepareStatement("SELECT * FROM T WHERE ID > 0");
    assertEquals(List.of("ID", "V", "W"), columns(select.getMetaData()), "prepared against the newest version");
    assertAborted(1001, select::executeQuery); // re-prepared against the enlisted version, then rule 2
    assertEquals(List.of("ID", "V"), columns(select.getMetaData()), "described as the transaction binds T");
    a.rollback();

    try (ResultSet rs = select.executeQuery()) { // a new transaction binds the newest version
      assertEquals(List.of("ID", "V", "W"), columns(rs.getMetaData()));
      assertEquals(List.of("1, 10, 7"), Scenario.rows(rs));
    }
    a.commit();
  }

  @Test
  void insideATransactionWithoutAutoRetryTheMismatchComesBeforeTheOperationRule() throws SQLException {
    Connection a = db.connectExplicit("autoRetry=false");
    assertEquals(List.of("1, 10"), rows(a, "SELECT ID, V FROM T"));

    db.admin("ALTER TABLE T ADD COLUMN W INT DEFAULT 7");

    PreparedStatement select = a.prepareStatement("SELECT * FROM T WHERE ID > 0");
    assertFails("MR001", 1005, SQLException.class, select::executeQuery);
    a.rollback();
  }

  @Test
  void aReadOnlyTransactionIsRepreparedAgainstItsOlderSnapshotAndReads() throws SQLException {
    Connection reader = db.connect();
    reader.setReadOnly(true);
    reader.setAutoCommit(false);
    assertEquals(List.of("1, 10"), rows(reader, "SELECT ID, V FROM T")); // snapshot and its schema fixed

    db.admin("ALTER TABLE T ADD COLUMN W INT DEFAULT 7", "INSERT INTO T VALUES (2, 20, 8)");

    PreparedStatement select = reader.prepareStatement("SELECT * FROM T WHERE ID > 0");
    try (ResultSet rs = select.executeQuery()) {
      assertEquals(List.of("ID", "V"), columns(rs.getMetaData()), "the snapshot's version, older than the newest");
      assertEquals(List.of("1, 10"), Scenario.rows(rs));
    }
    reader.commit();
  }
}
