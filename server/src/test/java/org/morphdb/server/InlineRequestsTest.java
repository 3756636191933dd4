package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Quick auto-commit statements run on the server's I/O thread; one that meets a lock must
 * not hold that thread (and the other connections it serves) while it waits: it runs again
 * on a worker, waits there, and still answers a cancel.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class InlineRequestsTest {
  /** More connections than the server has I/O threads: some share the waiting one's thread. */
  private static final int OTHERS = 8;
  private MorphServer server;
  private String url;

  @BeforeEach
  void start() throws Exception {
    server = MorphServer.start(ServerConfig.forTests());
    url = server.url("inline_" + System.nanoTime()) + ";keep=true";
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE acc (id INT PRIMARY KEY, bal INT)");
      s.execute("INSERT INTO acc VALUES (1, 100), (2, 200)");
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** Runs the statement a few times on row 2 so the server knows it for quick. */
  private static void warm(PreparedStatement p) throws SQLException {
    for (int i = 0; i < 20; i++) {
      p.setInt(1, 0);
      p.setInt(2, 2);
      assertEquals(1, p.executeUpdate());
    }
  }

  @Test
  void aQuickStatementThatMeetsALockWaitsWithoutHoldingOtherConnections() throws Exception {
    List<Connection> others = new ArrayList<>();
    try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
        PreparedStatement p = b.prepareStatement("UPDATE acc SET bal = bal + ? WHERE id = ?")) {
      warm(p);
      a.setAutoCommit(false);
      try (Statement s = a.createStatement()) {
        assertEquals(1, s.executeUpdate("UPDATE acc SET bal = 500 WHERE id = 1"));
      }
      p.setInt(1, 1);
      p.setInt(2, 1);
      CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> {
        try {
          return p.executeUpdate();
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      Thread.sleep(300);
      assertFalse(waiting.isDone(), "b waits for a's lock");
      for (int i = 0; i < OTHERS; i++) {
        Connection o = DriverManager.getConnection(url);
        others.add(o);
        try (Statement s = o.createStatement(); ResultSet rs = s.executeQuery("SELECT bal FROM acc WHERE id = 2")) {
          assertTrue(rs.next(), "every other connection is answered while b waits");
        }
      }
      assertTrue(a.isValid(5));
      a.commit();
      assertEquals(1, waiting.get(30, TimeUnit.SECONDS), "b's update ran once a committed");
      try (Statement s = b.createStatement(); ResultSet rs = s.executeQuery("SELECT bal FROM acc WHERE id = 1")) {
        assertTrue(rs.next());
        assertEquals(501, rs.getInt(1), "b's update ran exactly once, after a's");
      }
    } finally {
      for (Connection o : others) {
        o.close();
      }
    }
  }

  @Test
  void aQuickStatementWaitingOnALockStillTimesOut() throws Exception {
    try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
        PreparedStatement p = b.prepareStatement("UPDATE acc SET bal = bal + ? WHERE id = ?")) {
      warm(p);
      a.setAutoCommit(false);
      try (Statement s = a.createStatement()) {
        assertEquals(1, s.executeUpdate("UPDATE acc SET bal = 500 WHERE id = 1"));
      }
      p.setQueryTimeout(1);
      p.setInt(1, 1);
      p.setInt(2, 1);
      long start = System.nanoTime();
      SQLTimeoutException e = assertThrows(SQLTimeoutException.class, p::executeUpdate);
      assertEquals("57014", e.getSQLState());
      assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 8000, "cancelled before the lock timeout");
      a.rollback();
      p.setQueryTimeout(0);
      assertEquals(1, p.executeUpdate(), "b goes on after the cancel");
    }
  }
}
