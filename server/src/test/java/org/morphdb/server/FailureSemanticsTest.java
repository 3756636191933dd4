package org.morphdb.server;

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
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a client sees when things go wrong between it and the server, and what the server
 * does about a client that is gone: cancel and query timeout over the wire, 08006 / 08007,
 * no silent reconnect, rollback and lock release for a vanished client.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class FailureSemanticsTest {
  private MorphServer server;
  private TcpProxy proxy;
  private String db;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

  @BeforeEach
  void start() throws Exception {
    server = MorphServer.start(ServerConfig.forTests().withIdleTimeoutMs(1500));
    proxy = new TcpProxy(server.port());
    db = "failures_" + System.nanoTime();
    try (Connection c = DriverManager.getConnection(server.url(db) + ";keep=true"); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE acc (id INT PRIMARY KEY, bal INT)");
      s.execute("INSERT INTO acc VALUES (1, 100), (2, 200)");
    }
  }

  @AfterEach
  void stop() throws Exception {
    timer.shutdownNow();
    proxy.close();
    server.close();
  }

  /** Connection A holds the lock on row 1 in an open transaction. */
  private Connection lockRowOne(String url) throws SQLException {
    Connection a = DriverManager.getConnection(url);
    a.setAutoCommit(false);
    try (Statement s = a.createStatement()) {
      assertEquals(1, s.executeUpdate("UPDATE acc SET bal = bal + 1 WHERE id = 1"));
    }
    return a;
  }

  @Test
  void queryTimeoutCancelsAStatementWaitingOnALock() throws SQLException {
    try (Connection a = lockRowOne(server.url(db)); Connection b = DriverManager.getConnection(server.url(db));
        Statement s = b.createStatement()) {
      s.setQueryTimeout(1);
      long start = System.nanoTime();
      SQLTimeoutException e = assertThrows(SQLTimeoutException.class,
          () -> s.executeUpdate("UPDATE acc SET bal = 0 WHERE id = 1"));
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals("57014", e.getSQLState());
      assertTrue(ms < 8000, "cancelled after " + ms + " ms, before the 10 s lock timeout");
      a.rollback();
      s.setQueryTimeout(0);
      assertEquals(1, s.executeUpdate("UPDATE acc SET bal = 0 WHERE id = 1"), "b goes on after the cancel");
    }
  }

  @Test
  void cancelFromAnotherThreadReachesTheServer() throws SQLException {
    try (Connection a = lockRowOne(server.url(db)); Connection b = DriverManager.getConnection(server.url(db));
        Statement s = b.createStatement()) {
      timer.schedule(() -> {
        try {
          s.cancel();
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      }, 300, TimeUnit.MILLISECONDS);
      SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("UPDATE acc SET bal = 0 WHERE id = 1"));
      assertEquals("57014", e.getSQLState());
      assertTrue(b.isValid(1));
    }
  }

  @Test
  void aLostConnectionInATransactionIs08006AndIsNeverReopened() throws Exception {
    Connection a = DriverManager.getConnection(proxy.url(db));
    a.setAutoCommit(false);
    Statement s = a.createStatement();
    s.executeUpdate("UPDATE acc SET bal = 1 WHERE id = 2");
    proxy.cut();
    SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("UPDATE acc SET bal = 2 WHERE id = 2"));
    assertInstanceOf(SQLNonTransientConnectionException.class, e);
    assertEquals("08006", e.getSQLState());
    assertTrue(a.isClosed());
    assertFalse(a.isValid(1));
    assertEquals("08003", assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1")).getSQLState(),
        "no silent reconnect: the connection stays unusable");
    // the server rolled the transaction back: row 2 unchanged, and its lock is free
    try (Connection c = DriverManager.getConnection(server.url(db)); Statement t = c.createStatement()) {
      assertEquals(200, balance(t, 2));
      assertEquals(1, t.executeUpdate("UPDATE acc SET bal = 201 WHERE id = 2"));
    }
  }

  @Test
  void anAutoCommitWriteWhoseReplyIsLostIs08007AndNotRetried() throws Exception {
    try (Connection a = lockRowOne(server.url(db)); Connection b = DriverManager.getConnection(proxy.url(db))) {
      PreparedStatement update = b.prepareStatement("UPDATE acc SET bal = bal + 10 WHERE id = 1");
      timer.schedule(proxy::cut, 300, TimeUnit.MILLISECONDS); // while b waits for a's lock
      SQLException e = assertThrows(SQLException.class, update::executeUpdate);
      assertEquals("08007", e.getSQLState(), e.getMessage());
      assertTrue(b.isClosed());
      a.commit();
    }
    try (Connection c = DriverManager.getConnection(server.url(db)); Statement t = c.createStatement()) {
      int bal = balance(t, 1);
      assertTrue(bal == 101 || bal == 111, "the update ran at most once: " + bal);
    }
  }

  @Test
  void aLostReadInAutoCommitIs08006() throws Exception {
    try (Connection b = DriverManager.getConnection(proxy.url(db))) {
      PreparedStatement select = b.prepareStatement("SELECT bal FROM acc WHERE id = 1");
      proxy.cut();
      assertEquals("08006", assertThrows(SQLException.class, select::executeQuery).getSQLState());
    }
  }

  @Test
  void theIdleTimeoutRollsBackASilentClientAndReleasesItsLocks() throws Exception {
    Connection a = lockRowOne(proxy.url(db));
    proxy.freeze(); // a's packets go nowhere; the server sees no FIN
    try (Connection b = DriverManager.getConnection(server.url(db)); Statement s = b.createStatement()) {
      long start = System.nanoTime();
      // b waits for a's lock until the server's idle timeout (1.5 s) drops a
      assertEquals(1, s.executeUpdate("UPDATE acc SET bal = 500 WHERE id = 1"));
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(ms < 9000, "lock released by the idle timeout after " + ms + " ms");
      assertEquals(500, balance(s, 1));
    }
    assertTrue(server.stats().idleClosed() >= 1);
    a.abort(Runnable::run);
  }

  @Test
  void theIdleTimeoutCountsFromTheLastReplyNotFromTheLastRequest() throws Exception {
    Connection a = lockRowOne(server.url(db));
    timer.execute(() -> holdThenCommit(a, 2500));
    try (Connection b = DriverManager.getConnection(server.url(db)); Statement s = b.createStatement()) {
      // b's request waits 2.5 s, longer than the 1.5 s idle timeout, while b sends nothing
      assertEquals(1, s.executeUpdate("UPDATE acc SET bal = 7 WHERE id = 1"));
      Thread.sleep(1000); // then b is quiet for less than the timeout after its reply
      assertEquals(7, balance(s, 1), "b, busy and then briefly quiet, was not taken for gone");
    }
    assertEquals(0, server.stats().idleClosed());
  }

  /** Keeps c's transaction open for ms, c talking to the server all along, then commits it. */
  private static void holdThenCommit(Connection c, long ms) {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    try (Statement s = c.createStatement()) {
      while (System.nanoTime() < end) {
        s.executeQuery("SELECT 1").close();
        Thread.sleep(200);
      }
      c.commit();
      c.close();
    } catch (SQLException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void stoppingTheServerRollsBackOpenTransactions() throws Exception {
    Connection a = DriverManager.getConnection(server.url(db));
    a.setAutoCommit(false);
    try (Statement s = a.createStatement()) {
      s.executeUpdate("UPDATE acc SET bal = 0 WHERE id = 2");
    }
    server.close();
    String state = assertThrows(SQLException.class, a::commit).getSQLState();
    assertTrue(state.equals("08006") || state.equals("08007"), state);
    // the database lives on in this JVM: the server rolled the transaction back
    try (Connection c = DriverManager.getConnection("jdbc:morph:mem:" + db); Statement t = c.createStatement()) {
      assertEquals(200, balance(t, 2));
    }
  }

  private static int balance(Statement s, int id) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT bal FROM acc WHERE id = " + id)) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }
}
