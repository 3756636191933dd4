package org.morphdb.bench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The single-thread benchmarks: each one prepared statement run in a loop. {@link #open}
 * prepares it on a database; the runner measures it in several rounds, interleaved with the
 * other databases.
 */
final class QueryBenchmarks {
  private final BenchConfig config;

  QueryBenchmarks(BenchConfig config) {
    this.config = config;
  }

  /** A prepared benchmark loop on one database. */
  static final class Loop implements AutoCloseable {
    private final PreparedStatement ps;
    private final Measure.Op op;
    private final long[] wrong;
    private final String wrongWhat;
    private long next;

    private Loop(PreparedStatement ps, long[] wrong, String wrongWhat, Measure.Op op) {
      this.ps = ps;
      this.op = op;
      this.wrong = wrong;
      this.wrongWhat = wrongWhat;
    }

    /** Operations per second over {@code measure} seconds after {@code warmup}. */
    double run(double warmup, double measure) throws SQLException {
      return Measure.opsPerSecond(i -> op.run(next++), warmup, measure);
    }

    /** Null, or what went wrong (wrong results are counted, not thrown). */
    String problem() {
      return wrong[0] == 0 ? null : wrong[0] + " " + wrongWhat;
    }

    @Override
    public void close() throws SQLException {
      ps.close();
    }
  }

  /** Which loop to open. */
  enum Kind { POINT_SELECT, INSERT, RANGE_SCAN, JOIN_GROUP_BY }

  Loop open(Kind kind, Dbms.Db db) throws SQLException {
    return switch (kind) {
      case POINT_SELECT -> pointSelect(db);
      case INSERT -> insert(db);
      case RANGE_SCAN -> rangeScan(db);
      case JOIN_GROUP_BY -> joinGroupBy(db);
    };
  }

  /** {@code SELECT a, b, c FROM big WHERE id = ?} with random ids. */
  private Loop pointSelect(Dbms.Db db) throws SQLException {
    int rows = config.bigRows();
    long[] missing = {0};
    PreparedStatement ps = db.main().prepareStatement("SELECT a, b, c FROM big WHERE id = ?");
    return new Loop(ps, missing, "ids not found", i -> {
      ps.setLong(1, 1 + ThreadLocalRandom.current().nextInt(rows));
      try (ResultSet rs = ps.executeQuery()) {
        missing[0] += rs.next() && rs.getString(3) != null ? 0 : 1;
      }
    });
  }

  /** Auto-commit {@code INSERT INTO ins VALUES (?, ?, ?, ?)} into a table that grows. */
  private Loop insert(Dbms.Db db) throws SQLException {
    db.execute("CREATE TABLE ins (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))");
    PreparedStatement ps = db.main().prepareStatement("INSERT INTO ins VALUES (?, ?, ?, ?)");
    return new Loop(ps, new long[1], "", i -> {
      ps.setLong(1, i + 1);
      ps.setInt(2, (int) (i * 31 % 100_000));
      ps.setInt(3, (int) (i % 1000));
      ps.setString(4, "inserted " + i);
      ps.executeUpdate();
    });
  }

  /** {@code SELECT id, k, v, c FROM rs WHERE k BETWEEN ? AND ?}: 100 rows through index rs_k. */
  private Loop rangeScan(Dbms.Db db) throws SQLException {
    int rows = config.rangeRows();
    long[] wrong = {0};
    PreparedStatement ps = db.main().prepareStatement(
        "SELECT id, k, v, c FROM rs WHERE k BETWEEN ? AND ?");
    return new Loop(ps, wrong, "queries did not return 100 rows", i -> {
      int lo = ThreadLocalRandom.current().nextInt(rows - 100);
      ps.setInt(1, lo);
      ps.setInt(2, lo + 99);
      wrong[0] += count(ps) == 100 ? 0 : 1;
    });
  }

  /**
   * Orders joined with customers, grouped by region (10 groups). The parameter alternates
   * between 0 and 1 (it filters at most 0.1 % of the orders) so that no database can hand back
   * the previous execution's result: H2 reuses a query's last result when its parameters and
   * tables are unchanged.
   */
  private Loop joinGroupBy(Dbms.Db db) throws SQLException {
    long[] wrong = {0};
    PreparedStatement ps = db.main().prepareStatement("SELECT c.region, COUNT(*), SUM(o.amount) "
        + "FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.amount >= ? "
        + "GROUP BY c.region");
    return new Loop(ps, wrong, "queries returned wrong groups", i -> {
      ps.setInt(1, (int) (i & 1));
      wrong[0] += count(ps) == Tables.REGIONS ? 0 : 1;
    });
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
