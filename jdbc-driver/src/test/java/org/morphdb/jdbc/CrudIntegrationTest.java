package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Basic statements through DriverManager against the real engine. */
class CrudIntegrationTest {
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("crud"));
    try (Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE ITEMS (ID INT NOT NULL, NAME VARCHAR(20), QTY INT, PRIMARY KEY (ID))");
    }
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private List<String> rows(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  @Test
  void insertSelectUpdateDelete() throws SQLException {
    try (Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("INSERT INTO ITEMS VALUES (1, 'apple', 3)"));
      assertEquals(2, s.executeUpdate("INSERT INTO ITEMS VALUES (2, 'pear', 5), (3, 'plum', NULL)"));
      assertEquals(List.of("1|apple|3", "2|pear|5", "3|plum|null"), rows("SELECT ID, NAME, QTY FROM ITEMS ORDER BY ID"));

      assertEquals(2, s.executeUpdate("UPDATE ITEMS SET QTY = QTY + 10 WHERE QTY IS NOT NULL"));
      assertEquals(List.of("1|13", "2|15"), rows("SELECT ID, QTY FROM ITEMS WHERE QTY > 0 ORDER BY ID"));

      assertEquals(1, s.executeUpdate("DELETE FROM ITEMS WHERE ID = 2"));
      assertEquals(List.of("2"), rows("SELECT COUNT(*) FROM ITEMS"));

      assertTrue(s.execute("SELECT NAME FROM ITEMS WHERE ID = 1"));
      try (ResultSet rs = s.getResultSet()) {
        assertTrue(rs.next());
        assertEquals("apple", rs.getString("name"));
        assertFalse(rs.next());
      }
      assertFalse(s.execute("DELETE FROM ITEMS WHERE ID = 42"));
      assertEquals(0, s.getUpdateCount());
    }
  }

  @Test
  void preparedStatementsAndMetadata() throws SQLException {
    try (PreparedStatement ins = c.prepareStatement("INSERT INTO ITEMS (ID, NAME, QTY) VALUES (?, ?, ?)")) {
      assertEquals(3, ins.getParameterMetaData().getParameterCount());
      for (int i = 1; i <= 5; i++) {
        ins.setInt(1, i);
        ins.setString(2, "item" + i);
        ins.setInt(3, i * i);
        assertEquals(1, ins.executeUpdate());
      }
    }
    try (PreparedStatement q = c.prepareStatement("SELECT ID, NAME, QTY FROM ITEMS WHERE QTY >= ? ORDER BY ID")) {
      ResultSetMetaData md = q.getMetaData();
      assertEquals(3, md.getColumnCount());
      assertEquals("ID", md.getColumnLabel(1));
      assertEquals(Types.INTEGER, md.getColumnType(1));
      assertEquals(Types.VARCHAR, md.getColumnType(2));
      q.setInt(1, 9);
      List<Integer> ids = new ArrayList<>();
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getInt(1));
        }
      }
      assertEquals(List.of(3, 4, 5), ids);
      q.setMaxRows(2);
      try (ResultSet rs = q.executeQuery()) {
        assertTrue(rs.next());
        assertTrue(rs.next());
        assertFalse(rs.next());
      }
    }
  }

  @Test
  void batches() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.addBatch("INSERT INTO ITEMS VALUES (1, 'a', 1)");
      s.addBatch("INSERT INTO ITEMS VALUES (2, 'b', 2)");
      s.addBatch("UPDATE ITEMS SET QTY = 0");
      assertArrayEquals(new int[] {1, 1, 2}, s.executeBatch());
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO ITEMS VALUES (?, ?, ?)")) {
      for (int i = 10; i < 110; i++) {
        ps.setInt(1, i);
        ps.setString(2, "n" + i);
        ps.setInt(3, i);
        ps.addBatch();
      }
      int[] counts = ps.executeBatch();
      assertEquals(100, counts.length);
      for (int n : counts) {
        assertEquals(1, n);
      }
      ps.setInt(1, 500);
      ps.setString(2, "ok");
      ps.setInt(3, 1);
      ps.addBatch();
      ps.setInt(1, 10); // duplicate key
      ps.addBatch();
      BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
      assertArrayEquals(new int[] {1}, e.getUpdateCounts());
      assertEquals("23505", e.getSQLState());
    }
    assertEquals(List.of("103"), rows("SELECT COUNT(*) FROM ITEMS"));
  }

  @Test
  void errorsMapToJdbcClasses() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("INSERT INTO ITEMS VALUES (1, 'a', 1)");
      SQLException dup = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO ITEMS VALUES (1, 'b', 2)"));
      assertInstanceOf(SQLIntegrityConstraintViolationException.class, dup);
      assertEquals("23505", dup.getSQLState());
      SQLException syntax = assertThrows(SQLException.class, () -> s.executeQuery("SELEC 1"));
      assertInstanceOf(SQLSyntaxErrorException.class, syntax);
      assertEquals("42S02", assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM NOPE")).getSQLState());
      assertEquals("42S22", assertThrows(SQLException.class, () -> s.executeQuery("SELECT NOPE FROM ITEMS")).getSQLState());
      assertEquals("07005", assertThrows(SQLException.class,
          () -> c.prepareStatement("DELETE FROM ITEMS WHERE ID = 0").executeQuery()).getSQLState());
      // the connection is still usable after errors
      assertEquals(List.of("1"), rows("SELECT COUNT(*) FROM ITEMS"));
      assertTrue(c.isValid(1));
    }
  }

  @Test
  void closingTheConnectionClosesStatements() throws SQLException {
    Connection other = DriverManager.getConnection(EngineUrls.fresh("close"));
    Statement s = other.createStatement();
    ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES");
    other.close();
    assertTrue(s.isClosed());
    assertTrue(rs.isClosed());
    assertTrue(other.isClosed());
    assertEquals("08003", assertThrows(SQLException.class, other::createStatement).getSQLState());
  }
}
