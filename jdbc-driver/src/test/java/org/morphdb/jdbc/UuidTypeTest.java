package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** UUID columns: written as text or java.util.UUID, read back as UUID, sorted and indexed as their bytes. */
class UuidTypeTest {
  private static final UUID LOW = UUID.fromString("00000000-0000-0000-0000-000000000001");
  private static final UUID HIGH = UUID.fromString("ffffffff-0000-0000-0000-000000000000");
  private static final UUID MID = UUID.fromString("7f000000-aaaa-4bbb-8ccc-dddddddddddd");

  @Test
  void uuidStory() throws SQLException {
    try (Connection c = DriverManager.getConnection(EngineUrls.fresh("uuid")); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE ITEM (ID UUID PRIMARY KEY, NAME VARCHAR(20), OWNER UUID)");
      // a literal in upper case is stored in its canonical lower-case text
      s.executeUpdate("INSERT INTO ITEM VALUES ('FFFFFFFF-0000-0000-0000-000000000000', 'high', NULL)");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO ITEM VALUES (?, ?, ?)")) {
        ps.setObject(1, LOW);
        ps.setString(2, "low");
        ps.setObject(3, HIGH);
        ps.executeUpdate();
        ps.setString(1, MID.toString());
        ps.setString(2, "mid");
        ps.setObject(3, null, Types.OTHER);
        ps.executeUpdate();
      }
      s.executeUpdate("CREATE INDEX ITEM_OWNER ON ITEM (OWNER)");

      try (PreparedStatement q = c.prepareStatement("SELECT ID, NAME, OWNER FROM ITEM WHERE ID = ?")) {
        q.setObject(1, LOW);
        try (ResultSet rs = q.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(LOW, rs.getObject(1, UUID.class));
          assertEquals(LOW.toString(), rs.getString(1));
          assertEquals(HIGH, rs.getObject("OWNER", UUID.class));
          assertFalse(rs.next());
        }
      }
      assertEquals("low", first(s, "SELECT NAME FROM ITEM WHERE OWNER = '" + HIGH + "'"));
      // sorted as unsigned bytes (not as java.util.UUID.compareTo, which is signed)
      assertEquals(List.of("low", "mid", "high"), names(s, "SELECT NAME FROM ITEM ORDER BY ID"));
      assertEquals(List.of("mid", "high"), names(s, "SELECT NAME FROM ITEM WHERE ID > '" + LOW + "' ORDER BY ID"));

      SQLException bad = assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO ITEM (ID, NAME) VALUES ('not-a-uuid', 'x')"));
      assertEquals("22018", bad.getSQLState());
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO ITEM (ID, NAME) VALUES (?, 'y')")) {
        ps.setString(1, "1234");
        assertEquals("22018", assertThrows(SQLException.class, ps::executeUpdate).getSQLState());
      }
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO ITEM (ID, NAME) VALUES (?, 'upper')")) {
        ps.setString(1, "ABCDEF00-0000-0000-0000-00000000000A");
        ps.executeUpdate();
      }
      assertEquals("upper", first(s, "SELECT NAME FROM ITEM WHERE ID = 'abcdef00-0000-0000-0000-00000000000a'"));
      assertEquals(1, s.executeUpdate("UPDATE ITEM SET OWNER = '" + MID.toString().toUpperCase()
          + "' WHERE NAME = 'upper'"));
      assertEquals("upper", first(s, "SELECT NAME FROM ITEM WHERE OWNER = '" + MID + "'"));
      assertEquals("22018", assertThrows(SQLException.class,
          () -> s.executeUpdate("UPDATE ITEM SET OWNER = 'zz' WHERE NAME = 'upper'")).getSQLState());
      assertEquals(1, s.executeUpdate("DELETE FROM ITEM WHERE ID = 'abcdef00-0000-0000-0000-00000000000a'"));
      SQLException dup = assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO ITEM (ID, NAME) VALUES ('" + LOW.toString().toUpperCase() + "', 'dup')"));
      assertEquals("23505", dup.getSQLState());

      DatabaseMetaData md = c.getMetaData();
      try (ResultSet cols = md.getColumns(null, "PUBLIC", "ITEM", "ID")) {
        assertTrue(cols.next());
        assertEquals("UUID", cols.getString("TYPE_NAME"));
        assertEquals(Types.OTHER, cols.getInt("DATA_TYPE"));
      }
      assertTrue(typeNames(md).contains("UUID"));
      assertFalse(s.executeQuery("CHECK TABLE ITEM").next());
    }
  }

  static String first(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), sql);
      return rs.getString(1);
    }
  }

  static List<String> names(Statement s, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  static List<String> typeNames(DatabaseMetaData md) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getTypeInfo()) {
      while (rs.next()) {
        out.add(rs.getString("TYPE_NAME"));
      }
    }
    return out;
  }
}
