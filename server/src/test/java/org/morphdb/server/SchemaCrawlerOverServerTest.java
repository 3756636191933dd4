package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import schemacrawler.inclusionrule.RegularExpressionInclusionRule;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.schemacrawler.SchemaRetrievalOptionsBuilder;
import schemacrawler.tools.options.Config;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSources;

/** SchemaCrawler, which walks metadata as SQL tools do, crawls a database through the server. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SchemaCrawlerOverServerTest {
  @Test
  void crawlsTablesColumnsKeysAndIndexesRemotely() throws Exception {
    try (MorphServer server = MorphServer.start(ServerConfig.forTests());
        Connection c = DriverManager.getConnection(server.url("crawl_" + System.nanoTime()))) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE CUSTOMERS (ID BIGINT PRIMARY KEY, NAME VARCHAR(40) NOT NULL)");
        s.execute("CREATE TABLE ORDERS (ID INT PRIMARY KEY, CUSTOMER_ID BIGINT, TOTAL DECIMAL(10,2))");
        s.execute("CREATE INDEX ORDERS_CUSTOMER ON ORDERS (CUSTOMER_ID)");
      }
      SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
          .withLimitOptions(LimitOptionsBuilder.builder()
              .includeSchemas(new RegularExpressionInclusionRule("PUBLIC")).toOptions())
          .withLoadOptions(LoadOptionsBuilder.builder()
              .withSchemaInfoLevel(SchemaInfoLevelBuilder.standard()).toOptions());
      Catalog catalog = SchemaCrawlerUtility.getCatalog(DatabaseConnectionSources.fromConnection(c),
          SchemaRetrievalOptionsBuilder.builder().fromConnnection(c).toOptions(), options, new Config());
      List<String> tables = catalog.getTables().stream().map(Table::getName).sorted().collect(Collectors.toList());
      assertEquals(List.of("CUSTOMERS", "ORDERS"), tables);
      Table orders = catalog.getTables().stream().filter(t -> t.getName().equals("ORDERS")).findFirst().orElseThrow();
      assertEquals(3, orders.getColumns().size());
      assertEquals("ID", orders.getPrimaryKey().getConstrainedColumns().get(0).getName());
      assertTrue(orders.getIndexes().stream().anyMatch(i -> i.getName().equals("ORDERS_CUSTOMER")), orders.getIndexes().toString());
      assertTrue(c.isValid(1), "the connection survives the crawl");
    }
  }
}
