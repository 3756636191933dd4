package org.morphdb.cli;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * {@code morph demo [--rows N]}: a first look at MorphDB through plain JDBC. Every result is
 * checked against the data the demo generated; the exit code is 1 when one is wrong or when
 * {@code CHECK TABLE} reports a problem.
 */
final class DemoCommand {
  static final String URL = "jdbc:morph:mem:demo";
  private static final int BATCH = 1000;
  private static final int POINT_SELECTS = 1000;
  private static final int GROUPS = 100;

  private final String url;
  private final PrintStream out;
  private int[] a;
  private boolean wrong;

  DemoCommand(String url, PrintStream out) {
    this.url = url;
    this.out = out;
  }

  static int run(List<String> args, PrintStream out) {
    Args a = Args.parse(args, Set.of("rows"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("demo takes no arguments besides --rows N");
    }
    return new DemoCommand(URL, out).run(a.intOption("rows", 100_000, 1));
  }

  /** Runs the demo on {@code rows} rows; returns the exit code. */
  int run(int rows) {
    out.printf(Locale.ROOT, "MorphDB demo: %,d rows on %s%n", rows, url);
    String step = "connect";
    long t = System.nanoTime();
    try (Connection c = DriverManager.getConnection(url)) {
      report(step, t, "");
      step = "CREATE TABLE";
      createTable(c);
      step = "load";
      load(c, rows);
      step = "CREATE INDEX";
      t = System.nanoTime();
      execute(c, "CREATE INDEX demo_a ON demo (a)");
      report("CREATE INDEX demo_a ON demo (a)", t, "");
      step = "point select";
      pointSelects(c, rows);
      step = "EXPLAIN / range select";
      rangeSelect(c, rows);
      step = "GROUP BY";
      groupBy(c, rows);
      step = "CHECK TABLE";
      int problems = checkTable(c);
      out.println(wrong || problems > 0 ? "Demo FAILED" : "Demo OK");
      return wrong || problems > 0 ? 1 : 0;
    } catch (SQLException e) {
      out.println("Demo failed at " + step + ": " + e.getSQLState()
          + (e.getErrorCode() != 0 ? "/" + e.getErrorCode() : "") + " " + e.getMessage());
      return 1;
    }
  }

  private void createTable(Connection c) throws SQLException {
    long t = System.nanoTime();
    String sql = "CREATE TABLE demo (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))";
    execute(c, sql);
    report(sql, t, "");
  }

  /** Rows {@code id = 1..n}, {@code a} random in [0, n), {@code b = id % 100}. */
  private void load(Connection c, int rows) throws SQLException {
    a = new int[rows + 1];
    Random random = new Random(42);
    long t = System.nanoTime();
    c.setAutoCommit(false);
    try (PreparedStatement insert = c.prepareStatement("INSERT INTO demo VALUES (?, ?, ?, ?)")) {
      for (int id = 1; id <= rows; id++) {
        a[id] = random.nextInt(rows);
        insert.setLong(1, id);
        insert.setInt(2, a[id]);
        insert.setInt(3, id % GROUPS);
        insert.setString(4, "row " + id);
        insert.addBatch();
        if (id % BATCH == 0 || id == rows) {
          insert.executeBatch();
          c.commit();
        }
      }
    } finally {
      c.setAutoCommit(true);
    }
    report(String.format(Locale.ROOT, "load %,d rows (batches of %d)", rows, BATCH), t,
        rate(rows, t, "rows/s"));
  }

  private void pointSelects(Connection c, int rows) throws SQLException {
    Random random = new Random(7);
    int probes = Math.min(rows, POINT_SELECTS);
    String shown = "";
    long t = System.nanoTime();
    try (PreparedStatement select = c.prepareStatement("SELECT a, b, c FROM demo WHERE id = ?")) {
      for (int i = 0; i < probes; i++) {
        int id = 1 + random.nextInt(rows);
        select.setLong(1, id);
        try (ResultSet rs = select.executeQuery()) {
          boolean found = rs.next();
          if (!found || rs.getInt(1) != a[id] || rs.getInt(2) != id % GROUPS
              || !("row " + id).equals(rs.getString(3)) || rs.next()) {
            mismatch("id = " + id + " did not return (" + a[id] + ", " + id % GROUPS + ", 'row "
                + id + "')" + (found ? "" : ": no row"));
          } else if (i == 0) {
            shown = "; id " + id + " -> a=" + a[id] + ", b=" + id % GROUPS + ", c='row " + id + "'";
          }
        }
      }
    }
    report(String.format(Locale.ROOT, "point select by id x %,d", probes), t,
        rate(probes, t, "selects/s") + shown);
  }

  private void rangeSelect(Connection c, int rows) throws SQLException {
    int lo = rows / 10;
    int hi = lo + Math.max(rows / 100, 10) - 1;
    String where = " FROM demo WHERE a BETWEEN " + lo + " AND " + hi;
    out.println("  EXPLAIN PLAN FOR SELECT id, a" + where + ":");
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("EXPLAIN PLAN FOR SELECT id, a" + where)) {
      while (rs.next()) {
        for (String line : String.valueOf(rs.getString(1)).split("\n")) {
          out.println("      " + line);
        }
      }
    }
    long expected = 0;
    for (int id = 1; id <= rows; id++) {
      expected += a[id] >= lo && a[id] <= hi ? 1 : 0;
    }
    long t = System.nanoTime();
    long count = 0;
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT id, a" + where)) {
      while (rs.next()) {
        int id = (int) rs.getLong(1);
        if (id < 1 || id > rows || a[id] != rs.getInt(2) || a[id] < lo || a[id] > hi) {
          mismatch("range select returned a wrong row: id " + id + ", a " + rs.getInt(2));
        }
        count++;
      }
    }
    if (count != expected) {
      mismatch("range select returned " + count + " rows, expected " + expected);
    }
    report("SELECT id, a" + where, t,
        count + " rows" + (count == expected ? " (as expected)" : ""));
  }

  private void groupBy(Connection c, int rows) throws SQLException {
    long[] counts = new long[GROUPS];
    long[] sums = new long[GROUPS];
    for (int id = 1; id <= rows; id++) {
      counts[id % GROUPS]++;
      sums[id % GROUPS] += a[id];
    }
    String sql = "SELECT b, COUNT(*), SUM(a) FROM demo GROUP BY b ORDER BY b";
    long t = System.nanoTime();
    int groups = 0;
    List<String> firstGroups = new ArrayList<>();
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        int b = rs.getInt(1);
        long n = rs.getLong(2);
        long sum = rs.getLong(3);
        if (b < 0 || b >= GROUPS || counts[b] != n || sums[b] != sum) {
          mismatch("group b=" + b + ": count " + n + ", sum " + sum);
        }
        if (groups++ < 3) {
          firstGroups.add("b=" + b + ": " + n + " rows, sum(a) " + sum);
        }
      }
    }
    int expectedGroups = Math.min(rows, GROUPS);
    if (groups != expectedGroups) {
      mismatch("GROUP BY returned " + groups + " groups, expected " + expectedGroups);
    }
    report(sql, t, groups + " groups; " + String.join("; ", firstGroups) + "; ...");
  }

  /** Prints CHECK TABLE's rows; returns how many it reported. */
  private int checkTable(Connection c) throws SQLException {
    long t = System.nanoTime();
    List<String> problems = new ArrayList<>();
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("CHECK TABLE demo")) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
          row.append(i > 1 ? ", " : "").append(rs.getMetaData().getColumnLabel(i)).append('=')
              .append(rs.getString(i));
        }
        problems.add(row.toString());
      }
    }
    report("CHECK TABLE demo", t, problems.isEmpty() ? "consistent: no problems"
        : problems.size() + " PROBLEMS");
    problems.forEach(p -> out.println("      " + p));
    return problems.size();
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private void mismatch(String what) {
    if (!wrong) {
      out.println("  WRONG RESULT: " + what);
    }
    wrong = true;
  }

  private void report(String what, long startNanos, String detail) {
    long micros = (System.nanoTime() - startNanos) / 1000;
    out.printf(Locale.ROOT, "  %-71s %9.1f ms  %s%n", what, micros / 1000.0, detail);
  }

  private static String rate(long n, long startNanos, String unit) {
    double seconds = Math.max(System.nanoTime() - startNanos, 1) / 1e9;
    return String.format(Locale.ROOT, "%,.0f %s", n / seconds, unit);
  }
}
