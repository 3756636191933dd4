package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every setter and getter type through a real table. */
class TypesIntegrationTest {
  private static final String COLUMNS = "ID, B, TI, SI, I, L, D, R, DB, S, DT, TM, TS, BIN";
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("types"));
    try (Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE ALLTYPES (ID INT NOT NULL, B BOOLEAN, TI TINYINT, SI SMALLINT, I INTEGER,"
          + " L BIGINT, D DECIMAL(12, 2), R REAL, DB DOUBLE, S VARCHAR(50), DT DATE, TM TIME,"
          + " TS TIMESTAMP(3), BIN VARBINARY(16), PRIMARY KEY (ID))");
    }
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private ResultSet select(int id) throws SQLException {
    PreparedStatement q = c.prepareStatement("SELECT " + COLUMNS + " FROM ALLTYPES WHERE ID = ?");
    q.setInt(1, id);
    ResultSet rs = q.executeQuery();
    assertTrue(rs.next());
    return rs;
  }

  @Test
  void typedSettersAndGetters() throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO ALLTYPES (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      ps.setInt(1, 1);
      ps.setBoolean(2, true);
      ps.setByte(3, (byte) -7);
      ps.setShort(4, (short) 30000);
      ps.setInt(5, 2_000_000_000);
      ps.setLong(6, 9_000_000_000_000L);
      ps.setBigDecimal(7, new BigDecimal("12345.67"));
      ps.setFloat(8, 1.5f);
      ps.setDouble(9, 0.1);
      ps.setString(10, "héllo 'quoted'");
      ps.setDate(11, Date.valueOf("2024-02-29"));
      ps.setTime(12, Time.valueOf("23:59:58"));
      ps.setTimestamp(13, Timestamp.valueOf("2024-02-29 23:59:58.123"));
      ps.setBytes(14, new byte[] {0, 1, (byte) 0xFF});
      assertEquals(1, ps.executeUpdate());
    }
    ResultSet rs = select(1);
    assertTrue(rs.getBoolean("B"));
    assertEquals(-7, rs.getByte("TI"));
    assertEquals(30000, rs.getShort("SI"));
    assertEquals(2_000_000_000, rs.getInt("I"));
    assertEquals(9_000_000_000_000L, rs.getLong("L"));
    assertEquals(new BigDecimal("12345.67"), rs.getBigDecimal("D"));
    assertEquals(1.5f, rs.getFloat("R"));
    assertEquals(0.1, rs.getDouble("DB"));
    assertEquals("héllo 'quoted'", rs.getString("S"));
    assertEquals(Date.valueOf("2024-02-29"), rs.getDate("DT"));
    assertEquals(Time.valueOf("23:59:58"), rs.getTime("TM"));
    assertEquals(Timestamp.valueOf("2024-02-29 23:59:58.123"), rs.getTimestamp("TS"));
    assertArrayEquals(new byte[] {0, 1, (byte) 0xFF}, rs.getBytes("BIN"));
    assertEquals("12345.67", rs.getString("D"));
    assertEquals("2024-02-29", rs.getString("DT"));
    assertEquals("2024-02-29 23:59:58.123", rs.getString("TS"));
    assertFalse(rs.wasNull());
    assertFalse(rs.next());
  }

  @Test
  void javaTimeObjectsAndTypedSetObject() throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO ALLTYPES (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      ps.setObject(1, 2);
      ps.setObject(2, "true", Types.BOOLEAN);
      ps.setObject(3, 5, Types.TINYINT);
      ps.setObject(4, "12", Types.SMALLINT);
      ps.setObject(5, 42L, Types.INTEGER);
      ps.setObject(6, 7);
      ps.setObject(7, 3.14159, Types.DECIMAL, 2);
      ps.setObject(8, 2.25f);
      ps.setObject(9, new BigDecimal("2.5"), Types.DOUBLE);
      ps.setNString(10, "n-string");
      ps.setObject(11, LocalDate.of(1999, 12, 31));
      ps.setObject(12, LocalTime.of(8, 30));
      ps.setObject(13, LocalDateTime.of(2000, 1, 1, 0, 0, 1));
      ps.setObject(14, new byte[] {9});
      ps.executeUpdate();
    }
    ResultSet rs = select(2);
    assertEquals(Boolean.TRUE, rs.getObject("B"));
    assertEquals(5, rs.getObject("TI"));
    assertEquals(12, rs.getObject("SI"));
    assertEquals(42, rs.getObject("I"));
    assertEquals(7L, rs.getObject("L"));
    assertEquals(new BigDecimal("3.14"), rs.getObject("D"));
    assertEquals(2.25f, rs.getObject("R", Float.class));
    assertEquals(2.5, rs.getObject("DB"));
    assertEquals("n-string", rs.getObject("S"));
    assertEquals(LocalDate.of(1999, 12, 31), rs.getObject("DT", LocalDate.class));
    assertEquals(LocalTime.of(8, 30), rs.getObject("TM", LocalTime.class));
    assertEquals(LocalDateTime.of(2000, 1, 1, 0, 0, 1), rs.getObject("TS", LocalDateTime.class));
    assertEquals(Date.valueOf("1999-12-31"), rs.getObject("DT"));
    assertArrayEquals(new byte[] {9}, (byte[]) rs.getObject("BIN"));
  }

  @Test
  void nullsRoundTrip() throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO ALLTYPES (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      ps.setInt(1, 3);
      int[] types = {Types.BOOLEAN, Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL,
          Types.REAL, Types.DOUBLE, Types.VARCHAR, Types.DATE, Types.TIME, Types.TIMESTAMP, Types.VARBINARY};
      for (int i = 0; i < types.length; i++) {
        ps.setNull(i + 2, types[i]);
      }
      ps.executeUpdate();
    }
    ResultSet rs = select(3);
    for (int i = 2; i <= 14; i++) {
      assertNull(rs.getObject(i));
      assertTrue(rs.wasNull());
    }
    assertEquals(0, rs.getInt("I"));
    assertTrue(rs.wasNull());
    assertFalse(rs.getBoolean("B"));
  }
}
