package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.DatabaseRegistry;

/**
 * Databases open one by one, not one at a time: while one database opens (recovery, planner
 * warm-up), a connect to another is served; concurrent connects to the opening one wait for
 * that one opening and share it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DatabaseOpeningTest {
  private final ExecutorService pool = Executors.newCachedThreadPool();

  @AfterEach
  void cleanUp() {
    DatabaseRegistry.beforeOpenForTests(null);
    pool.shutdownNow();
  }

  @Test
  void aSlowOpeningHoldsUpOnlyItsOwnDatabase() throws Exception {
    String slow = "slow_" + System.nanoTime();
    String other = "other_" + System.nanoTime();
    CountDownLatch opening = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Map<String, AtomicInteger> opens = new ConcurrentHashMap<>();
    DatabaseRegistry.beforeOpenForTests(name -> {
      opens.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
      if (name.equals(slow)) {
        opening.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    try (MorphServer server = MorphServer.start(ServerConfig.forTests())) {
      Future<Connection> first = pool.submit(() -> DriverManager.getConnection(server.url(slow)));
      assertTrue(opening.await(60, TimeUnit.SECONDS), "the slow database starts opening");
      Future<Connection> second = pool.submit(() -> DriverManager.getConnection(server.url(slow)));

      // the other database opens and serves while the slow one is still opening
      try (Connection c = pool.submit(() -> DriverManager.getConnection(server.url(other))).get(60, TimeUnit.SECONDS);
          Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 6 * 7")) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt(1));
      }
      // an embedded connect in the same JVM is not held up either
      try (Connection c = pool.submit(() -> DriverManager.getConnection("jdbc:morph:mem:" + other + "_embedded"))
          .get(60, TimeUnit.SECONDS)) {
        assertTrue(c.isValid(1));
      }
      assertFalse(first.isDone(), "the slow database is still opening");
      assertFalse(second.isDone(), "a second connect to it waits for that opening");

      release.countDown();
      try (Connection a = first.get(60, TimeUnit.SECONDS); Connection b = second.get(60, TimeUnit.SECONDS);
          Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
        sa.execute("CREATE TABLE shared (id INT PRIMARY KEY)");
        sa.execute("INSERT INTO shared VALUES (1)");
        try (ResultSet rs = sb.executeQuery("SELECT COUNT(*) FROM shared")) {
          assertTrue(rs.next());
          assertEquals(1, rs.getInt(1), "both connections are on one database");
        }
      }
      assertEquals(1, opens.get(slow).get(), "concurrent connects share one opening");
    }
  }
}
