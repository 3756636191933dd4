package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The schema-version protocol (DESIGN "The client protocol") against the real engine. */
class SchemaVersionIntegrationTest {
  private String url;
  private Connection app;
  private Connection admin;

  @BeforeEach
  void open() throws SQLException {
    url = EngineUrls.fresh("sv");
    app = DriverManager.getConnection(url);
    admin = DriverManager.getConnection(url);
    try (Statement s = admin.createStatement()) {
      s.executeUpdate("CREATE TABLE T (ID INT NOT NULL, A INT, PRIMARY KEY (ID))");
      s.executeUpdate("INSERT INTO T VALUES (1, 10)");
    }
  }

  @AfterEach
  void close() throws SQLException {
    app.close();
    admin.close();
  }

  private void ddl(String sql) throws SQLException {
    try (Statement s = admin.createStatement()) {
      s.executeUpdate(sql);
    }
  }

  @Test
  void staleStatementIsRepreparedTransparentlyInAutoCommit() throws SQLException {
    PreparedStatement ps = app.prepareStatement("SELECT * FROM T WHERE ID > 0");
    assertEquals(2, ps.getMetaData().getColumnCount());
    ddl("ALTER TABLE T ADD COLUMN B INT DEFAULT 7");
    try (ResultSet rs = ps.executeQuery()) {
      assertEquals(3, rs.getMetaData().getColumnCount());
      assertTrue(rs.next());
      assertEquals(7, rs.getInt("B"));
    }
    assertEquals(3, ps.getMetaData().getColumnCount());
  }

  @Test
  void readOnlyTransactionDescribesStatementsWithItsSnapshotSchema() throws SQLException {
    app.setReadOnly(true);
    app.setAutoCommit(false);
    try (Statement s = app.createStatement(); ResultSet rs = s.executeQuery("SELECT A FROM T WHERE ID = 1")) {
      assertTrue(rs.next()); // the snapshot, and its schema, are fixed here
    }
    ddl("ALTER TABLE T ADD COLUMN B INT DEFAULT 7");
    // prepared inside the read-only transaction: described against its snapshot's schema
    PreparedStatement ps = app.prepareStatement("SELECT * FROM T WHERE ID > 0");
    assertEquals(2, ps.getMetaData().getColumnCount());
    try (ResultSet rs = ps.executeQuery()) {
      assertEquals(2, rs.getMetaData().getColumnCount(), "the snapshot's (older) version");
      assertTrue(rs.next());
    }
    assertEquals(2, ps.getMetaData().getColumnCount());
    app.commit();
  }

  @Test
  void readWriteTransactionGetsTheServersVerdictAfterTheReprepare() throws SQLException {
    app.setAutoCommit(false);
    try (Statement s = app.createStatement(); ResultSet rs = s.executeQuery("SELECT A FROM T WHERE ID = 1")) {
      assertTrue(rs.next()); // enlists T
    }
    ddl("ALTER TABLE T ADD COLUMN B INT DEFAULT 7");
    PreparedStatement ps = app.prepareStatement("SELECT * FROM T WHERE ID > 0");
    // the driver re-prepares against the enlisted version and re-sends; the engine's rule
    // (an enlisted table changed: 40001/1001) then decides, and reaches the application
    SQLException e = assertThrows(SQLException.class, ps::executeQuery);
    assertInstanceOf(SQLTransactionRollbackException.class, e);
    assertEquals(1001, e.getErrorCode());
    app.rollback();
  }

  @Test
  void withoutAutoRetryTheMismatchReachesTheApplication() throws SQLException {
    try (Connection strict = DriverManager.getConnection(url + ";autoRetry=false")) {
      PreparedStatement ps = strict.prepareStatement("SELECT * FROM T WHERE ID > 0");
      ddl("ALTER TABLE T ADD COLUMN B INT");
      SQLException e = assertThrows(SQLException.class, ps::executeQuery);
      assertEquals("MR001", e.getSQLState());
      assertEquals(1005, e.getErrorCode());
    }
  }

  @Test
  void runInTransactionRetriesAfterAnIncompatibleChange() throws SQLException {
    MorphConnection morph = app.unwrap(MorphConnection.class);
    int[] runs = {0};
    int value = morph.runInTransaction(c -> {
      runs[0]++;
      try (Statement s = c.createStatement()) {
        int a;
        try (ResultSet rs = s.executeQuery("SELECT A FROM T WHERE ID = 1")) {
          rs.next();
          a = rs.getInt(1);
        }
        if (runs[0] == 1) {
          ddl("ALTER TABLE T ALTER COLUMN A SET DEFAULT 5"); // not forward-compatible: aborts this run
        }
        s.executeUpdate("UPDATE T SET A = A + 1 WHERE ID = 1");
        return a;
      }
    });
    assertEquals(2, runs[0]);
    assertEquals(10, value);
    try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery("SELECT A FROM T WHERE ID = 1")) {
      rs.next();
      assertEquals(11, rs.getInt(1));
    }
  }
}
