package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ColumnMeta;

class ResultSetConversionTest {
  private static final List<ColumnMeta> COLUMNS = List.of(
      FakeSession.column("B", Types.BOOLEAN, "BOOLEAN"),
      FakeSession.column("TI", Types.TINYINT, "TINYINT"),
      FakeSession.column("SI", Types.SMALLINT, "SMALLINT"),
      FakeSession.column("I", Types.INTEGER, "INTEGER"),
      FakeSession.column("L", Types.BIGINT, "BIGINT"),
      FakeSession.column("D", Types.DECIMAL, "DECIMAL"),
      FakeSession.column("R", Types.REAL, "REAL"),
      FakeSession.column("DB", Types.DOUBLE, "DOUBLE"),
      FakeSession.column("S", Types.VARCHAR, "VARCHAR"),
      FakeSession.column("DT", Types.DATE, "DATE"),
      FakeSession.column("TM", Types.TIME, "TIME"),
      FakeSession.column("TS", Types.TIMESTAMP, "TIMESTAMP"),
      FakeSession.column("BIN", Types.VARBINARY, "VARBINARY"));

  private static final LocalDate DATE = LocalDate.of(2024, 2, 29);
  private static final LocalTime TIME = LocalTime.of(13, 45, 7, 250_000_000);
  private static final LocalDateTime TS = LocalDateTime.of(2024, 2, 29, 13, 45, 7, 123_456_789);

