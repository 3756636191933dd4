package org.morphdb.integrations.liquibase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.junit.jupiter.api.Test;
import org.morphdb.integrations.TestDatabases;
import org.morphdb.integrations.liquibase.MorphLiquibaseDatabase;

/** Liquibase 4.33 on MorphDB with {@link MorphLiquibaseDatabase}: update, tag, rollback. */
class LiquibaseTest {
  private static final String CHANGELOG = "liquibase/changelog.xml";

  private static List<String> column(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      List<String> values = new ArrayList<>();
      while (rs.next()) {
        values.add(rs.getString(1));
      }
      return values;
    }
  }

  private static Liquibase liquibase(Connection c) throws Exception {
    Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
    return new Liquibase(CHANGELOG, new ClassLoaderResourceAccessor(), database);
  }

  @Test
  void updateTwiceThenRollbackToTagThenRollbackEverything() throws Exception {
    String url = TestDatabases.freshUrl("liquibase");
    try (Connection c = DriverManager.getConnection(url)) {
      Liquibase liquibase = liquibase(c);
      assertInstanceOf(MorphLiquibaseDatabase.class, liquibase.getDatabase());
      liquibase.update(new Contexts(), new LabelExpression());
      assertEquals(List.of("Ann:Oslo", "Bob:Oslo"), column(c, "SELECT name || ':' || city FROM owner ORDER BY id"));
      assertEquals(List.of("OWNER_CITY_IDX"), column(c,
          "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE INDEX_NAME = 'OWNER_CITY_IDX'"));
      assertEquals(List.of("1-owner", "2-rows", "3-tag", "4-city", "5-index"),
          column(c, "SELECT ID FROM DATABASECHANGELOG ORDER BY ORDEREXECUTED"));
      // the lock was taken and released through exact update counts
      assertEquals(List.of("FALSE"), column(c, "SELECT LOCKED FROM DATABASECHANGELOGLOCK WHERE ID = 1"));

      // a second update finds nothing to do
      liquibase(c).update(new Contexts(), new LabelExpression());
      assertEquals(5, column(c, "SELECT ID FROM DATABASECHANGELOG").size());

      liquibase(c).rollback("v1", new Contexts(), new LabelExpression());
      assertEquals(List.of(), column(c,
          "SELECT COLUMN_NAME FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'OWNER' AND COLUMN_NAME = 'CITY'"));
      assertEquals(List.of(), column(c,
          "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE INDEX_NAME = 'OWNER_CITY_IDX'"));
      assertEquals(List.of("Ann", "Bob"), column(c, "SELECT name FROM owner ORDER BY id"));

      liquibase(c).rollback(3, null, new Contexts(), new LabelExpression());
      assertEquals(List.of(), column(c,
          "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'OWNER'"));
      assertEquals(List.of(), column(c, "SELECT ID FROM DATABASECHANGELOG"));
    }
  }
}
