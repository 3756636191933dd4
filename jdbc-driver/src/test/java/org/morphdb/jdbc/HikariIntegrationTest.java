package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A HikariCP pool shared by 8 threads doing mixed inserts, updates, deletes and queries on
 * distinct key ranges, single statements in auto-commit and multi-statement units through
 * {@link MorphConnection#runInTransaction}. Each thread keeps a model of its range; the
 * final table must equal the union of the models.
 */
class HikariIntegrationTest {
  private static final int THREADS = 8;
  private static final int OPS = 150;
  private static final int RANGE = 1000;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void pooledConnectionsUnderConcurrentLoad() throws Exception {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(EngineUrls.fresh("hikari", "lockTimeout=2000"));
    config.setMaximumPoolSize(4);
    config.setPoolName("morph-test");
    try (HikariDataSource pool = new HikariDataSource(config)) {
      try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
        s.executeUpdate("CREATE TABLE KV (ID INT NOT NULL, V INT NOT NULL, PRIMARY KEY (ID))");
      }
      Map<Integer, Integer> all = new ConcurrentHashMap<>();
      ExecutorService executor = Executors.newFixedThreadPool(THREADS);
      List<Future<Map<Integer, Integer>>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        futures.add(executor.submit(() -> work(pool, thread)));
      }
      for (Future<Map<Integer, Integer>> f : futures) {
        all.putAll(f.get(4, TimeUnit.MINUTES));
      }
      executor.shutdown();
      assertEquals(new TreeMap<>(all), read(pool, 0, THREADS * RANGE));
    }
  }

  private static Map<Integer, Integer> work(HikariDataSource pool, int thread) throws SQLException {
    Random random = new Random(thread);
    int base = thread * RANGE;
    TreeMap<Integer, Integer> model = new TreeMap<>();
    for (int op = 0; op < OPS; op++) {
      int id = base + random.nextInt(RANGE / 10);
      int value = random.nextInt(1_000_000);
      int kind = random.nextInt(10);
      try (Connection c = pool.getConnection()) {
        if (kind < 4) {
          if (!model.containsKey(id)) {
            update(c, "INSERT INTO KV (ID, V) VALUES (?, ?)", id, value);
            model.put(id, value);
          }
        } else if (kind < 6) {
          int n = update(c, "UPDATE KV SET V = ? WHERE ID = ?", value, id);
          assertEquals(model.containsKey(id) ? 1 : 0, n);
          model.computeIfPresent(id, (k, v) -> value);
        } else if (kind < 7) {
          int n = update(c, "DELETE FROM KV WHERE ID = ?", id);
          assertEquals(model.containsKey(id) ? 1 : 0, n);
          model.remove(id);
        } else if (kind < 9) {
          assertEquals(model, read(c, base, base + RANGE));
        } else {
          // move: read one row and write two, as one unit
          int other = base + random.nextInt(RANGE / 10);
          Map<Integer, Integer> changes = c.unwrap(MorphConnection.class).runInTransaction(tx -> {
            Map<Integer, Integer> seen = read(tx, id, id + 1);
            int v = seen.getOrDefault(id, 0) + 1;
            update(tx, "DELETE FROM KV WHERE ID = ?", other);
            update(tx, "INSERT INTO KV (ID, V) VALUES (?, ?)", other, v);
            return Map.of(other, v);
          });
          model.putAll(changes);
        }
      }
    }
    return model;
  }

  private static int update(Connection c, String sql, int... params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setInt(i + 1, params[i]);
      }
      return ps.executeUpdate();
    }
  }

  private static TreeMap<Integer, Integer> read(HikariDataSource pool, int from, int to) throws SQLException {
    try (Connection c = pool.getConnection()) {
      return read(c, from, to);
    }
  }

  private static TreeMap<Integer, Integer> read(Connection c, int from, int to) throws SQLException {
    TreeMap<Integer, Integer> rows = new TreeMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT ID, V FROM KV WHERE ID >= ? AND ID < ? ORDER BY ID")) {
      ps.setInt(1, from);
      ps.setInt(2, to);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows.put(rs.getInt(1), rs.getInt(2));
        }
      }
    }
    return rows;
  }
}
