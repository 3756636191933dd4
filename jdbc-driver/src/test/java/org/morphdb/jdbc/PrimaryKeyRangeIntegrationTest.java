package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A comparison on the primary key reads only that range of the rows, which are stored in key
 * order: what a range UPDATE or DELETE by key, paging by key ({@code WHERE id > ? ORDER BY id})
 * and a composite key's prefix need. The rows it returns are exactly those a full scan with
 * the same filter returns, the transaction's own uncommitted writes included.
 */
class PrimaryKeyRangeIntegrationTest {
  private String url;

  @BeforeEach
  void open() throws SQLException {
    url = EngineUrls.fresh("pkrange", "keep=true");
    try (Connection c = DriverManager.getConnection(url)) {
      Sql.exec(c, "CREATE TABLE T (ID BIGINT PRIMARY KEY, A INT)",
          "CREATE TABLE ORDERS (CUSTOMER VARCHAR(10), N INT, ITEM VARCHAR(20), PRIMARY KEY (CUSTOMER, N))");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO T VALUES (?, ?)")) {
        for (int id = 1; id <= 2000; id++) {
          p.setLong(1, id);
          p.setInt(2, id % 7);
          p.addBatch();
        }
        p.executeBatch();
      }
      Sql.exec(c, "INSERT INTO ORDERS VALUES ('ann', 1, 'pen'), ('ann', 2, 'ink'), ('ann', 3, 'pad'),"
          + " ('bob', 1, 'cup'), ('bob', 2, 'mug'), ('cy', 1, 'hat')");
    }
  }

  private static String plan(Connection c, String sql) throws SQLException {
    return String.join("\n", Sql.rows(c, "EXPLAIN PLAN FOR " + sql));
  }

  @Test
  void aRangeOfTheKeyIsReadAsARangeAndReturnsWhatAScanWould() throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      String sql = "SELECT ID FROM T WHERE ID BETWEEN 995 AND 1003 AND A <> 0";
      assertTrue(plan(c, sql).contains("index=[PRIMARY KEY]"), plan(c, sql));
      assertEquals(List.of("995", "996", "997", "998", "999", "1000", "1002", "1003"), Sql.rows(c, sql));
      assertEquals(List.of("1999", "2000"), Sql.rows(c, "SELECT ID FROM T WHERE ID > 1998"));
      assertEquals(List.of("1", "2"), Sql.rows(c, "SELECT ID FROM T WHERE ID < 3"));
      assertEquals(List.of(), Sql.rows(c, "SELECT ID FROM T WHERE ID > 5 AND ID < 6"));
      assertEquals(List.of(), Sql.rows(c, "SELECT ID FROM T WHERE ID > 2000"));
      assertEquals(List.of("2000"), Sql.rows(c, "SELECT COUNT(*) FROM T WHERE ID >= -9000000000000"));
    }
  }

  @Test
  void pagingByKeyWithAParameterReadsEachPageInKeyOrder() throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        PreparedStatement page = c.prepareStatement("SELECT ID FROM T WHERE ID > ? ORDER BY ID FETCH FIRST 3 ROWS ONLY")) {
      page.setLong(1, 1500);
      assertEquals(List.of("1501", "1502", "1503"), Sql.rows(page.executeQuery()));
      page.setLong(1, 1999);
      assertEquals(List.of("2000"), Sql.rows(page.executeQuery()));
      page.setNull(1, java.sql.Types.BIGINT);
      assertEquals(List.of(), Sql.rows(page.executeQuery()));
    }
  }

  @Test
  void aRangeUpdateAndDeleteByKeyChangeExactlyTheirRows() throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      try (PreparedStatement u = c.prepareStatement("UPDATE T SET A = -1 WHERE ID BETWEEN ? AND ?")) {
        u.setLong(1, 101);
        u.setLong(2, 200);
        assertEquals(100, u.executeUpdate());
      }
      assertEquals(List.of("100|101|200"), Sql.rows(c, "SELECT COUNT(*), MIN(ID), MAX(ID) FROM T WHERE A = -1"));
      try (PreparedStatement d = c.prepareStatement("DELETE FROM T WHERE ID >= ? AND ID < ?")) {
        d.setLong(1, 150);
        d.setLong(2, 160);
        assertEquals(10, d.executeUpdate());
      }
      assertEquals(List.of("1990"), Sql.rows(c, "SELECT COUNT(*) FROM T"));
      assertEquals(List.of("149", "160"), Sql.rows(c, "SELECT ID FROM T WHERE ID BETWEEN 149 AND 160"));
    }
  }

  @Test
  void aTransactionsOwnWritesAreInTheRangeItReads() throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Connection other = DriverManager.getConnection(url)) {
      c.setAutoCommit(false);
      Sql.exec(c, "DELETE FROM T WHERE ID = 11", "UPDATE T SET A = 100 WHERE ID = 12",
          "INSERT INTO T VALUES (5000, 1), (-5, 1)");
      assertEquals(List.of("10|3", "12|100", "13|6"), Sql.rows(c, "SELECT ID, A FROM T WHERE ID BETWEEN 10 AND 13"));
      assertEquals(List.of("5000"), Sql.rows(c, "SELECT ID FROM T WHERE ID > 2000"));
      assertEquals(List.of("-5", "1"), Sql.rows(c, "SELECT ID FROM T WHERE ID < 2 ORDER BY ID"));
      c.rollback();
      assertEquals(List.of("10|3", "11|4", "12|5", "13|6"),
          Sql.rows(other, "SELECT ID, A FROM T WHERE ID BETWEEN 10 AND 13"));
    }
  }

  @Test
  void aCompositeKeysLeadingColumnsSelectARangeOfIt() throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      String sql = "SELECT ITEM FROM ORDERS WHERE CUSTOMER = 'ann' AND N >= 2";
      assertTrue(plan(c, sql).contains("index=[PRIMARY KEY], range=[CUSTOMER = "), plan(c, sql));
      assertEquals(List.of("ink", "pad"), Sql.rows(c, sql));
      assertEquals(List.of("cup", "mug"), Sql.rows(c, "SELECT ITEM FROM ORDERS WHERE CUSTOMER = 'bob'"));
      assertEquals(List.of("cup", "mug", "hat"), Sql.rows(c, "SELECT ITEM FROM ORDERS WHERE CUSTOMER > 'ann'"));
      assertEquals(List.of("pen"), Sql.rows(c, "SELECT ITEM FROM ORDERS WHERE CUSTOMER = 'ann' AND N < 2"));
      assertEquals(List.of(), Sql.rows(c, "SELECT ITEM FROM ORDERS WHERE CUSTOMER = 'dan' AND N > 0"));
    }
  }
}
