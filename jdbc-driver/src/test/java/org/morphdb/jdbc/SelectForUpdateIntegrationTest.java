package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SELECT ... FOR UPDATE takes the write locks on what it reads: a second transaction's
 * FOR UPDATE of the same row waits until the first ends, so the read-modify-write of a
 * counter loses no update and does not deadlock on lock upgrades.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SelectForUpdateIntegrationTest {
  private String url;
  private final ExecutorService pool = Executors.newCachedThreadPool();

  @BeforeEach
  void open() throws SQLException {
    url = EngineUrls.fresh("forupdate", "lockTimeout=20000;keep=true");
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE COUNTERS (ID INT PRIMARY KEY, N INT)");
      s.execute("INSERT INTO COUNTERS VALUES (1, 0), (2, 0)");
    }
  }

  @AfterEach
  void close() {
    pool.shutdownNow();
  }

  private static int read(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }

  @Test
  void aSecondForUpdateOfTheSameRowWaitsForTheFirstTransaction() throws Exception {
    try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      assertEquals(0, read(a, "SELECT N FROM COUNTERS WHERE ID = 1 FOR UPDATE"));
      CompletableFuture<Integer> bRead = CompletableFuture.supplyAsync(() -> {
        try {
          return read(b, "SELECT N FROM COUNTERS WHERE ID = 1 FOR UPDATE");
        } catch (SQLException e) {
          throw new RuntimeException(e);
        }
      }, pool);
      assertThrows(TimeoutException.class, () -> bRead.get(300, TimeUnit.MILLISECONDS), "b waits for a's lock");
      try (Statement s = a.createStatement()) {
        s.executeUpdate("UPDATE COUNTERS SET N = 1 WHERE ID = 1");
      }
      a.commit();
      assertEquals(1, bRead.get(30, TimeUnit.SECONDS), "b reads a's committed update");
      b.commit();
    }
  }

  @Test
  void aPlainReadOfAnotherRowIsNotHeldUp() throws Exception {
    try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      read(a, "SELECT N FROM COUNTERS WHERE ID = 1 FOR UPDATE");
      assertEquals(0, read(b, "SELECT N FROM COUNTERS WHERE ID = 2 FOR UPDATE"));
      b.commit();
      a.commit();
    }
  }

  @Test
  void concurrentReadModifyWriteLosesNoUpdate() throws Exception {
    int workers = 4;
    int rounds = 50;
    CompletableFuture<?>[] all = new CompletableFuture<?>[workers];
    for (int w = 0; w < workers; w++) {
      all[w] = CompletableFuture.runAsync(() -> {
        try (Connection c = DriverManager.getConnection(url)) {
          c.setAutoCommit(false);
          try (PreparedStatement up = c.prepareStatement("UPDATE COUNTERS SET N = ? WHERE ID = 1")) {
            for (int i = 0; i < rounds; i++) {
              int n = read(c, "SELECT N FROM COUNTERS WHERE ID = 1 FOR UPDATE");
              up.setInt(1, n + 1);
              up.executeUpdate();
              c.commit();
            }
          }
        } catch (SQLException e) {
          throw new RuntimeException(e);
        }
      }, pool);
    }
    CompletableFuture.allOf(all).get(90, TimeUnit.SECONDS);
    try (Connection c = DriverManager.getConnection(url)) {
      assertEquals(workers * rounds, read(c, "SELECT N FROM COUNTERS WHERE ID = 1"));
    }
  }

  @Test
  void theClauseVariantsParseAndNowaitIsRefused() throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      c.setAutoCommit(false);
      assertEquals(0, read(c, "select n from counters where id = 2 for update of n"));
      assertEquals(0, read(c, "SELECT N FROM COUNTERS WHERE ID = 2\n  FOR UPDATE;"));
      assertEquals(0, read(c, "SELECT SUM(N) FROM COUNTERS FOR UPDATE"));
      assertEquals("0A000", assertThrows(SQLException.class,
          () -> read(c, "SELECT N FROM COUNTERS WHERE ID = 2 FOR UPDATE NOWAIT")).getSQLState());
      c.commit();
      c.setReadOnly(true);
      assertEquals("25006", assertThrows(SQLException.class,
          () -> read(c, "SELECT N FROM COUNTERS WHERE ID = 2 FOR UPDATE")).getSQLState());
      c.rollback();
      c.setReadOnly(false);
      c.setAutoCommit(true);
      assertEquals(0, read(c, "SELECT N FROM COUNTERS WHERE ID = 2 FOR UPDATE"), "auto-commit: a plain read");
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 'FOR UPDATE'")) {
        assertTrue(rs.next());
        assertEquals("FOR UPDATE", rs.getString(1));
        assertFalse(rs.next());
      }
    }
  }
}
