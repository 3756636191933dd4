package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The server runs on epoll on Linux x86-64 (its native library ships), on NIO when asked, and answers on both. */
class TransportTest {
  @Test
  void linuxX86ServesOverEpoll() throws Exception {
    assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux")
        && System.getProperty("os.arch").matches("amd64|x86_64"));
    try (MorphServer server = MorphServer.start(ServerConfig.forTests())) {
      assertEquals("epoll", server.transport());
      assertEquals(42, roundTrip(server));
    }
  }

  @Test
  void thePropertyChoosesNio() throws Exception {
    String before = System.getProperty(Transport.PROPERTY);
    System.setProperty(Transport.PROPERTY, "nio");
    try (MorphServer server = MorphServer.start(ServerConfig.forTests())) {
      assertEquals("nio", server.transport());
      assertEquals(42, roundTrip(server));
    } finally {
      if (before == null) {
        System.clearProperty(Transport.PROPERTY);
      } else {
        System.setProperty(Transport.PROPERTY, before);
      }
    }
  }

  private static int roundTrip(MorphServer server) throws Exception {
    try (Connection c = DriverManager.getConnection(server.url("transport_" + System.nanoTime()));
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 42")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
