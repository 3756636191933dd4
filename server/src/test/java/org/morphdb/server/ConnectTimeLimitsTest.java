package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The time limits of a remote connection: connecting (with its TLS handshake) is bounded by
 * {@code connectTimeout}, logging in by the login timeout, and a reply by {@code socketTimeout}
 * when one is set. The driver keeps the first two without socket timeouts (they would leave
 * the socket in the JDK's slower non-blocking mode for the rest of the session), so these
 * stories check that a silent peer still cannot make a connect hang.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ConnectTimeLimitsTest {

  @Test
  void aPeerThatNeverAnswersTheTlsHandshakeFailsTheConnectWithinConnectTimeout() throws Exception {
    try (SilentListener silent = new SilentListener()) {
      long start = System.nanoTime();
      SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(
          "jdbc:morph://localhost:" + silent.port() + "/x;tls=true;connectTimeout=500"));
      long tookMs = (System.nanoTime() - start) / 1_000_000;
      assertEquals("08001", e.getSQLState());
      assertTrue(e.getMessage().contains("connecting took longer than 500 ms"), e.getMessage());
      assertTrue(tookMs < 30_000, "gave up after " + tookMs + " ms");
    }
  }

  @Test
  void aPeerThatNeverAnswersTheHelloFailsTheConnectWithinTheLoginTimeout() throws Exception {
    int before = DriverManager.getLoginTimeout();
    DriverManager.setLoginTimeout(1);
    try (SilentListener silent = new SilentListener()) {
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection("jdbc:morph://localhost:" + silent.port() + "/x"));
      assertEquals("08001", e.getSQLState());
      assertTrue(e.getMessage().contains("logging in took longer than 1000 ms"), e.getMessage());
    } finally {
      DriverManager.setLoginTimeout(before);
    }
  }

  @Test
  void aConnectionThatLoggedInIsNotCutByTheConnectLimitsLater() throws Exception {
    try (MorphServer server = MorphServer.start(ServerConfig.forTests());
        Connection c = DriverManager.getConnection(server.url("limits_" + System.nanoTime()) + ";connectTimeout=300");
        Statement s = c.createStatement()) {
      Thread.sleep(800); // past the connect limit: the deadline was disarmed, not left to fire
      s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
      assertEquals(1, s.executeUpdate("INSERT INTO t VALUES (1)"));
    }
  }

  @Test
  void withSocketTimeoutAReplyThatNeverComesIs08006() throws Exception {
    try (MorphServer server = MorphServer.start(ServerConfig.forTests());
        TcpProxy proxy = new TcpProxy(server.port())) {
      String db = "limits_" + System.nanoTime();
      // the first statements of a fresh server JVM take seconds (the planner warms up): not under the limit
      // (and the set-up connection stays open: an in-memory database lives while a connection holds it)
      try (Connection setUp = DriverManager.getConnection(server.url(db)); Statement set = setUp.createStatement();
          Connection c = DriverManager.getConnection(proxy.url(db) + ";socketTimeout=2000");
          PreparedStatement select = prepared(set, c)) {
        select.executeQuery().close();
        proxy.freeze();
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, select::executeQuery);
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals("08006", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("socket timeout"), e.getMessage());
        assertTrue(tookMs >= 1_500 && tookMs < 30_000, "gave up after " + tookMs + " ms");
      }
    }
  }

  /** A read of a new table, prepared on {@code c}: a read whose reply is lost is 08006, not 08007. */
  private static PreparedStatement prepared(Statement set, Connection c) throws SQLException {
    set.execute("CREATE TABLE t (id INT PRIMARY KEY)");
    set.executeQuery("SELECT * FROM t").close();
    return c.prepareStatement("SELECT * FROM t");
  }

  /** Accepts connections and never writes a byte (nor reads one). */
  private static final class SilentListener implements AutoCloseable {
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Socket> accepted = new ArrayList<>();

    SilentListener() throws IOException {
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            Socket s = listener.accept();
            synchronized (accepted) {
              accepted.add(s);
            }
          }
        } catch (IOException closed) {
          // the test is over
        }
      }, "silent-accept");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return listener.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      listener.close();
      synchronized (accepted) {
        for (Socket s : accepted) {
          s.close();
        }
      }
    }
  }
}
