package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Commit and rollback as seen from a second connection. */
class TransactionIntegrationTest {
  private Connection writer;
  private Connection reader;

  @BeforeEach
  void open() throws SQLException {
    String url = EngineUrls.fresh("tx");
    writer = DriverManager.getConnection(url);
    reader = DriverManager.getConnection(url);
    try (Statement s = writer.createStatement()) {
      s.executeUpdate("CREATE TABLE ACCOUNTS (ID INT NOT NULL, BALANCE INT NOT NULL, PRIMARY KEY (ID))");
      s.executeUpdate("INSERT INTO ACCOUNTS VALUES (1, 100), (2, 100)");
    }
  }

  @AfterEach
  void close() throws SQLException {
    writer.close();
    reader.close();
  }

  private static long count(Connection c, String where) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM ACCOUNTS WHERE " + where)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static int balance(Connection c, int id) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT BALANCE FROM ACCOUNTS WHERE ID = " + id)) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }

  @Test
  void twoTransfersInOppositeOrdersDeadlockAndExactlyOneIsAbortedAndRetryable() throws Exception {
    // each moves 10 from one account to the other, locking its source row first; both start
    // their second update together, so each may find the deadlock at the same instant
    writer.setAutoCommit(false);
    reader.setAutoCommit(false);
    for (int round = 0; round < 20; round++) {
      java.util.concurrent.CyclicBarrier both = new java.util.concurrent.CyclicBarrier(2);
      java.util.concurrent.CompletableFuture<SQLException> first =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> transfer(writer, 1, 2, both));
      SQLException second = transfer(reader, 2, 1, both);
      SQLException firstFailure = first.get(30, java.util.concurrent.TimeUnit.SECONDS);
      assertTrue(firstFailure == null ^ second == null, "round " + round + ": exactly one transfer fails: " + firstFailure + " / " + second);
      SQLException lost = firstFailure != null ? firstFailure : second;
      assertEquals("40001", lost.getSQLState(), lost.getMessage());
      assertEquals(1003, lost.getErrorCode(), lost.getMessage());
      // the loser rolls back and runs its transfer again, now alone
      Connection loser = firstFailure != null ? writer : reader;
      loser.rollback();
      assertEquals(null, firstFailure != null ? transfer(writer, 1, 2, null) : transfer(reader, 2, 1, null));
    }
    assertEquals(100, balance(writer, 1));
    assertEquals(100, balance(writer, 2));
    writer.commit();
  }

  /** Moves 10 from {@code from} to {@code to} and commits; the failure, if any. */
  private static SQLException transfer(Connection c, int from, int to,
      java.util.concurrent.CyclicBarrier together) {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("UPDATE ACCOUNTS SET BALANCE = BALANCE - 10 WHERE ID = " + from);
      if (together != null) {
        together.await(10, java.util.concurrent.TimeUnit.SECONDS);
      }
      s.executeUpdate("UPDATE ACCOUNTS SET BALANCE = BALANCE + 10 WHERE ID = " + to);
      c.commit();
      return null;
    } catch (SQLException e) {
      return e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void committedWorkBecomesVisibleToOthers() throws SQLException {
    writer.setAutoCommit(false);
    try (Statement s = writer.createStatement()) {
      s.executeUpdate("INSERT INTO ACCOUNTS VALUES (3, 50)");
      s.executeUpdate("UPDATE ACCOUNTS SET BALANCE = 90 WHERE ID = 1");
    }
    assertEquals(0, count(reader, "ID = 3"));
    assertEquals(100, balance(reader, 1));
    writer.commit();
    assertEquals(1, count(reader, "ID = 3"));
    assertEquals(90, balance(reader, 1));
  }

  @Test
  void rolledBackWorkIsNeverSeen() throws SQLException {
    writer.setAutoCommit(false);
    try (Statement s = writer.createStatement()) {
      s.executeUpdate("DELETE FROM ACCOUNTS WHERE ID = 2");
      assertEquals(0, count(writer, "ID = 2"), "a transaction sees its own writes");
    }
    assertEquals(1, count(reader, "ID = 2"));
    writer.rollback();
    assertEquals(1, count(writer, "ID = 2"));
    assertEquals(1, count(reader, "ID = 2"));
  }

  @Test
  void switchingAutoCommitOnCommits() throws SQLException {
    writer.setAutoCommit(false);
    try (Statement s = writer.createStatement()) {
      s.executeUpdate("INSERT INTO ACCOUNTS VALUES (4, 1)");
    }
    writer.setAutoCommit(true);
    assertEquals(1, count(reader, "ID = 4"));
  }

  @Test
  void closingRollsBack() throws SQLException {
    writer.setAutoCommit(false);
    try (Statement s = writer.createStatement()) {
      s.executeUpdate("INSERT INTO ACCOUNTS VALUES (5, 1)");
    }
    writer.close();
    assertEquals(0, count(reader, "ID = 5"));
  }

  @Test
  void runInTransactionCommitsTheUnit() throws SQLException {
    MorphConnection morph = writer.unwrap(MorphConnection.class);
    int moved = morph.runInTransaction(c -> {
      try (Statement s = c.createStatement()) {
        s.executeUpdate("UPDATE ACCOUNTS SET BALANCE = BALANCE - 30 WHERE ID = 1");
        s.executeUpdate("UPDATE ACCOUNTS SET BALANCE = BALANCE + 30 WHERE ID = 2");
      }
      return 30;
    });
    assertEquals(30, moved);
    assertEquals(70, balance(reader, 1));
    assertEquals(130, balance(reader, 2));
    assertTrue(writer.getAutoCommit());
  }

  @Test
  void readOnlyConnectionsCannotWrite() throws SQLException {
    reader.setReadOnly(true);
    SQLException e = assertThrows(SQLException.class,
        () -> reader.createStatement().executeUpdate("INSERT INTO ACCOUNTS VALUES (9, 9)"));
    assertEquals("25006", e.getSQLState());
    reader.setReadOnly(false);
  }
}
