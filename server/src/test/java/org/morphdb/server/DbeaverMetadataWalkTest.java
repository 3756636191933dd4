package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The DatabaseMetaData calls DBeaver's generic driver makes on connect and while browsing
 * (docs FIELD-NOTES "Server mode"), walked over the wire and embedded on the same schema:
 * every call succeeds remotely and answers exactly what it answers embedded.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DbeaverMetadataWalkTest {
  private static MorphServer server;
  private static String name;

  @BeforeAll
  static void start() throws Exception {
    server = MorphServer.start(ServerConfig.forTests());
    name = "dbeaver_" + System.nanoTime();
    try (Connection c = DriverManager.getConnection("jdbc:morph:mem:" + name + ";keep=true");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE CUSTOMERS (ID BIGINT PRIMARY KEY, NAME VARCHAR(40) NOT NULL, EMAIL VARCHAR(80))");
      s.execute("CREATE TABLE ORDERS (ID INT PRIMARY KEY, CUSTOMER_ID BIGINT, TOTAL DECIMAL(10,2))");
      s.execute("CREATE INDEX ORDERS_CUSTOMER ON ORDERS (CUSTOMER_ID)");
      s.execute("CREATE UNIQUE INDEX CUSTOMERS_EMAIL ON CUSTOMERS (EMAIL)");
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void everyCallAnswersOverTheWireWhatItAnswersEmbedded() throws SQLException {
    Map<String, String> embedded;
    Map<String, String> remote;
    try (Connection c = DriverManager.getConnection("jdbc:morph:mem:" + name)) {
      embedded = walk(c.getMetaData());
    }
    try (Connection c = DriverManager.getConnection(server.url(name))) {
      remote = walk(c.getMetaData());
      assertTrue(c.getMetaData().getURL().startsWith("jdbc:morph://"), c.getMetaData().getURL());
    }
    assertEquals(embedded.keySet(), remote.keySet());
    for (String call : embedded.keySet()) {
      assertEquals(embedded.get(call), remote.get(call), call);
    }
    assertTrue(remote.get("getTables(null,null,%,null)").contains("CUSTOMERS"));
    assertTrue(remote.get("getColumns(null,null,%,%)").contains("CUSTOMER_ID"));
    assertTrue(remote.get("getPrimaryKeys(null,PUBLIC,ORDERS)").contains("ID"));
    assertTrue(remote.get("getIndexInfo(null,PUBLIC,ORDERS,false,true)").contains("ORDERS_CUSTOMER"));
    assertFalse(remote.get("getTypeInfo()").isEmpty());
  }

  /** The calls in DBeaver's order; each result as text, or the SQLState it failed with. */
  private static Map<String, String> walk(DatabaseMetaData md) throws SQLException {
    Map<String, String> r = new LinkedHashMap<>();
    r.put("product", md.getDatabaseProductName() + " " + md.getDatabaseProductVersion());
    r.put("driver", md.getDriverName() + " " + md.getDriverVersion());
    r.put("capabilities", List.of(md.supportsTransactions(), md.supportsBatchUpdates(),
        md.supportsSubqueriesInExists(), md.supportsSchemasInTableDefinitions(),
        md.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE),
        md.getDefaultTransactionIsolation(), md.storesUpperCaseIdentifiers(),
        md.storesMixedCaseQuotedIdentifiers(), md.getIdentifierQuoteString(), md.getSearchStringEscape(),
        md.getSQLKeywords(), md.getNumericFunctions(), md.getStringFunctions(), md.getCatalogSeparator(),
        md.isCatalogAtStart(), md.getMaxColumnNameLength(), md.supportsGetGeneratedKeys()).toString());
    r.put("getCatalogs()", text(md.getCatalogs()));
    r.put("getSchemas()", text(md.getSchemas()));
    r.put("getSchemas(null,%)", text(md.getSchemas(null, "%")));
    r.put("getTypeInfo()", text(md.getTypeInfo()));
    r.put("getTableTypes()", text(md.getTableTypes()));
    r.put("getTables(null,null,%,null)", text(md.getTables(null, null, "%", null)));
    r.put("getTables(null,PUBLIC,%,TABLE)", text(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"})));
    r.put("getColumns(null,null,%,%)", text(md.getColumns(null, null, "%", "%")));
    r.put("getPrimaryKeys(null,PUBLIC,ORDERS)", text(md.getPrimaryKeys(null, "PUBLIC", "ORDERS")));
    r.put("getImportedKeys(null,PUBLIC,ORDERS)", text(md.getImportedKeys(null, "PUBLIC", "ORDERS")));
    r.put("getExportedKeys(null,PUBLIC,CUSTOMERS)", text(md.getExportedKeys(null, "PUBLIC", "CUSTOMERS")));
    r.put("getIndexInfo(null,PUBLIC,ORDERS,false,true)", text(md.getIndexInfo(null, "PUBLIC", "ORDERS", false, true)));
    r.put("getIndexInfo(null,PUBLIC,CUSTOMERS,true,false)", text(md.getIndexInfo(null, "PUBLIC", "CUSTOMERS", true, false)));
    r.put("getProcedures()", text(md.getProcedures(null, null, "%")));
    r.put("getFunctions()", text(md.getFunctions(null, null, "%")));
    r.put("getUDTs()", text(md.getUDTs(null, null, "%", null)));
    return r;
  }

  private static String text(ResultSet rs) throws SQLException {
    try (rs) {
      ResultSetMetaData m = rs.getMetaData();
      List<String> rows = new ArrayList<>();
      StringBuilder header = new StringBuilder();
      for (int i = 1; i <= m.getColumnCount(); i++) {
        header.append(m.getColumnLabel(i)).append(':').append(m.getColumnType(i)).append(' ');
      }
      rows.add(header.toString());
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= m.getColumnCount(); i++) {
          row.append(rs.getString(i)).append('|');
        }
        rows.add(row.toString());
      }
      return String.join("\n", rows);
    }
  }
}
