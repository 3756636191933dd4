package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.MorphException;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/**
 * A file database behind the server ({@code --db NAME=jdbc:morph:file:DIR}): what clients
 * committed survives a server stop and a new server on the directory, a transaction open at
 * the stop is rolled back whole, and the directory is one process's at a time.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FileDatabaseServerTest {
  @TempDir
  Path dir;

  private ServerConfig hosting(Path directory) {
    return ServerConfig.forTests().withAllowCreate(false)
        .withDatabases(Map.of("app", "jdbc:morph:file:" + directory.toAbsolutePath()));
  }

  private static long scalar(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  @Test
  void committedDataSurvivesAServerRestartAndAnOpenTransactionRollsBackWhole() throws Exception {
    Connection inFlight;
    try (MorphServer server = MorphServer.start(hosting(dir))) {
      try (Connection c = DriverManager.getConnection(server.url("app")); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20))");
        s.execute("CREATE INDEX t_v ON t (v)");
        try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
          for (int i = 0; i < 100; i++) {
            p.setInt(1, i);
            p.setString(2, "v" + i);
            p.executeUpdate();
          }
        }
      }
      inFlight = DriverManager.getConnection(server.url("app"));
      inFlight.setAutoCommit(false);
      try (Statement s = inFlight.createStatement()) {
        s.executeUpdate("INSERT INTO t VALUES (1000, 'new'), (1001, 'new')");
        assertEquals(50, s.executeUpdate("UPDATE t SET v = 'changed' WHERE id < 50"));
        assertEquals(10, s.executeUpdate("DELETE FROM t WHERE id >= 90 AND id < 100"));
      }
    } // the in-process stop path of SIGTERM
    SQLException lost = assertThrows(SQLException.class, () -> {
      try (Statement s = inFlight.createStatement()) {
        s.executeQuery("SELECT 1");
      }
    });
    assertTrue(lost.getSQLState().startsWith("08"), lost.getSQLState());
    inFlight.close();
    // the server closed the database: it is no longer open in this JVM
    assertThrows(MorphException.class, () -> Databases.testHooks("file:" + dir.toAbsolutePath()));

    try (MorphServer again = MorphServer.start(hosting(dir));
        Connection c = DriverManager.getConnection(again.url("app"))) {
      assertEquals(100, scalar(c, "SELECT COUNT(*) FROM t"));
      assertEquals(4950, scalar(c, "SELECT SUM(id) FROM t"), "no row of the open transaction, none deleted");
      assertEquals(0, scalar(c, "SELECT COUNT(*) FROM t WHERE v = 'changed' OR v = 'new'"));
      assertEquals(1, scalar(c, "SELECT COUNT(*) FROM t WHERE v = 'v42'"), "the index came back too");
      try (Statement s = c.createStatement()) {
        s.executeUpdate("INSERT INTO t VALUES (100, 'after restart')");
      }
    }
  }

  @Test
  void theDirectoryIsOneProcessesAtATime() throws Exception {
    try (MorphServer server = MorphServer.start(hosting(dir))) {
      try (Connection c = DriverManager.getConnection(server.url("app")); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
        s.execute("INSERT INTO t VALUES (1)");
      }
      // another process: its server cannot open the directory (08001, in use)
      String other = otherProcess(dir);
      assertTrue(other.contains("refused 08001") && other.contains("in use"), other);

      // this JVM shares the open database, embedded or through a second server
      try (Connection embedded = DriverManager.getConnection("jdbc:morph:file:" + dir.toAbsolutePath())) {
        assertEquals(1, scalar(embedded, "SELECT COUNT(*) FROM t"));
      }
      try (MorphServer second = MorphServer.start(hosting(dir))) {
        server.close();
        try (Connection c = DriverManager.getConnection(second.url("app"))) {
          assertEquals(1, scalar(c, "SELECT COUNT(*) FROM t"), "the second server keeps it open");
        }
      }
    }
    // every server stopped: another process may open it now
    String after = otherProcess(dir);
    assertTrue(after.contains("opened"), after);
  }

  @Test
  void aClientCannotMakeTheServerCreateADirectory() throws Exception {
    String name = "file:made_by_client_" + System.nanoTime();
    try (MorphServer server = MorphServer.start(ServerConfig.forTests())) {
      // the driver refuses such a name; a client that sends it anyway is refused by the server
      assertEquals("08001", assertThrows(SQLException.class,
          () -> DriverManager.getConnection(server.url(name))).getSQLState());
      try (RawClient raw = new RawClient(server.port(), 30_000)) {
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(raw.handshake(name))) {
          assertEquals(Protocol.STATUS_ERROR, u.unpackInt());
          MorphException e = Messages.WireError.unpack(u).toException();
          assertEquals("08001", e.code().sqlState());
          assertTrue(e.getMessage().contains("--db NAME=jdbc:morph:file:DIR"), e.getMessage());
        }
      }
    }
    assertFalse(Files.exists(Path.of(name.substring("file:".length()))), "no directory was made");
  }

  /** Runs {@link #main} in another JVM: it starts a server on the directory and says how that went. */
  private static String otherProcess(Path directory) throws Exception {
    Process p = new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
        "-cp", System.getProperty("java.class.path"), FileDatabaseServerTest.class.getName(),
        directory.toAbsolutePath().toString()).redirectErrorStream(true).start();
    boolean finished = p.waitFor(120, TimeUnit.SECONDS);
    if (!finished) {
      p.destroyForcibly();
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(finished, "the other process hung:\n" + out);
    return out;
  }

  public static void main(String[] args) throws Exception {
    ServerConfig config = ServerConfig.forTests().withAllowCreate(false)
        .withDatabases(Map.of("app", "jdbc:morph:file:" + args[0]));
    try (MorphServer server = MorphServer.start(config)) {
      System.out.println("opened on port " + server.port());
    } catch (SQLException e) {
      System.out.println("refused " + e.getSQLState() + ": " + e.getMessage());
    }
  }
}
