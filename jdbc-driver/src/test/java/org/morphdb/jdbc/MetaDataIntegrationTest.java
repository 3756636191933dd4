package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData over the engine's INFORMATION_SCHEMA after real DDL. */
class MetaDataIntegrationTest {
  private Connection c;
  private DatabaseMetaData md;

  @BeforeEach
  void open() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("meta"));
    try (Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE ORDERS (ID BIGINT NOT NULL, CUSTOMER VARCHAR(40) NOT NULL,"
          + " TOTAL DECIMAL(10, 2), PRIMARY KEY (ID))");
      s.executeUpdate("CREATE INDEX IX_ORDERS_CUSTOMER ON ORDERS (CUSTOMER)");
      s.executeUpdate("CREATE TABLE ORDER_LINES (ORDER_ID BIGINT NOT NULL, LINE INT NOT NULL,"
          + " PRIMARY KEY (ORDER_ID, LINE))");
    }
    md = c.getMetaData();
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private static List<String> column(ResultSet rs, String name) throws SQLException {
    List<String> values = new ArrayList<>();
    while (rs.next()) {
      values.add(rs.getString(name));
    }
    rs.close();
    return values;
  }

  @Test
  void tables() throws SQLException {
    List<String> user = column(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"}), "TABLE_NAME");
    assertEquals(List.of("ORDERS", "ORDER_LINES"), user);
    assertEquals(List.of("ORDERS"), column(md.getTables(null, null, "ORDERS", null), "TABLE_NAME"));
    assertEquals(List.of("ORDER_LINES"), column(md.getTables(null, null, "ORDER\\_%", null), "TABLE_NAME"));
    List<String> system = column(md.getTables(null, "INFORMATION_SCHEMA", "%", null), "TABLE_TYPE");
    assertFalse(system.isEmpty());
    assertTrue(system.stream().allMatch("SYSTEM TABLE"::equals), system.toString());
    assertTrue(column(md.getTables(null, null, null, null), "TABLE_NAME").contains("ORDERS"));
    assertFalse(md.getTables("NO_SUCH_CATALOG", null, "%", null).next());
  }

  @Test
  void columns() throws SQLException {
    ResultSet rs = md.getColumns(null, "PUBLIC", "ORDERS", "%");
    assertTrue(rs.next());
    assertEquals("ID", rs.getString("COLUMN_NAME"));
    assertEquals(Types.BIGINT, rs.getInt("DATA_TYPE"));
    assertEquals(DatabaseMetaData.columnNoNulls, rs.getInt("NULLABLE"));
    assertEquals(1, rs.getInt("ORDINAL_POSITION"));
    assertTrue(rs.next());
    assertEquals("CUSTOMER", rs.getString("COLUMN_NAME"));
    assertEquals(Types.VARCHAR, rs.getInt("DATA_TYPE"));
    assertEquals(40, rs.getInt("COLUMN_SIZE"));
    assertTrue(rs.next());
    assertEquals("TOTAL", rs.getString("COLUMN_NAME"));
    assertEquals(Types.DECIMAL, rs.getInt("DATA_TYPE"));
    assertEquals(10, rs.getInt("COLUMN_SIZE"));
    assertEquals(2, rs.getInt("DECIMAL_DIGITS"));
    assertEquals("YES", rs.getString("IS_NULLABLE"));
    assertFalse(rs.next());

    assertEquals(List.of("CUSTOMER"), column(md.getColumns(null, null, "ORDERS", "CUST%"), "COLUMN_NAME"));
    try (Statement s = c.createStatement()) {
      s.executeUpdate("ALTER TABLE ORDERS ADD COLUMN NOTE VARCHAR(10)");
    }
    assertEquals(List.of("ID", "CUSTOMER", "TOTAL", "NOTE"), column(md.getColumns(null, null, "ORDERS", null), "COLUMN_NAME"));
  }

  @Test
  void primaryKeys() throws SQLException {
    assertEquals(List.of("ID"), column(md.getPrimaryKeys(null, "PUBLIC", "ORDERS"), "COLUMN_NAME"));
    ResultSet rs = md.getPrimaryKeys(null, null, "ORDER_LINES");
    List<String> keys = new ArrayList<>();
    while (rs.next()) {
      keys.add(rs.getString("COLUMN_NAME") + ":" + rs.getShort("KEY_SEQ"));
    }
    assertEquals(List.of("LINE:2", "ORDER_ID:1"), keys);
    assertEquals(3, column(md.getPrimaryKeys(null, "PUBLIC", "%"), "COLUMN_NAME").size());
  }

  @Test
  void indexInfo() throws SQLException {
    ResultSet rs = md.getIndexInfo(null, "PUBLIC", "ORDERS", false, true);
    List<String> entries = new ArrayList<>();
    while (rs.next()) {
      entries.add(rs.getString("INDEX_NAME") + ":" + rs.getString("COLUMN_NAME") + ":" + rs.getBoolean("NON_UNIQUE"));
    }
    assertTrue(entries.contains("IX_ORDERS_CUSTOMER:CUSTOMER:true"), entries.toString());
    assertTrue(entries.stream().anyMatch(e -> e.endsWith(":ID:false")), entries.toString());
    List<String> unique = column(md.getIndexInfo(null, "PUBLIC", "ORDERS", true, true), "INDEX_NAME");
    assertFalse(unique.contains("IX_ORDERS_CUSTOMER"));

    try (Statement s = c.createStatement()) {
      s.executeUpdate("DROP INDEX IX_ORDERS_CUSTOMER");
    }
    assertFalse(column(md.getIndexInfo(null, null, "ORDERS", false, true), "INDEX_NAME").contains("IX_ORDERS_CUSTOMER"));
  }

  @Test
  void routineToolCallsDoNotFail() throws SQLException {
    assertFalse(md.getImportedKeys(null, null, "%").next());
    assertFalse(md.getExportedKeys(null, "PUBLIC", "ORDERS").next());
    assertFalse(md.getProcedures(null, null, "%").next());
    assertFalse(md.getFunctions(null, null, "%").next());
    assertTrue(md.getTypeInfo().next());
    assertTrue(md.getSchemas().next());
    assertEquals("MorphDB", md.getDatabaseProductName());
  }

  @Test
  void metadataInsideATransactionKeepsItUsable() throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeUpdate("INSERT INTO ORDERS VALUES (1, 'x', 1.50)");
      assertTrue(md.getTables(null, null, "ORDERS", null).next());
      s.executeUpdate("INSERT INTO ORDERS VALUES (2, 'y', 2.50)");
    }
    c.commit();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM ORDERS")) {
      rs.next();
      assertEquals(2, rs.getInt(1));
    }
  }
}
