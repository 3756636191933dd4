package org.morphdb.jdbc.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jdbc:morph:file:PATH: what a committed change looks like after the database is closed and opened again. */
class FileDatabaseTest {
  @TempDir
  Path dir;

  private String url(String options) {
    return "jdbc:morph:file:" + dir.resolve("db") + (options.isEmpty() ? "" : ";" + options);
  }

  static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  static void exec(Connection c, String... sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  @Test
  void committedRowsCatalogAndIndexesComeBackAfterAReopen() throws SQLException {
    try (Connection c = DriverManager.getConnection(url(""))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY, NAME VARCHAR(20), QTY INT)",
          "INSERT INTO T VALUES (1, 'one', 10), (2, 'two', 20), (3, 'three', 30)",
          "CREATE INDEX T_QTY ON T (QTY)", "CREATE UNIQUE INDEX T_NAME ON T (NAME)",
          "UPDATE T SET QTY = 21 WHERE ID = 2", "DELETE FROM T WHERE ID = 3",
          "ALTER TABLE T ADD COLUMN NOTE VARCHAR(10) DEFAULT 'n'",
          "CREATE TABLE GONE (ID INT PRIMARY KEY)", "INSERT INTO GONE VALUES (1)", "DROP TABLE GONE",
          "CREATE TABLE NOKEY (A INT)", "INSERT INTO NOKEY VALUES (1), (2)");
    }
    try (Connection c = DriverManager.getConnection(url(""))) {
      assertEquals(List.of("1|one|10|n", "2|two|21|n"), rows(c, "SELECT * FROM T ORDER BY ID"));
      assertEquals(List.of("2"), rows(c, "SELECT ID FROM T WHERE QTY = 21"));
      assertEquals(List.of(), rows(c, "CHECK TABLE T"));
      assertEquals(List.of("T_NAME|PUBLIC", "T_QTY|PUBLIC"),
          rows(c, "SELECT INDEX_NAME, STATE FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'T' ORDER BY 1"));
      SQLException dup = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO T VALUES (5, 'one', 1, 'x')"));
      assertEquals("23505", dup.getSQLState());
      assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM GONE"));
      // hidden row ids continue above the ones stored: no row is overwritten
      exec(c, "INSERT INTO NOKEY VALUES (3)");
      assertEquals(List.of("1", "2", "3"), rows(c, "SELECT A FROM NOKEY ORDER BY A"));
      assertTrue(Integer.parseInt(rows(c, "SELECT COUNT(*) FROM SYS.SCHEMA_VERSIONS").get(0)) > 5);
      assertEquals(List.of("DONE", "DONE"),
          rows(c, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'CREATE%INDEX%' ORDER BY JOB_ID"));
    }
  }

  @Test
  void theLogAloneRecoversWhenTheProcessNeverClosedTheDatabase() throws Exception {
    // a connection left open (no close, no checkpoint): a second JVM would replay the log. Here
    // the test reads the directory with a fresh engine via a copy taken while the database is open.
    Connection c = DriverManager.getConnection(url(""));
    exec(c, "CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 1), (2, 2)",
        "UPDATE T SET V = 5 WHERE ID = 1");
    Path copy = dir.resolve("copy");
    copyDirectory(dir.resolve("db"), copy);
    c.close();
    try (Connection r = DriverManager.getConnection("jdbc:morph:file:" + copy)) {
      assertEquals(List.of("1|5", "2|2"), rows(r, "SELECT * FROM T ORDER BY ID"));
    }
  }

  static void copyDirectory(Path from, Path to) throws java.io.IOException {
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path f : files.toList()) {
        if (!f.getFileName().toString().equals("db.lock")) {
          Files.copy(f, to.resolve(f.getFileName()));
        }
      }
    }
  }

  @Test
  void checkpointThenMoreCommitsThenReopenKeepsBoth() throws SQLException {
    try (Connection c = DriverManager.getConnection(url(""))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 1), (2, 2)", "CHECKPOINT",
          "DELETE FROM T WHERE ID = 1", "INSERT INTO T VALUES (3, 3)", "checkpoint;", "UPDATE T SET V = 9 WHERE ID = 3");
      assertEquals(1, checkpoints());
    }
    try (Connection c = DriverManager.getConnection(url(""))) {
      assertEquals(List.of("2|2", "3|9"), rows(c, "SELECT * FROM T ORDER BY ID"));
    }
  }

  private long checkpoints() {
    try (var files = Files.list(dir.resolve("db"))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".ckpt")).count();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void optionsFixedAtCreationAreKeptAndCompared() throws SQLException {
    try (Connection c = DriverManager.getConnection(url("nodes=2"))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY)");
    }
    try (Connection c = DriverManager.getConnection(url(""))) {
      assertEquals(List.of("0", "1"), rows(c, "SELECT NODE_ID FROM SYS.NODES ORDER BY 1"));
    }
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url("nodes=3")));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("nodes"), e.getMessage());
  }

  @Test
  void ifExistsRefusesToCreate() {
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url("ifExists=true")));
    assertEquals("08001", e.getSQLState());
    assertFalse(Files.exists(dir.resolve("db")));
  }

  @Test
  void connectionsOfOneJvmShareTheOpenDatabase() throws SQLException {
    try (Connection a = DriverManager.getConnection(url("")); Connection b = DriverManager.getConnection(url(""))) {
      exec(a, "CREATE TABLE T (ID INT PRIMARY KEY)", "INSERT INTO T VALUES (7)");
      assertEquals(List.of("7"), rows(b, "SELECT * FROM T"));
    }
  }

  @Test
  void badOptionValuesAreRefused() {
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url("durability=maybe")));
    assertEquals("08001", e.getSQLState());
    SQLException empty = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:morph:file:"));
    assertEquals("08001", empty.getSQLState());
  }

  @Test
  void asyncCommitsSurviveAReopenToo() throws SQLException {
    try (Connection c = DriverManager.getConnection(url("durability=async;writeDelay=50"))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY)");
      for (int i = 0; i < 100; i++) {
        exec(c, "INSERT INTO T VALUES (" + i + ")");
      }
    }
    try (Connection c = DriverManager.getConnection(url(""))) {
      assertEquals(List.of("100"), rows(c, "SELECT COUNT(*) FROM T"));
    }
  }

  @Test
  void theClockRestartsAboveEveryPersistedTimestamp() throws SQLException {
    try (Connection c = DriverManager.getConnection(url(""))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY)", "CREATE INDEX T_ID ON T (ID)");
    }
    long before;
    try (Connection c = DriverManager.getConnection(url(""))) {
      before = Long.parseLong(rows(c, "SELECT MAX(ACTIVATION_TS) FROM SYS.SCHEMA_VERSIONS").get(0));
      exec(c, "ALTER TABLE T ADD COLUMN A INT");
      long after = Long.parseLong(rows(c, "SELECT MAX(ACTIVATION_TS) FROM SYS.SCHEMA_VERSIONS").get(0));
      assertTrue(after > before, after + " <= " + before);
    }
  }

  @Test
  void filesStayBoundedUnderASteadyUpdateWorkload() throws Exception {
    System.setProperty("morph.checkpoint.logBytes", "200000");
    System.setProperty("morph.wal.segmentBytes", "65536");
    try (Connection c = DriverManager.getConnection(url("durability=async"))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY, V VARCHAR(100))");
      for (int i = 0; i < 100; i++) {
        exec(c, "INSERT INTO T VALUES (" + i + ", 'x')");
      }
      int updates = 30_000; // about 3 MB of log, 15 times the checkpoint threshold
      for (int n = 0; n < updates; n++) {
        exec(c, "UPDATE T SET V = '" + "v".repeat(50) + n + "' WHERE ID = " + (n % 100));
      }
      Thread.sleep(2500); // the automatic checkpoint looks once a second
      long size = directorySize();
      assertTrue(size < 1_000_000, "the directory holds " + size + " bytes for 100 rows after "
          + updates + " updates: the log was not checkpointed away");
      assertEquals(List.of("100"), rows(c, "SELECT COUNT(*) FROM T"));
    } finally {
      System.clearProperty("morph.checkpoint.logBytes");
      System.clearProperty("morph.wal.segmentBytes");
    }
    try (Connection c = DriverManager.getConnection(url(""))) {
      assertEquals(List.of("100"), rows(c, "SELECT COUNT(*) FROM T"));
    }
  }

  /**
   * An automatic checkpoint waits for as much log as the last checkpoint held (it rewrites
   * every row), also when that checkpoint was written before the database was opened.
   */
  @Test
  void afterAReopenTheAutomaticCheckpointStillWaitsForAsMuchLogAsTheLastOneHeld() throws Exception {
    System.setProperty("morph.checkpoint.logBytes", "200000");
    System.setProperty("morph.wal.segmentBytes", "65536");
    String value = "v".repeat(150);
    try {
      try (Connection c = DriverManager.getConnection(url("durability=async"))) {
        exec(c, "CREATE TABLE T (ID INT PRIMARY KEY, V VARCHAR(200))");
        c.setAutoCommit(false);
        try (var p = c.prepareStatement("INSERT INTO T VALUES (?, ?)")) {
          for (int i = 0; i < 20_000; i++) { // about 3 MB of rows: 15 times the threshold
            p.setInt(1, i);
            p.setString(2, value);
            p.addBatch();
          }
          p.executeBatch();
        }
        c.commit();
      } // the clean close checkpoints
      try (Connection c = DriverManager.getConnection(url("durability=async"))) {
        List<Path> atOpen = checkpointFiles();
        updates(c, 3_000, value); // about 0.6 MB of log: 3 times the threshold, a fifth of the rows
        Thread.sleep(2500); // the automatic checkpoint looks once a second
        assertEquals(atOpen, checkpointFiles(), "a checkpoint rewrote 3 MB of rows after 0.6 MB of log");
        updates(c, 30_000, value); // about 6 MB more
        Thread.sleep(2500);
        assertFalse(atOpen.equals(checkpointFiles()), "no checkpoint after twice the rows' size of log");
      }
    } finally {
      System.clearProperty("morph.checkpoint.logBytes");
      System.clearProperty("morph.wal.segmentBytes");
    }
  }

  private static void updates(Connection c, int n, String value) throws SQLException {
    try (var p = c.prepareStatement("UPDATE T SET V = ? WHERE ID = ?")) {
      for (int i = 0; i < n; i++) {
        p.setString(1, value.substring(i % 10));
        p.setInt(2, i % 20_000);
        p.executeUpdate();
      }
    }
  }

  private List<Path> checkpointFiles() throws java.io.IOException {
    try (var files = Files.list(dir.resolve("db"))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".ckpt")).sorted().toList();
    }
  }

  @Test
  void aCommitOnAnInterruptedThreadDoesNotBreakTheLog() throws SQLException {
    try (Connection c = DriverManager.getConnection(url(""))) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY)");
      Thread.currentThread().interrupt(); // e.g. a pool's cancel(true), or a cancelled statement
      try {
        exec(c, "INSERT INTO T VALUES (1)");
      } catch (SQLException e) {
        // the engine may refuse to work for an interrupted thread; the log must survive either way
      } finally {
        Thread.interrupted();
      }
      exec(c, "INSERT INTO T VALUES (2)", "CREATE INDEX T_ID ON T (ID)");
    }
    try (Connection c = DriverManager.getConnection(url(""))) {
      assertTrue(rows(c, "SELECT ID FROM T").contains("2"));
    }
  }

  private long directorySize() throws java.io.IOException {
    try (var files = Files.list(dir.resolve("db"))) {
      return files.mapToLong(f -> f.toFile().length()).sum();
    }
  }
}
