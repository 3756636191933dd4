package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import javax.sql.rowset.serial.SerialBlob;
import javax.sql.rowset.serial.SerialClob;
import org.junit.jupiter.api.Test;

/** CLOB, BLOB and JSON columns: large values in, through streams and LOB objects, and back out. */
class LobAndJsonTypesTest {
  private static final String BIG_TEXT = "lorem ipsum ".repeat(50_000); // 600,000 characters

  @Test
  void clobAndBlobStory() throws SQLException, IOException {
    byte[] bigBytes = new byte[300_000];
    for (int i = 0; i < bigBytes.length; i++) {
      bigBytes[i] = (byte) (i * 31);
    }
    try (Connection c = DriverManager.getConnection(EngineUrls.fresh("lob")); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE DOC (ID INT PRIMARY KEY, BODY CLOB, DATA BLOB)");
      s.executeUpdate("INSERT INTO DOC VALUES (1, 'short text', X'CAFE')");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO DOC VALUES (?, ?, ?)")) {
        ps.setInt(1, 2);
        ps.setCharacterStream(2, new StringReader(BIG_TEXT));
        ps.setBinaryStream(3, new ByteArrayInputStream(bigBytes));
        ps.executeUpdate();
        ps.setInt(1, 3);
        ps.setClob(2, new SerialClob("from a Clob".toCharArray()));
        ps.setBlob(3, new SerialBlob(new byte[] {1, 2, 3}));
        ps.executeUpdate();
        ps.setInt(1, 4);
        ps.setClob(2, new StringReader("from a reader"), 4);
        ps.setBlob(3, new ByteArrayInputStream(new byte[] {9, 8, 7}), 2);
        ps.executeUpdate();
        ps.setInt(1, 5);
        ps.setNull(2, Types.CLOB);
        ps.setNull(3, Types.BLOB);
        ps.executeUpdate();
      }

      try (ResultSet rs = s.executeQuery("SELECT BODY, DATA FROM DOC WHERE ID = 2")) {
        assertTrue(rs.next());
        Clob clob = rs.getClob(1);
        assertEquals(BIG_TEXT.length(), clob.length());
        assertEquals("ipsum", clob.getSubString(7, 5));
        try (Reader r = rs.getCharacterStream("BODY")) {
          assertEquals(BIG_TEXT, new String(readAll(r)));
        }
        Blob blob = rs.getBlob(2);
        assertEquals(bigBytes.length, blob.length());
        try (InputStream in = rs.getBinaryStream("DATA")) {
          assertArrayEquals(bigBytes, in.readAllBytes());
        }
        assertArrayEquals(bigBytes, rs.getBytes(2));
      }
      assertEquals("from a Clob", UuidTypeTest.first(s, "SELECT BODY FROM DOC WHERE ID = 3"));
      assertEquals("from", UuidTypeTest.first(s, "SELECT BODY FROM DOC WHERE ID = 4"));
      try (ResultSet rs = s.executeQuery("SELECT BODY, DATA FROM DOC WHERE ID = 4")) {
        assertTrue(rs.next());
        assertArrayEquals(new byte[] {9, 8}, rs.getBytes(2));
      }
      try (ResultSet rs = s.executeQuery("SELECT BODY, DATA FROM DOC WHERE ID = 5")) {
        assertTrue(rs.next());
        assertNull(rs.getClob(1));
        assertNull(rs.getBlob(2));
        assertNull(rs.getCharacterStream(1));
        assertNull(rs.getBinaryStream(2));
      }
      // string functions and LIKE work on CLOB text
      assertEquals("2", UuidTypeTest.first(s, "SELECT COUNT(*) FROM DOC WHERE BODY LIKE 'from%'"));
      assertEquals("600000", UuidTypeTest.first(s, "SELECT CHAR_LENGTH(BODY) FROM DOC WHERE ID = 2"));

      try (ResultSet cols = c.getMetaData().getColumns(null, "PUBLIC", "DOC", "%")) {
        assertTrue(cols.next());
        assertTrue(cols.next());
        assertEquals("CLOB", cols.getString("TYPE_NAME"));
        assertEquals(Types.CLOB, cols.getInt("DATA_TYPE"));
        assertTrue(cols.next());
        assertEquals("BLOB", cols.getString("TYPE_NAME"));
        assertEquals(Types.BLOB, cols.getInt("DATA_TYPE"));
      }
      assertTrue(UuidTypeTest.typeNames(c.getMetaData()).containsAll(java.util.List.of("CLOB", "BLOB")));
      assertEquals("22018", assertThrows(SQLException.class,
          () -> s.executeUpdate("INSERT INTO DOC (ID, DATA) VALUES (9, 'text is no BLOB')")).getSQLState());
    }
  }

  @Test
  void lobsMadeByTheConnection() throws SQLException, IOException {
    try (Connection c = DriverManager.getConnection(EngineUrls.fresh("lobs")); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE DOC (ID INT PRIMARY KEY, BODY CLOB, DATA BLOB)");
      Clob clob = c.createClob();
      assertEquals(5, clob.setString(1, "hello"));
      try (java.io.Writer w = clob.setCharacterStream(6)) {
        w.write(", world");
      }
      clob.setString(1, "J");
      assertEquals("Jello, world", clob.getSubString(1, 100));
      assertEquals(8, clob.position("world", 1));
      Blob blob = c.createBlob();
      blob.setBytes(1, new byte[] {1, 2, 3});
      try (java.io.OutputStream out = blob.setBinaryStream(4)) {
        out.write(new byte[] {4, 5});
      }
      blob.truncate(4);
      assertArrayEquals(new byte[] {1, 2, 3, 4}, blob.getBytes(1, 10));
      assertEquals("07009", assertThrows(SQLException.class, () -> blob.setBytes(9, new byte[] {1})).getSQLState());
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO DOC VALUES (1, ?, ?)")) {
        ps.setClob(1, clob);
        ps.setBlob(2, blob);
        ps.executeUpdate();
      }
      clob.free();
      assertThrows(SQLException.class, clob::length);
      try (ResultSet rs = s.executeQuery("SELECT BODY, DATA FROM DOC")) {
        assertTrue(rs.next());
        assertEquals("Jello, world", rs.getString(1));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, rs.getBytes(2));
      }
    }
  }

  @Test
  void jsonStory() throws SQLException {
    try (Connection c = DriverManager.getConnection(EngineUrls.fresh("json")); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE EVENT (ID INT PRIMARY KEY, PAYLOAD JSON NOT NULL)");
      String doc = "{\"user\": \"ann\", \"tags\": [\"a\", \"b\"], \"n\": -1.5e3, \"ok\": true, \"none\": null,"
          + " \"esc\": \"\\\"q\\\" \\u00e9\"}";
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO EVENT VALUES (?, ?)")) {
        ps.setInt(1, 1);
        ps.setString(2, doc);
        ps.executeUpdate();
        ps.setInt(1, 2);
        ps.setObject(2, "[1, 2, 3]");
        ps.executeUpdate();
        ps.setInt(1, 3);
        ps.setString(2, "{\"user\": ");
        SQLException bad = assertThrows(SQLException.class, ps::executeUpdate);
        assertEquals("22018", bad.getSQLState());
        assertTrue(bad.getMessage().contains("JSON"), bad.getMessage());
      }
      s.executeUpdate("INSERT INTO EVENT VALUES (4, '\"just a string\"')");
      for (String invalid : new String[] {"{'single': 1}", "[1, 2,]", "01", "{\"a\" 1}", "tru", "[] []"}) {
        SQLException e = assertThrows(SQLException.class,
            () -> s.executeUpdate("INSERT INTO EVENT VALUES (5, '" + invalid.replace("'", "''") + "')"), invalid);
        assertEquals("22018", e.getSQLState(), invalid);
      }
      assertEquals(doc, UuidTypeTest.first(s, "SELECT PAYLOAD FROM EVENT WHERE ID = 1"));
      assertEquals("3", UuidTypeTest.first(s, "SELECT COUNT(*) FROM EVENT"));
      assertEquals("1", UuidTypeTest.first(s, "SELECT ID FROM EVENT WHERE PAYLOAD LIKE '%\"ann\"%'"));
      try (ResultSet cols = c.getMetaData().getColumns(null, "PUBLIC", "EVENT", "PAYLOAD")) {
        assertTrue(cols.next());
        assertEquals("JSON", cols.getString("TYPE_NAME"));
        assertFalse(cols.next());
      }
      assertTrue(UuidTypeTest.typeNames(c.getMetaData()).contains("JSON"));
    }
  }

  private static char[] readAll(Reader r) throws IOException {
    StringBuilder sb = new StringBuilder();
    char[] buf = new char[8192];
    int n;
    while ((n = r.read(buf)) > 0) {
      sb.append(buf, 0, n);
    }
    return sb.toString().toCharArray();
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
