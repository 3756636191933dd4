package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import schemacrawler.inclusionrule.RegularExpressionInclusionRule;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.Index;
import schemacrawler.schema.IndexColumn;
import schemacrawler.schema.PrimaryKey;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.InfoLevel;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.schemacrawler.SchemaRetrievalOptions;
import schemacrawler.schemacrawler.SchemaRetrievalOptionsBuilder;
import schemacrawler.tools.options.Config;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSource;
import us.fatehi.utility.datasource.DatabaseConnectionSources;

/**
 * Crawls a MorphDB database with SchemaCrawler, the way DBeaver-like tools walk DatabaseMetaData,
 * and checks the tables, columns, primary keys and indexes it reports.
 */
class SchemaCrawlerMetadataTest {
  private Connection c;
  private Catalog catalog;

  @BeforeEach
  void crawl() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("crawl"));
    try (Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE CUSTOMERS (ID BIGINT PRIMARY KEY, NAME VARCHAR(40) NOT NULL,"
          + " EMAIL VARCHAR(80))");
      s.executeUpdate("CREATE TABLE ORDERS (ID INT PRIMARY KEY, CUSTOMER_ID BIGINT,"
          + " TOTAL DECIMAL(10,2))");
      s.executeUpdate("CREATE INDEX ORDERS_CUSTOMER ON ORDERS (CUSTOMER_ID)");
      s.executeUpdate("CREATE UNIQUE INDEX CUSTOMERS_EMAIL ON CUSTOMERS (EMAIL)");
    }

    DatabaseConnectionSource source = DatabaseConnectionSources.fromConnection(c);
    SchemaRetrievalOptions retrieval = SchemaRetrievalOptionsBuilder.builder().fromConnnection(c).toOptions();
    SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
        .withLimitOptions(LimitOptionsBuilder.builder()
            .includeSchemas(new RegularExpressionInclusionRule("PUBLIC"))
            .toOptions())
        .withLoadOptions(LoadOptionsBuilder.builder()
            .withSchemaInfoLevel(SchemaInfoLevelBuilder.standard())
            .toOptions());
    catalog = SchemaCrawlerUtility.getCatalog(source, retrieval, options, new Config());
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private Table table(String name) {
    return catalog.getTables().stream()
        .filter(t -> t.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no table " + name + " in " + catalog.getTables()));
  }

  private static Column column(Table table, String name) {
    return table.lookupColumn(name)
        .orElseThrow(() -> new AssertionError("no column " + name + " in " + table.getColumns()));
  }

  private static void assertColumn(Table table, String name, String typeName, int jdbcType,
      boolean nullable) {
    Column col = column(table, name);
    // the bare type name, matched against getTypeInfo: not a schema-local "VARCHAR(40)" type
    assertEquals(typeName, col.getColumnDataType().getName(), table.getName() + "." + name + " type name");
    assertEquals(jdbcType, col.getColumnDataType().getJavaSqlType().getVendorTypeNumber().intValue(),
        table.getName() + "." + name + " type " + col.getColumnDataType());
    assertEquals(nullable, col.isNullable(), table.getName() + "." + name + " nullable");
  }

  private static Map<String, List<String>> indexes(Table table) {
    Map<String, List<String>> result = new TreeMap<>();
    for (Index index : table.getIndexes()) {
      result.put(index.getName(),
          index.getColumns().stream().map(IndexColumn::getName).collect(Collectors.toList()));
    }
    return result;
  }

  private static Index index(Table table, String name) {
    return table.lookupIndex(name)
        .orElseThrow(() -> new AssertionError("no index " + name + " in " + indexes(table)));
  }

  @Test
  void tablesInPublicOnly() {
    List<String> names = catalog.getTables().stream()
        .map(t -> t.getSchema().getName() + "." + t.getName())
        .sorted()
        .collect(Collectors.toList());
    assertEquals(List.of("PUBLIC.CUSTOMERS", "PUBLIC.ORDERS"), names);
    assertTrue(catalog.getTables().stream().allMatch(t -> "TABLE".equalsIgnoreCase(t.getTableType().getTableType())),
        () -> catalog.getTables().stream().map(t -> t.getTableType().toString()).collect(Collectors.toList()).toString());
  }

  @Test
  void columnsWithTypesAndNullability() {
    Table customers = table("CUSTOMERS");
    assertEquals(List.of("ID", "NAME", "EMAIL"),
        customers.getColumns().stream().map(Column::getName).collect(Collectors.toList()));
    assertColumn(customers, "ID", "BIGINT", Types.BIGINT, false);
    assertColumn(customers, "NAME", "VARCHAR", Types.VARCHAR, false);
    assertColumn(customers, "EMAIL", "VARCHAR", Types.VARCHAR, true);
    assertEquals(40, column(customers, "NAME").getSize());
    assertEquals(80, column(customers, "EMAIL").getSize());

    Table orders = table("ORDERS");
    assertEquals(List.of("ID", "CUSTOMER_ID", "TOTAL"),
        orders.getColumns().stream().map(Column::getName).collect(Collectors.toList()));
    assertColumn(orders, "ID", "INTEGER", Types.INTEGER, false);
    assertColumn(orders, "CUSTOMER_ID", "BIGINT", Types.BIGINT, true);
    assertColumn(orders, "TOTAL", "DECIMAL", Types.DECIMAL, true);
    assertEquals(10, column(orders, "TOTAL").getSize());
    assertEquals(2, column(orders, "TOTAL").getDecimalDigits());
  }

  @Test
  void primaryKeys() {
    for (String name : List.of("CUSTOMERS", "ORDERS")) {
      Table table = table(name);
      assertTrue(table.hasPrimaryKey(), name + " has no primary key");
      PrimaryKey pk = table.getPrimaryKey();
      assertNotNull(pk);
      assertEquals(List.of("ID"),
          pk.getConstrainedColumns().stream().map(Column::getName).collect(Collectors.toList()), name);
      assertTrue(column(table, "ID").isPartOfPrimaryKey(), name + ".ID");
      assertFalse(column(table, name.equals("ORDERS") ? "CUSTOMER_ID" : "NAME").isPartOfPrimaryKey());
    }
  }

  @Test
  void indexes() {
    Table orders = table("ORDERS");
    Index byCustomer = index(orders, "ORDERS_CUSTOMER");
    assertEquals(List.of("CUSTOMER_ID"),
        byCustomer.getColumns().stream().map(IndexColumn::getName).collect(Collectors.toList()));
    assertFalse(byCustomer.isUnique());

    Table customers = table("CUSTOMERS");
    Index byEmail = index(customers, "CUSTOMERS_EMAIL");
    assertEquals(List.of("EMAIL"),
        byEmail.getColumns().stream().map(IndexColumn::getName).collect(Collectors.toList()));
    assertTrue(byEmail.isUnique());
  }
}
