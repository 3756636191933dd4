package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TIMESTAMP WITH TIME ZONE holds instants: written with any offset, kept in UTC, read back
 * as an OffsetDateTime at UTC (+00:00), compared and indexed by instant.
 */
class TimestampWithTimeZoneTest {
  private static final OffsetDateTime EIGHT_UTC = OffsetDateTime.of(2024, 3, 10, 8, 0, 0, 0, ZoneOffset.UTC);

  @Test
  void instantsStory() throws SQLException {
    try (Connection c = DriverManager.getConnection(EngineUrls.fresh("tstz")); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE EV (ID INT PRIMARY KEY, HAPPENED TIMESTAMP WITH TIME ZONE, NOTE VARCHAR(10))");
      // 10:00 at +02:00 is 08:00 UTC
      s.executeUpdate("INSERT INTO EV VALUES (1, '2024-03-10 10:00:00+02:00', 'literal')");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO EV VALUES (?, ?, ?)")) {
        ps.setInt(1, 2);
        ps.setObject(2, OffsetDateTime.of(2024, 3, 10, 13, 30, 0, 0, ZoneOffset.ofHoursMinutes(5, 30)));
        ps.setString(3, "offset");
        ps.executeUpdate();
        ps.setInt(1, 3);
        ps.setObject(2, Instant.parse("2024-03-10T07:00:00.250Z"));
        ps.setString(3, "instant");
        ps.executeUpdate();
        ps.setInt(1, 4);
        ps.setObject(2, "2024-03-10T09:00:00Z", Types.TIMESTAMP_WITH_TIMEZONE);
        ps.setString(3, "text");
        ps.executeUpdate();
      }
      s.executeUpdate("CREATE INDEX EV_HAPPENED ON EV (HAPPENED)");

      try (ResultSet rs = s.executeQuery("SELECT HAPPENED FROM EV WHERE ID = 1")) {
        assertTrue(rs.next());
        assertInstanceOf(OffsetDateTime.class, rs.getObject(1));
        assertEquals(EIGHT_UTC, rs.getObject(1, OffsetDateTime.class));
        assertEquals(EIGHT_UTC.toInstant(), rs.getObject(1, Instant.class));
        assertEquals(Timestamp.from(EIGHT_UTC.toInstant()), rs.getTimestamp(1));
        assertEquals("2024-03-10 08:00:00+00:00", rs.getString(1));
        assertEquals(Types.TIMESTAMP_WITH_TIMEZONE, rs.getMetaData().getColumnType(1));
      }
      // the same instant written as 13:30 at +05:30
      assertEquals(List.of("instant", "literal", "offset", "text"),
          UuidTypeTest.names(s, "SELECT NOTE FROM EV ORDER BY HAPPENED, ID"));
      try (PreparedStatement q = c.prepareStatement("SELECT NOTE FROM EV WHERE HAPPENED = ? ORDER BY ID")) {
        q.setObject(1, OffsetDateTime.of(2024, 3, 10, 3, 0, 0, 0, ZoneOffset.ofHours(-5)));
        try (ResultSet rs = q.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("literal", rs.getString(1));
          assertTrue(rs.next());
          assertEquals("offset", rs.getString(1));
          assertFalse(rs.next());
        }
      }
      try (PreparedStatement q = c.prepareStatement("SELECT COUNT(*) FROM EV WHERE HAPPENED > ?")) {
        q.setObject(1, Instant.parse("2024-03-10T08:00:00Z"));
        try (ResultSet rs = q.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(1, rs.getInt(1));
        }
      }

      assertEquals("22018", assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO EV VALUES (9, '2024-13-40 10:00:00+02:00', 'bad')")).getSQLState());
      assertEquals("22018", assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO EV VALUES (9, 'tomorrow', 'bad')")).getSQLState());
      try (ResultSet cols = c.getMetaData().getColumns(null, "PUBLIC", "EV", "HAPPENED")) {
        assertTrue(cols.next());
        assertEquals("TIMESTAMP WITH TIME ZONE", cols.getString("TYPE_NAME"));
        assertEquals(Types.TIMESTAMP_WITH_TIMEZONE, cols.getInt("DATA_TYPE"));
      }
      assertTrue(UuidTypeTest.typeNames(c.getMetaData()).contains("TIMESTAMP WITH TIME ZONE"));
      assertFalse(s.executeQuery("CHECK TABLE EV").next());
    }
  }

  @Test
  void javaTimeGettersOnPlainColumns() throws SQLException {
    try (Connection c = DriverManager.getConnection(EngineUrls.fresh("jtime")); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE T (D DATE, TM TIME, TS TIMESTAMP)");
      s.executeUpdate("INSERT INTO T VALUES (DATE '2024-02-29', TIME '23:59:58', TIMESTAMP '2024-02-29 23:59:58.125')");
      try (ResultSet rs = s.executeQuery("SELECT D, TM, TS FROM T")) {
        assertTrue(rs.next());
        assertEquals(LocalDate.of(2024, 2, 29), rs.getObject(1, LocalDate.class));
        assertEquals(LocalTime.of(23, 59, 58), rs.getObject(2, LocalTime.class));
        LocalDateTime ts = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 125_000_000);
        assertEquals(ts, rs.getObject(3, LocalDateTime.class));
        assertEquals(ts.atZone(java.time.ZoneId.systemDefault()).toInstant(), rs.getObject(3, Instant.class));
        assertEquals(ts.atZone(java.time.ZoneId.systemDefault()).toOffsetDateTime(),
            rs.getObject(3, OffsetDateTime.class));
        assertEquals("22018", assertThrows(SQLException.class, () -> rs.getObject(1, java.util.UUID.class)).getSQLState());
      }
    }
  }
}
