package org.morphdb.bench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;

/** The single-thread benchmarks: each one statement in a loop, measured after a warm-up. */
final class QueryBenchmarks {
  private final BenchConfig config;

  QueryBenchmarks(BenchConfig config) {
    this.config = config;
  }

  /** {@code SELECT a, b, c FROM big WHERE id = ?} with random ids. */
  Figure pointSelect(Dbms.Db db) throws SQLException {
    int rows = config.bigRows();
    long[] missing = {0};
    try (PreparedStatement ps = db.main().prepareStatement("SELECT a, b, c FROM big WHERE id = ?")) {
      double rate = run(i -> {
        ps.setLong(1, 1 + ThreadLocalRandom.current().nextInt(rows));
        try (ResultSet rs = ps.executeQuery()) {
          missing[0] += rs.next() && rs.getString(3) != null ? 0 : 1;
        }
      });
      return new Figure(rate, missing[0] == 0 ? null : missing[0] + " ids not found");
    }
  }

  /** Auto-commit {@code INSERT INTO ins VALUES (?, ?, ?, ?)} into a table that grows. */
  Figure insert(Dbms.Db db) throws SQLException {
    db.execute("CREATE TABLE ins (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))");
    try (PreparedStatement ps = db.main().prepareStatement("INSERT INTO ins VALUES (?, ?, ?, ?)")) {
      double rate = run(i -> {
        ps.setLong(1, i + 1);
        ps.setInt(2, (int) (i * 31 % 100_000));
        ps.setInt(3, (int) (i % 1000));
        ps.setString(4, "inserted " + i);
        ps.executeUpdate();
      });
      return new Figure(rate, null);
    }
  }

  /** {@code SELECT id, k, v, c FROM rs WHERE k BETWEEN ? AND ?}: 100 rows through index rs_k. */
  Figure rangeScan(Dbms.Db db) throws SQLException {
    int rows = config.rangeRows();
    String sql = "SELECT id, k, v, c FROM rs WHERE k BETWEEN ? AND ?";
    long[] wrong = {0};
    try (PreparedStatement ps = db.main().prepareStatement(sql)) {
      double rate = run(i -> {
        int lo = ThreadLocalRandom.current().nextInt(rows - 100);
        ps.setInt(1, lo);
        ps.setInt(2, lo + 99);
        wrong[0] += count(ps) == 100 ? 0 : 1;
      });
      return new Figure(rate, wrong[0] == 0 ? null : wrong[0] + " queries did not return 100 rows");
    }
  }

  /**
   * Orders joined with customers, grouped by region (10 groups). The parameter alternates
   * between 0 and 1 (it filters at most 0.1 % of the orders) so that no database can hand back
   * the previous execution's result: H2 reuses a query's last result when its parameters and
   * tables are unchanged.
   */
  Figure joinGroupBy(Dbms.Db db) throws SQLException {
    String sql = "SELECT c.region, COUNT(*), SUM(o.amount) FROM orders o "
        + "JOIN customers c ON o.customer_id = c.id WHERE o.amount >= ? GROUP BY c.region";
    long[] wrong = {0};
    try (PreparedStatement ps = db.main().prepareStatement(sql)) {
      double rate = run(i -> {
        ps.setInt(1, (int) (i & 1));
        wrong[0] += count(ps) == Tables.REGIONS ? 0 : 1;
      });
      return new Figure(rate, wrong[0] == 0 ? null : wrong[0] + " queries returned wrong groups");
    }
  }

  private double run(Measure.Op op) throws SQLException {
    return Measure.opsPerSecond(op, config.warmupSeconds(), config.measureSeconds());
  }

  private static int count(PreparedStatement ps) throws SQLException {
    int n = 0;
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        rs.getObject(2);
        n++;
      }
    }
    return n;
  }

}
