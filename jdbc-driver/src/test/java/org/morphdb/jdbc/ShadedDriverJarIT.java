package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shaded driver jar on its own: loaded by a class loader that sees nothing but that jar
 * (and the JDK), it must run every kind of SQL MorphDB supports, and stay under 15 MB. This
 * is what proves that the dependencies left out of the jar (docs/decisions.md, "The lean
 * driver jar") are not needed. Runs in the {@code integration-test} phase, after the jar is
 * built; the context class loader is the JDK's, as in a tool that loads drivers in a loader
 * of their own.
 */
class ShadedDriverJarIT {
  private static final long MAX_JAR_BYTES = 15_000_000L;

  private static URLClassLoader jarLoader;
  private static Driver driver;
  private static ClassLoader previousContextLoader;

  @BeforeAll
  static void loadDriverFromTheJarAlone() throws Exception {
    URL jar = shadedJar().toUri().toURL();
    jarLoader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader());
    Class<?> driverClass = Class.forName("org.morphdb.jdbc.MorphDriver", true, jarLoader);
    assertEquals(jarLoader, driverClass.getClassLoader(), "the driver must come from the shaded jar");
    driver = (Driver) driverClass.getDeclaredConstructor().newInstance();
    previousContextLoader = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(ClassLoader.getPlatformClassLoader());
  }

  @AfterAll
  static void restore() throws IOException {
    Thread.currentThread().setContextClassLoader(previousContextLoader);
    if (jarLoader != null) {
      jarLoader.close();
    }
  }

  static Path shadedJar() throws IOException {
    Path target = Path.of(System.getProperty("morph.shadedJarDir", "target"));
    try (Stream<Path> files = Files.list(target)) {
      List<Path> jars = files.filter(p -> p.getFileName().toString().matches("morphdb-jdbc-.*-all\\.jar")).toList();
      assertEquals(1, jars.size(), "exactly one shaded jar in " + target.toAbsolutePath() + ": " + jars);
      return jars.get(0);
    }
  }

  private static Connection connect(String name) throws SQLException {
    Connection c = driver.connect("jdbc:morph:mem:" + name + "_" + System.nanoTime(), new Properties());
    assertTrue(c != null, "the driver accepts its own URL");
    return c;
  }

  @Test
  void jarIsAtMostFifteenMegabytes() throws IOException {
    long size = Files.size(shadedJar());
    assertTrue(size <= MAX_JAR_BYTES, "shaded jar is " + size + " bytes, more than " + MAX_JAR_BYTES);
  }

  @Test
  void jarHoldsNoneOfTheLeftOutLibrariesAndRegistersOnlyMorphDriver() throws IOException {
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(shadedJar().toFile())) {
      for (String prefix : List.of("org/apache/hc/", "org/locationtech/proj4j/", "org/locationtech/jts/operation/",
          "org/yaml/", "com/google/protobuf/", "org/apache/commons/math3/linear/", "org/apache/commons/dbcp2/",
          "com/yahoo/", "com/fasterxml/jackson/databind/", "org/apache/calcite/avatica/remote/",
          "org/apache/calcite/jdbc/CalciteConnectionImpl.class")) {
        assertFalse(zip.stream().anyMatch(e -> e.getName().startsWith(prefix)), "the jar still holds " + prefix);
      }
      String drivers = new String(zip.getInputStream(zip.getEntry("META-INF/services/java.sql.Driver")).readAllBytes(),
          java.nio.charset.StandardCharsets.UTF_8).trim();
      assertEquals("org.morphdb.jdbc.MorphDriver", drivers);
    }
  }

  @Test
  void ddlDmlAndIndexes() throws SQLException {
    try (Connection c = connect("lean_ddl"); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE DEPT (ID INT PRIMARY KEY, NAME VARCHAR(20) NOT NULL)");
      s.executeUpdate("CREATE TABLE EMP (ID BIGINT PRIMARY KEY, DEPT_ID INT, NAME VARCHAR(40),"
          + " SALARY DECIMAL(10, 2), HIRED DATE, CHECK (SALARY >= 0))");
      s.executeUpdate("INSERT INTO DEPT VALUES (1, 'Sales'), (2, 'Research'), (3, 'Empty')");
      s.executeUpdate("INSERT INTO EMP VALUES (10, 1, 'ann', 1000.50, DATE '2020-01-15'),"
          + " (11, 1, 'bob', 2000, DATE '2021-06-30'), (12, 2, 'cy', 3000, DATE '2019-03-01'),"
          + " (13, NULL, 'dee', 500, NULL)");
      s.executeUpdate("CREATE INDEX EMP_DEPT ON EMP (DEPT_ID)");
      s.executeUpdate("CREATE UNIQUE INDEX EMP_NAME ON EMP (NAME)");
      assertEquals(1, s.executeUpdate("UPDATE EMP SET SALARY = SALARY * 2 WHERE NAME = 'dee'"));
      assertEquals(1, s.executeUpdate("DELETE FROM EMP WHERE ID = 13"));
      s.executeUpdate("ALTER TABLE EMP ADD COLUMN BONUS INT DEFAULT 7");
      assertEquals("7", first(s, "SELECT BONUS FROM EMP WHERE ID = 10"));
      SQLException dup = assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO EMP (ID, NAME) VALUES (14, 'ann')"));
      assertEquals("23505", dup.getSQLState());
      SQLException check = assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO EMP (ID, NAME, SALARY) VALUES (15, 'neg', -1)"));
      assertEquals("23513", check.getSQLState());
      assertEquals("PUBLIC", first(s, "SELECT STATE FROM INFORMATION_SCHEMA.INDEXES WHERE INDEX_NAME = 'EMP_DEPT'"));
      assertFalse(s.executeQuery("CHECK TABLE EMP").next(), "CHECK TABLE finds the table consistent");
      String plan = first(s, "EXPLAIN PLAN FOR SELECT NAME FROM EMP WHERE DEPT_ID = 2");
      assertTrue(plan.contains("EMP_DEPT"), plan);
      s.executeUpdate("CREATE VIEW RICH AS SELECT NAME FROM EMP WHERE SALARY > 1500");
      assertEquals("2", first(s, "SELECT COUNT(*) FROM RICH"));
      s.executeUpdate("DROP INDEX EMP_DEPT");
      queries(s);
    }
  }

  /** Joins, aggregates, subqueries, CASE, set operations, string and date functions. */
  private static void queries(Statement s) throws SQLException {
    assertEquals("Research:cy", first(s, "SELECT D.NAME || ':' || E.NAME FROM EMP E JOIN DEPT D ON E.DEPT_ID = D.ID"
        + " WHERE E.SALARY > 2500"));
    assertEquals("Empty", first(s, "SELECT D.NAME FROM DEPT D LEFT JOIN EMP E ON E.DEPT_ID = D.ID WHERE E.ID IS NULL"));
    assertEquals("1:2:3000.50", first(s, "SELECT DEPT_ID || ':' || COUNT(*) || ':' || SUM(SALARY) FROM EMP"
        + " GROUP BY DEPT_ID HAVING COUNT(*) > 1"));
    assertEquals("cy", first(s, "SELECT NAME FROM EMP WHERE SALARY = (SELECT MAX(SALARY) FROM EMP)"));
    assertEquals("2", first(s, "SELECT COUNT(*) FROM DEPT D WHERE EXISTS (SELECT 1 FROM EMP E WHERE E.DEPT_ID = D.ID)"));
    assertEquals("low", first(s, "SELECT CASE WHEN SALARY < 1500 THEN 'low' ELSE 'high' END FROM EMP WHERE ID = 10"));
    assertEquals("3", first(s, "SELECT COUNT(*) FROM (SELECT NAME FROM EMP UNION SELECT NAME FROM DEPT"
        + " INTERSECT SELECT 'Sales' FROM DEPT) X WHERE NAME IN ('ann', 'bob', 'Sales')"));
    assertEquals("ANN|nn|3|x-bob", first(s, "SELECT UPPER(NAME) || '|' || SUBSTRING(NAME FROM 2) || '|'"
        + " || CHAR_LENGTH(TRIM(' ' || NAME || ' ')) || '|' || (SELECT 'x-' || LOWER(NAME) FROM EMP WHERE ID = 11)"
        + " FROM EMP WHERE ID = 10"));
    assertEquals("true", first(s, "SELECT NAME LIKE 'a%' AND POSITION('n' IN NAME) = 2 FROM EMP WHERE ID = 10"));
    assertEquals("2020:1:2020-02-14", first(s, "SELECT EXTRACT(YEAR FROM HIRED) || ':' || EXTRACT(MONTH FROM HIRED)"
        + " || ':' || CAST(HIRED + INTERVAL '30' DAY AS VARCHAR) FROM EMP WHERE ID = 10"));
    assertEquals("true", first(s, "SELECT CURRENT_DATE > DATE '2020-01-01' AND CURRENT_TIMESTAMP IS NOT NULL FROM DEPT"
        + " WHERE ID = 1"));
    assertEquals("bob", first(s, "SELECT NAME FROM EMP ORDER BY SALARY DESC LIMIT 1 OFFSET 1"));
    assertEquals("3.00", first(s, "SELECT CAST(ROUND(AVG(CAST(ID AS DOUBLE)) - 8, 0) AS DECIMAL(5, 2)) FROM EMP"));
    assertEquals("12", first(s, "SELECT COALESCE(NULLIF(ID, 12), ABS(-12)) FROM EMP WHERE ID = 12"));
    assertEquals("2", first(s, "SELECT R FROM (SELECT ID, RANK() OVER (ORDER BY SALARY) R FROM EMP) X WHERE ID = 11"));
  }

  @Test
  void systemTablesAndMetadata() throws SQLException {
    try (Connection c = connect("lean_meta"); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE T (ID INT PRIMARY KEY, V VARCHAR(10))");
      s.executeUpdate("CREATE INDEX T_V ON T (V)");
      assertEquals("T", first(s, "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'"));
      assertEquals("2", first(s, "SELECT COUNT(*) FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'T'"));
      assertTrue(Integer.parseInt(first(s, "SELECT COUNT(*) FROM SYS.SCHEMA_VERSIONS")) >= 2);
      assertTrue(Integer.parseInt(first(s, "SELECT COUNT(*) FROM SYS.DDL_JOBS")) >= 1);
      assertEquals("1", first(s, "SELECT COUNT(*) FROM SYS.NODES"));
      DatabaseMetaData md = c.getMetaData();
      assertEquals("MorphDB", md.getDatabaseProductName());
      assertEquals(List.of("T"), column(md.getTables(null, "PUBLIC", "%", new String[] {"TABLE"}), "TABLE_NAME"));
      assertEquals(List.of("ID", "V"), column(md.getColumns(null, "PUBLIC", "T", "%"), "COLUMN_NAME"));
      assertEquals(List.of("ID"), column(md.getPrimaryKeys(null, "PUBLIC", "T"), "COLUMN_NAME"));
      assertTrue(column(md.getIndexInfo(null, "PUBLIC", "T", false, true), "INDEX_NAME").contains("T_V"));
      assertFalse(column(md.getTypeInfo(), "TYPE_NAME").isEmpty());
      assertEquals(0, column(md.getImportedKeys(null, "PUBLIC", "T"), "PKTABLE_NAME").size());
    }
  }

  @Test
  void newTypes() throws SQLException {
    try (Connection c = connect("lean_types"); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE T (ID UUID PRIMARY KEY, AT_UTC TIMESTAMP WITH TIME ZONE, BODY CLOB, DATA BLOB,"
          + " DOC JSON)");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO T VALUES (?, ?, ?, ?, ?)")) {
        ps.setObject(1, java.util.UUID.fromString("00000000-0000-0000-0000-00000000000b"));
        ps.setObject(2, java.time.OffsetDateTime.parse("2024-03-10T10:00:00+02:00"));
        ps.setCharacterStream(3, new java.io.StringReader("text"));
        ps.setBinaryStream(4, new java.io.ByteArrayInputStream(new byte[] {1, 2}));
        ps.setString(5, "{\"a\": [1, 2]}");
        ps.executeUpdate();
      }
      s.executeUpdate("CREATE INDEX T_AT ON T (AT_UTC)");
      try (ResultSet rs = s.executeQuery("SELECT ID, AT_UTC, BODY, DATA, DOC FROM T")) {
        assertTrue(rs.next());
        assertEquals(java.util.UUID.fromString("00000000-0000-0000-0000-00000000000b"),
            rs.getObject(1, java.util.UUID.class));
        assertEquals(java.time.OffsetDateTime.parse("2024-03-10T08:00:00Z"), rs.getObject(2));
        assertEquals("text", rs.getClob(3).getSubString(1, 4));
        assertEquals(2, rs.getBlob(4).length());
        assertEquals("{\"a\": [1, 2]}", rs.getString(5));
      }
      assertEquals("22018", assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO T (ID, DOC) VALUES ('x', '{')")).getSQLState());
    }
  }

  /** A prepared statement run often enough to be compiled to byte code by Janino. */
  @Test
  void preparedStatementRunManyTimesIsCompiled() throws SQLException {
    try (Connection c = connect("lean_hot"); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE HOT (ID INT PRIMARY KEY, A INT, B VARCHAR(20))");
      try (PreparedStatement insert = c.prepareStatement("INSERT INTO HOT VALUES (?, ?, ?)")) {
        for (int i = 0; i < 100; i++) {
          insert.setInt(1, i);
          insert.setInt(2, i % 7);
          insert.setString(3, "row " + i);
          insert.addBatch();
        }
        insert.executeBatch();
      }
      try (PreparedStatement q = c.prepareStatement(
          "SELECT A * 10 + CHAR_LENGTH(B), SUM(ID) OVER () FROM HOT WHERE ID = ? AND UPPER(B) LIKE 'ROW%'")) {
        for (int i = 0; i < 40; i++) {
          q.setInt(1, i);
          try (ResultSet rs = q.executeQuery()) {
            assertTrue(rs.next());
            assertEquals((i % 7) * 10 + ("row " + i).length(), rs.getInt(1));
          }
        }
      }
      try (PreparedStatement agg = c.prepareStatement("SELECT A, COUNT(*), MAX(B) FROM HOT WHERE ID >= ? GROUP BY A ORDER BY A")) {
        for (int i = 0; i < 20; i++) {
          agg.setInt(1, i);
          try (ResultSet rs = agg.executeQuery()) {
            assertTrue(rs.next());
          }
        }
      }
    }
  }

  @Test
  void transactionsAndErrors() throws SQLException {
    try (Connection c = connect("lean_tx"); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE ACC (ID INT PRIMARY KEY, BAL INT NOT NULL)");
      c.setAutoCommit(false);
      s.executeUpdate("INSERT INTO ACC VALUES (1, 100)");
      c.rollback();
      s.executeUpdate("INSERT INTO ACC VALUES (2, 50)");
      c.commit();
      c.setAutoCommit(true);
      assertEquals("2", first(s, "SELECT ID FROM ACC"));
      assertEquals("42000", assertThrows(SQLException.class, () -> s.executeQuery("SELEC 1")).getSQLState());
      assertEquals("42S02", assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM NOPE")).getSQLState());
      assertEquals("23502", assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO ACC VALUES (3, NULL)")).getSQLState());
    }
  }

  /**
   * JSON functions need Jackson's databind, which the jar leaves out: they fail with 0A000 and
   * say why, and the connection keeps working. JSON stored as text needs nothing.
   */
  @Test
  void jsonFunctionsFailCleanlyAndJsonTextStillWorks() throws SQLException {
    try (Connection c = connect("lean_json"); Statement s = c.createStatement()) {
      for (String sql : List.of("SELECT JSON_VALUE('{\"a\": 1}', '$.a')", "SELECT JSON_OBJECT('k' VALUE 'v')")) {
        SQLException e = assertThrows(SQLException.class, () -> first(s, sql), sql);
        assertEquals("0A000", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("jackson-databind"), e.getMessage());
      }
      s.executeUpdate("CREATE TABLE DOC (ID INT PRIMARY KEY, BODY VARCHAR(200))");
      s.executeUpdate("INSERT INTO DOC VALUES (1, '{\"a\": 1}')");
      assertEquals("{\"a\": 1}", first(s, "SELECT BODY FROM DOC WHERE BODY LIKE '{%'"));
    }
  }

  private static String first(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), "a row from " + sql);
      return String.valueOf(rs.getObject(1));
    }
  }

  private static List<String> column(ResultSet rs, String name) throws SQLException {
    List<String> values = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        values.add(rs.getString(name));
      }
    }
    return values;
  }
}