  private static ResultSet one(Object... row) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(row);
    ResultSet rs = MorphResultSet.inMemory(null, COLUMNS.subList(0, row.length), rows);
    assertTrue(rs.next());
    return rs;
  }

  private static ResultSet full() throws SQLException {
    return one(true, (byte) 7, (short) 300, 70000, 5_000_000_000L, new BigDecimal("1E+3"), 1.5f, 0.1,
        "  42 ", DATE, TIME, TS, new byte[] {1, (byte) 0xAB});
  }

  @Test
  void gettersByIndexAndCaseInsensitiveLabel() throws SQLException {
    ResultSet rs = full();
    assertTrue(rs.getBoolean(1));
    assertEquals(7, rs.getByte("ti"));
    assertEquals(300, rs.getShort("Si"));
    assertEquals(70000, rs.getInt("i"));
    assertEquals(5_000_000_000L, rs.getLong("L"));
    assertEquals(new BigDecimal("1E+3"), rs.getBigDecimal("d"));
    assertEquals(1.5f, rs.getFloat("r"));
    assertEquals(0.1, rs.getDouble("db"));
    assertEquals(42, rs.getInt("s"));
    assertEquals(42L, rs.getLong("s"));
    assertArrayEquals(new byte[] {1, (byte) 0xAB}, rs.getBytes("bin"));
    assertEquals(4, rs.findColumn("I"));
    assertFalse(rs.wasNull());
  }

  @Test
  void getStringFormatsPlainly() throws SQLException {
    ResultSet rs = full();
    assertEquals("TRUE", rs.getString(1));
    assertEquals("7", rs.getString(2));
    assertEquals("1000", rs.getString("D"));
    assertEquals("1.5", rs.getString("R"));
    assertEquals("0.1", rs.getString("DB"));
    assertEquals("2024-02-29", rs.getString("DT"));
    assertEquals("13:45:07.25", rs.getString("TM"));
    assertEquals("2024-02-29 13:45:07.123456789", rs.getString("TS"));
    assertEquals("01ab", rs.getString("BIN"));
    assertEquals("1.0E-10", ValueConverter.toStringValue(1e-10));
    assertEquals("00:00:00", ValueConverter.toStringValue(LocalTime.MIDNIGHT));
    assertEquals("2024-01-01 00:00:00", ValueConverter.toStringValue(LocalDate.of(2024, 1, 1).atStartOfDay()));
  }

  @Test
  void getObjectUsesTheJdbcDefaultMapping() throws SQLException {
    ResultSet rs = full();
    assertEquals(Boolean.TRUE, rs.getObject(1));
    assertEquals(7, rs.getObject(2));
    assertEquals(300, rs.getObject(3));
    assertInstanceOf(Integer.class, rs.getObject(3));
    assertEquals(5_000_000_000L, rs.getObject(5));
    assertEquals(Date.valueOf(DATE), rs.getObject("DT"));
    assertInstanceOf(Time.class, rs.getObject("TM"));
    assertEquals(Timestamp.valueOf(TS), rs.getObject("TS"));
    ResultSetMetaData md = rs.getMetaData();
    assertEquals("java.lang.Integer", md.getColumnClassName(2));
    assertEquals("java.sql.Date", md.getColumnClassName(10));
    assertEquals("[B", md.getColumnClassName(13));
    assertEquals(13, md.getColumnCount());
    assertEquals("TS", md.getColumnLabel(12));
    assertEquals(Types.TIMESTAMP, md.getColumnType(12));
  }

  @Test
  void getObjectWithClass() throws SQLException {
    ResultSet rs = full();
    assertEquals(DATE, rs.getObject("DT", LocalDate.class));
    assertEquals(TIME, rs.getObject("TM", LocalTime.class));
    assertEquals(TS, rs.getObject("TS", LocalDateTime.class));
    assertEquals(DATE, rs.getObject("TS", LocalDate.class));
    assertEquals(Long.valueOf(70000), rs.getObject("I", Long.class));
    assertEquals("70000", rs.getObject("I", String.class));
    assertEquals(new BigDecimal("1.5"), rs.getObject("R", BigDecimal.class));
    assertEquals(Short.valueOf((short) 300), rs.getObject("SI", Short.class));
    assertEquals(Timestamp.valueOf(TS), rs.getObject("TS", Timestamp.class));
    assertEquals(Date.valueOf(DATE), rs.getObject("DT", Date.class));
    SQLException e = assertThrows(SQLException.class, () -> rs.getObject("DT", Integer.class));
    assertEquals("22018", e.getSQLState());
  }

  @Test
  void dateAndTimeGetters() throws SQLException {
    ResultSet rs = full();
    assertEquals(Date.valueOf(DATE), rs.getDate("DT"));
    assertEquals(Timestamp.valueOf(TS), rs.getTimestamp("TS"));
    assertEquals(TS.getNano(), rs.getTimestamp("TS").getNanos());
    assertEquals(Date.valueOf(DATE), rs.getDate("TS"));
    assertEquals(TIME.withNano(0), rs.getTime("TM").toLocalTime());
    assertEquals(TIME, ValueConverter.toLocalTime(rs.getTime("TM")));
    assertEquals(Timestamp.valueOf(DATE.atStartOfDay()), rs.getTimestamp("DT"));
    Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
    assertEquals(DATE.atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli(), rs.getDate("DT", utc).getTime());
    assertEquals(TS.toInstant(java.time.ZoneOffset.UTC), rs.getTimestamp("TS", utc).toInstant());
  }

  @Test
  void nullsAndWasNull() throws SQLException {
    ResultSet rs = one(null, null, null, null, null, null, null, null, null, null, null, null, null);
    assertFalse(rs.getBoolean(1));
    assertTrue(rs.wasNull());
    assertEquals(0, rs.getInt(4));
    assertTrue(rs.wasNull());
    assertEquals(0L, rs.getLong(5));
    assertEquals(0.0, rs.getDouble(8));
    assertNull(rs.getString(9));
    assertNull(rs.getBigDecimal(6));
    assertNull(rs.getDate(10));
    assertNull(rs.getTime(11));
    assertNull(rs.getTimestamp(12));
    assertNull(rs.getBytes(13));
    assertNull(rs.getObject(4));
    assertNull(rs.getObject(12, LocalDateTime.class));
    assertTrue(rs.wasNull());
  }

  @Test
  void numericRangeAndParseErrors() throws SQLException {
    ResultSet rs = one(true, (byte) 1, (short) 1, 1, Long.MAX_VALUE, new BigDecimal("12.9"), Float.MAX_VALUE, 1e300, "12x");
    SQLException overflow = assertThrows(SQLDataException.class, () -> rs.getInt("L"));
    assertEquals("22003", overflow.getSQLState());
    assertEquals("22003", assertThrows(SQLException.class, () -> rs.getFloat("DB")).getSQLState());
    assertEquals("22003", assertThrows(SQLException.class, () -> rs.getLong("DB")).getSQLState());
    assertEquals(12, rs.getInt("D"));
    assertEquals("22018", assertThrows(SQLDataException.class, () -> rs.getLong("S")).getSQLState());
    assertEquals("22018", assertThrows(SQLException.class, () -> rs.getBigDecimal("S")).getSQLState());
    assertEquals("22018", assertThrows(SQLException.class, () -> rs.getBytes("S")).getSQLState());
    assertEquals("22007", assertThrows(SQLException.class, () -> rs.getDate("S")).getSQLState());
    assertEquals(1, rs.getInt("B"));
    assertEquals(12L, ValueConverter.toLong("12.0"));
    assertEquals(-3L, ValueConverter.toLong(" -3 "));
    assertEquals("22003", assertThrows(SQLException.class, () -> ValueConverter.toShort(70000)).getSQLState());
    assertEquals("22003", assertThrows(SQLException.class, () -> ValueConverter.toByte(200)).getSQLState());
  }

  @Test
  void stringsConvertToBooleansAndTemporals() throws SQLException {
    assertTrue(ValueConverter.toBoolean("true"));
    assertTrue(ValueConverter.toBoolean("1"));
    assertFalse(ValueConverter.toBoolean("F"));
    assertFalse(ValueConverter.toBoolean(0));
    assertEquals("22018", assertThrows(SQLException.class, () -> ValueConverter.toBoolean("perhaps")).getSQLState());
    assertEquals(DATE, ValueConverter.toLocalDate("2024-02-29"));
    assertEquals(TS, ValueConverter.toLocalDateTime("2024-02-29 13:45:07.123456789"));
    assertEquals(TS.withNano(0), ValueConverter.toLocalDateTime("2024-02-29T13:45:07"));
    assertEquals(DATE.atStartOfDay(), ValueConverter.toLocalDateTime("2024-02-29"));
    assertEquals(LocalTime.of(13, 45), ValueConverter.toLocalTime("13:45"));
    assertEquals(TIME, ValueConverter.toLocalTime("13:45:07.25"));
  }

  @Test
  void cursorStateErrors() throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {1});
    ResultSet rs = MorphResultSet.inMemory(null, List.of(FakeSession.intColumn("X")), rows);
    assertTrue(rs.isBeforeFirst());
    assertEquals("24000", assertThrows(SQLException.class, () -> rs.getInt(1)).getSQLState());
    assertTrue(rs.next());
    assertEquals(1, rs.getRow());
    assertTrue(rs.isFirst());
    assertEquals("07009", assertThrows(SQLException.class, () -> rs.getInt(2)).getSQLState());
    assertEquals("42S22", assertThrows(SQLException.class, () -> rs.getInt("NOPE")).getSQLState());
    assertEquals("42S22", assertThrows(SQLException.class, () -> rs.findColumn("NOPE")).getSQLState());
    assertFalse(rs.next());
    assertTrue(rs.isAfterLast());
    assertEquals(0, rs.getRow());
    assertFalse(rs.next());
    assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
    assertEquals(ResultSet.CONCUR_READ_ONLY, rs.getConcurrency());
    assertThrows(java.sql.SQLFeatureNotSupportedException.class, rs::previous);
    assertThrows(java.sql.SQLFeatureNotSupportedException.class, () -> rs.updateInt(1, 2));
    rs.close();
    assertTrue(rs.isClosed());
    assertEquals("HY010", assertThrows(SQLException.class, rs::next).getSQLState());
    rs.close();
  }

  @Test
  void streamsAndLobsFromValues() throws Exception {
    ResultSet rs = full();
    assertEquals("  42 ", new String(rs.getAsciiStream("S").readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII));
    assertArrayEquals(new byte[] {1, (byte) 0xAB}, rs.getBinaryStream("BIN").readAllBytes());
    assertEquals(2, rs.getBlob("BIN").length());
    assertEquals("  42 ", rs.getClob("S").getSubString(1, 5));
    char[] buf = new char[5];
    assertEquals(5, rs.getCharacterStream("S").read(buf));
  }
}
