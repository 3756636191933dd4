package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The embedded driver's JDBC features, over the wire to a server in this JVM. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RemoteJdbcTest {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();
  private static MorphServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = MorphServer.start(ServerConfig.forTests());
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  static String freshUrl(String options) {
    return server.url("remote_" + SEQUENCE.incrementAndGet() + "_" + System.nanoTime())
        + (options.isEmpty() ? "" : ";" + options);
  }

  @Test
  void statementsPreparedStatementsAndBatchesRunRemotely() throws SQLException {
    String url = freshUrl("keep=true");
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(20))");
      assertEquals(1, s.executeUpdate("INSERT INTO t VALUES (1, 'one')"));
      try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
        for (int i = 2; i <= 5; i++) {
          p.setInt(1, i);
          p.setString(2, "n" + i);
          p.addBatch();
        }
        assertArrayEquals(new int[] {1, 1, 1, 1}, p.executeBatch());
      }
      try (PreparedStatement p = c.prepareStatement("SELECT name FROM t WHERE id = ?")) {
        p.setInt(1, 3);
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("n3", rs.getString(1));
          assertFalse(rs.next());
        }
        assertEquals("NAME", p.getMetaData().getColumnName(1));
      }
    }
    // a second client sees the first one's committed rows
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
      assertTrue(rs.next());
      assertEquals(5, rs.getLong(1));
    }
  }

  @Test
  void everyValueTypeKeepsItsClassAcrossTheWire() throws SQLException {
    try (Connection c = DriverManager.getConnection(freshUrl("")); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE v (id BIGINT PRIMARY KEY, i INT, si SMALLINT, ti TINYINT, b BOOLEAN, d DOUBLE,"
          + " r REAL, dc DECIMAL(20,4), str VARCHAR(30), dt DATE, tm TIME, ts TIMESTAMP, bin VARBINARY(10))");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO v VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
        p.setLong(1, 1L << 40);
        p.setInt(2, -7);
        p.setShort(3, (short) 300);
        p.setByte(4, (byte) -3);
        p.setBoolean(5, true);
        p.setDouble(6, 2.5);
        p.setFloat(7, 1.25f);
        p.setBigDecimal(8, new BigDecimal("-12345678901234.5678"));
        p.setString(9, "grüße ✓");
        p.setObject(10, LocalDate.of(2026, 12, 4));
        p.setObject(11, LocalTime.of(13, 14, 15, 123_000_000));
        p.setObject(12, LocalDateTime.of(1969, 7, 20, 20, 17, 40));
        p.setBytes(13, new byte[] {0, -1, 127});
        assertEquals(1, p.executeUpdate());
        p.clearParameters();
        p.setLong(1, 2);
        for (int i = 2; i <= 13; i++) {
          p.setNull(i, java.sql.Types.NULL);
        }
        p.executeUpdate();
      }
      try (ResultSet rs = s.executeQuery("SELECT * FROM v ORDER BY id DESC")) {
        assertTrue(rs.next());
        assertEquals(1L << 40, rs.getObject(1));
        assertEquals(-7, rs.getObject(2));
        assertEquals((short) 300, rs.getShort(3));
        assertEquals((byte) -3, rs.getByte(4));
        assertEquals(true, rs.getObject(5));
        assertEquals(2.5, rs.getObject(6));
        assertEquals(1.25f, rs.getFloat(7));
        assertEquals(new BigDecimal("-12345678901234.5678"), rs.getBigDecimal(8));
        assertEquals("grüße ✓", rs.getString(9));
        assertEquals(LocalDate.of(2026, 12, 4), rs.getObject(10, LocalDate.class));
        assertEquals(LocalTime.of(13, 14, 15, 123_000_000), rs.getObject(11, LocalTime.class));
        assertEquals(LocalDateTime.of(1969, 7, 20, 20, 17, 40), rs.getObject(12, LocalDateTime.class));
        assertArrayEquals(new byte[] {0, -1, 127}, rs.getBytes(13));
        assertTrue(rs.next());
        for (int i = 2; i <= 13; i++) {
          assertNull(rs.getObject(i), "column " + i);
        }
      }
    }
  }

  @Test
  void engineErrorsKeepTheirSqlStateAndTheConnectionStaysUsable() throws SQLException {
    try (Connection c = DriverManager.getConnection(freshUrl("")); Statement s = c.createStatement()) {
      assertEquals("42S02", assertThrows(SQLSyntaxErrorException.class,
          () -> s.executeQuery("SELECT * FROM missing")).getSQLState());
      assertEquals("42000", assertThrows(SQLSyntaxErrorException.class,
          () -> s.execute("SELEC 1")).getSQLState());
      s.execute("CREATE TABLE u (id INT PRIMARY KEY)");
      s.execute("INSERT INTO u VALUES (1)");
      assertEquals("23505", assertThrows(SQLIntegrityConstraintViolationException.class,
          () -> s.execute("INSERT INTO u VALUES (1)")).getSQLState());
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM u")) {
        assertTrue(rs.next());
        assertEquals(1, rs.getInt(1));
      }
      assertTrue(c.isValid(1));
    }
  }

  @Test
  void transactionsCommitAndRollBackOnTheServer() throws SQLException {
    String url = freshUrl("keep=true");
    try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
        Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
      sa.execute("CREATE TABLE acc (id INT PRIMARY KEY, bal INT)");
      sa.execute("INSERT INTO acc VALUES (1, 100)");
      a.setAutoCommit(false);
      sa.executeUpdate("UPDATE acc SET bal = 50 WHERE id = 1");
      a.rollback();
      assertEquals(100, balance(sb));
      sa.executeUpdate("UPDATE acc SET bal = 70 WHERE id = 1");
      a.commit();
      assertEquals(70, balance(sb));
      a.setAutoCommit(true);
      b.setReadOnly(true);
      assertTrue(b.isReadOnly());
      assertEquals("25006", assertThrows(SQLException.class,
          () -> sb.executeUpdate("UPDATE acc SET bal = 0")).getSQLState());
    }
  }

  private static int balance(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT bal FROM acc WHERE id = 1")) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }

  @Test
  void aLargeResultStreamsInChunksOfTheFetchSize() throws SQLException {
    try (Connection c = DriverManager.getConnection(freshUrl("fetchSize=7")); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE big (id INT PRIMARY KEY, pad VARCHAR(100))");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO big VALUES (?, ?)")) {
        for (int i = 0; i < 5000; i++) {
          p.setInt(1, i);
          p.setString(2, "x".repeat(50));
          p.addBatch();
        }
        p.executeBatch();
      }
      long before = server.stats().requests();
      long sum = 0;
      int rows = 0;
      try (ResultSet rs = s.executeQuery("SELECT id FROM big")) {
        while (rs.next()) {
          sum += rs.getInt(1);
          rows++;
        }
      }
      assertEquals(5000, rows);
      assertEquals(4999L * 5000 / 2, sum);
      long requests = server.stats().requests() - before;
      assertTrue(requests >= 5000 / 7, "chunks of 7 rows need about 715 requests, were " + requests);
      // a result closed half read releases its server cursor; the connection goes on
      try (ResultSet rs = s.executeQuery("SELECT id FROM big")) {
        assertTrue(rs.next());
      }
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big")) {
        assertTrue(rs.next());
        assertEquals(5000, rs.getInt(1));
      }
    }
  }

  @Test
  void aBadUrlOrAnUnknownDatabaseIs08001() {
    assertEquals("08001", assertThrows(SQLException.class,
        () -> DriverManager.getConnection("jdbc:morph://localhost:99999/x")).getSQLState());
    assertEquals("08001", assertThrows(SQLException.class,
        () -> DriverManager.getConnection("jdbc:morph://localhost/")).getSQLState());
    assertEquals("08001", assertThrows(SQLException.class,
        () -> DriverManager.getConnection(freshUrl("nosuchoption=1"))).getSQLState());
    SQLException refused = assertThrows(SQLException.class, () -> DriverManager.getConnection(
        "jdbc:morph://localhost:1/x;connectTimeout=2000"));
    assertEquals("08001", refused.getSQLState());
  }

  @Test
  void theServerRefusesAnUnknownDatabaseWithoutAllowCreate() throws Exception {
    try (MorphServer strict = MorphServer.start(ServerConfig.forTests().withAllowCreate(false)
        .withDatabases(java.util.Map.of("shared", "jdbc:morph:mem:strict_shared_" + System.nanoTime())))) {
      SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(strict.url("other")));
      assertEquals("08001", e.getSQLState());
      assertTrue(e.getMessage().contains("--allow-create"), e.getMessage());
      try (Connection c = DriverManager.getConnection(strict.url("shared")); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE kept (id INT PRIMARY KEY)");
        s.execute("INSERT INTO kept VALUES (1)");
      }
      // the declared in-memory database outlives its clients
      try (Connection c = DriverManager.getConnection(strict.url("shared")); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM kept")) {
        assertTrue(rs.next());
        assertEquals(1, rs.getInt(1));
      }
    }
  }

  @Test
  void aClosedConnectionIs08003AndIsClosed() throws SQLException {
    Connection c = DriverManager.getConnection(freshUrl(""));
    Statement s = c.createStatement();
    c.close();
    assertTrue(c.isClosed());
    assertFalse(c.isValid(1));
    SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1"));
    assertInstanceOf(SQLException.class, e);
  }
}
