package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * MERGE: matched rows are updated, unmatched source rows inserted, and the update count is
 * exactly the rows written; a target row matched twice is 21000.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class MergeIntegrationTest {
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("merge"));
    exec("CREATE TABLE STOCK (SKU VARCHAR(10) PRIMARY KEY, QTY INT NOT NULL)");
    exec("INSERT INTO STOCK VALUES ('a', 1), ('b', 2)");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private int exec(String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
      return s.getUpdateCount();
    }
  }

  private List<String> stock() throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SKU, QTY FROM STOCK ORDER BY SKU")) {
      while (rs.next()) {
        out.add(rs.getString(1) + "=" + rs.getInt(2));
      }
    }
    return out;
  }

  @Test
  void matchedRowsAreUpdatedAndTheOthersInsertedWithAnExactCount() throws SQLException {
    assertEquals(3, exec("MERGE INTO STOCK USING (VALUES ('a', 10), ('c', 30), ('d', 40)) AS S(SKU, QTY)"
        + " ON STOCK.SKU = S.SKU"
        + " WHEN MATCHED THEN UPDATE SET QTY = STOCK.QTY + S.QTY"
        + " WHEN NOT MATCHED THEN INSERT (SKU, QTY) VALUES (S.SKU, S.QTY)"));
    assertEquals(List.of("a=11", "b=2", "c=30", "d=40"), stock());
  }

  @Test
  void anUpsertOfOneRowThroughParameters() throws SQLException {
    String upsert = "MERGE INTO STOCK T USING (VALUES (CAST(? AS VARCHAR(10)), CAST(? AS INT))) AS S(SKU, QTY)"
        + " ON T.SKU = S.SKU WHEN MATCHED THEN UPDATE SET QTY = ?"
        + " WHEN NOT MATCHED THEN INSERT (SKU, QTY) VALUES (S.SKU, ?)";
    try (PreparedStatement ps = c.prepareStatement(upsert)) {
      for (Object[] row : List.of(new Object[] {"b", 5}, new Object[] {"z", 7})) {
        ps.setString(1, (String) row[0]);
        ps.setInt(2, (Integer) row[1]);
        ps.setInt(3, (Integer) row[1]);
        ps.setInt(4, (Integer) row[1]);
        assertEquals(1, ps.executeUpdate());
      }
    }
    assertEquals(List.of("a=1", "b=5", "z=7"), stock());
  }

  @Test
  void onlyOneBranchGiven() throws SQLException {
    assertEquals(1, exec("MERGE INTO STOCK USING (VALUES ('a'), ('q')) AS S(SKU) ON STOCK.SKU = S.SKU"
        + " WHEN NOT MATCHED THEN INSERT (SKU, QTY) VALUES (S.SKU, 0)"));
    assertEquals(1, exec("MERGE INTO STOCK USING (VALUES ('b'), ('r')) AS S(SKU) ON STOCK.SKU = S.SKU"
        + " WHEN MATCHED THEN UPDATE SET QTY = 99"));
    assertEquals(List.of("a=1", "b=99", "q=0"), stock());
  }

  @Test
  void aTargetRowMatchedTwiceIsACardinalityViolationAndNothingIsWritten() throws SQLException {
    SQLException e = assertThrows(SQLException.class, () -> exec(
        "MERGE INTO STOCK USING (VALUES ('a', 5), ('a', 6), ('n', 1)) AS S(SKU, QTY) ON STOCK.SKU = S.SKU"
            + " WHEN MATCHED THEN UPDATE SET QTY = S.QTY"
            + " WHEN NOT MATCHED THEN INSERT (SKU, QTY) VALUES (S.SKU, S.QTY)"));
    assertEquals("21000", e.getSQLState());
    assertEquals(List.of("a=1", "b=2"), stock());
  }

  @Test
  void insertsTakeIdentityValues() throws SQLException {
    exec("CREATE TABLE TAGS (ID INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, NAME VARCHAR(10) UNIQUE)");
    exec("MERGE INTO TAGS USING (VALUES ('x'), ('y')) AS S(NAME) ON TAGS.NAME = S.NAME"
        + " WHEN NOT MATCHED THEN INSERT (NAME) VALUES (S.NAME)");
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT ID, NAME FROM TAGS ORDER BY ID")) {
      List<String> got = new ArrayList<>();
      while (rs.next()) {
        got.add(rs.getInt(1) + rs.getString(2));
      }
      assertEquals(List.of("1x", "2y"), got);
    }
  }
}
