package org.morphdb.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Random;

/**
 * The bench's tables and how they are filled, identically on every database:
 * <ul>
 *   <li>{@code big(id BIGINT PK, a INT, b INT, c VARCHAR(40))}: {@code a} random,
 *       {@code b = id % 1000} — the baseline table of FIELD-NOTES.md;
 *   <li>{@code rs(id BIGINT PK, k INT, v INT, c VARCHAR(40))} with an index on {@code k}, a
 *       permutation of the ids, so 100 consecutive {@code k} are 100 scattered rows;
 *   <li>{@code customers(id INT PK, region VARCHAR(20))}, 1,000 rows in 10 regions, and
 *       {@code orders(id BIGINT PK, customer_id INT, amount INT)}.
 * </ul>
 */
final class Tables {
  static final int BATCH = 1000;
  static final int CUSTOMERS = 1000;
  static final int REGIONS = 10;
  /** Coprime with the range table's sizes (100,000 and 10,000), so {@code k} is a permutation. */
  private static final long K_FACTOR = 7919;

  private Tables() {
  }

  static void createBig(Dbms.Db db) throws SQLException {
    createBig(db, "big");
  }

  /** A table of {@code big}'s shape. */
  static void createBig(Dbms.Db db, String table) throws SQLException {
    db.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))");
  }

  /** Loads {@code big} rows 1..rows in batches of 1,000, one transaction per batch. */
  static void loadBig(Dbms.Db db, int rows) throws SQLException {
    loadBig(db, "big", rows);
  }

  /** Loads rows 1..rows into a table of {@code big}'s shape, as {@code big}'s. */
  static void loadBig(Dbms.Db db, String table, int rows) throws SQLException {
    Random random = new Random(42);
    batched(db.main(), "INSERT INTO " + table + " VALUES (?, ?, ?, ?)", rows, (ps, id) -> {
      ps.setLong(1, id);
      ps.setInt(2, random.nextInt(rows));
      ps.setInt(3, (int) (id % 1000));
      ps.setString(4, "row " + id);
    });
  }

  static void createRange(Dbms.Db db, int rows) throws SQLException {
    db.execute("CREATE TABLE rs (id BIGINT PRIMARY KEY, k INT, v INT, c VARCHAR(40))");
    batched(db.main(), "INSERT INTO rs VALUES (?, ?, ?, ?)", rows, (ps, id) -> {
      ps.setLong(1, id);
      ps.setInt(2, (int) (id * K_FACTOR % rows));
      ps.setInt(3, (int) (id % 97));
      ps.setString(4, "range row " + id);
    });
    db.execute("CREATE INDEX rs_k ON rs (k)");
  }

  static void createJoin(Dbms.Db db, int orders) throws SQLException {
    db.execute("CREATE TABLE customers (id INT PRIMARY KEY, region VARCHAR(20))");
    db.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer_id INT, amount INT)");
    batched(db.main(), "INSERT INTO customers VALUES (?, ?)", CUSTOMERS, (ps, id) -> {
      ps.setInt(1, (int) id);
      ps.setString(2, "region " + id % REGIONS);
    });
    Random random = new Random(7);
    batched(db.main(), "INSERT INTO orders VALUES (?, ?, ?)", orders, (ps, id) -> {
      ps.setLong(1, id);
      ps.setInt(2, 1 + random.nextInt(CUSTOMERS));
      ps.setInt(3, random.nextInt(1000));
    });
  }

  @FunctionalInterface
  private interface Binder {
    void bind(PreparedStatement ps, long id) throws SQLException;
  }

  private static void batched(Connection c, String sql, int rows, Binder binder)
      throws SQLException {
    c.setAutoCommit(false);
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (long id = 1; id <= rows; id++) {
        binder.bind(ps, id);
        ps.addBatch();
        if (id % BATCH == 0 || id == rows) {
          ps.executeBatch();
          c.commit();
        }
      }
    } finally {
      c.setAutoCommit(true);
    }
  }
}
