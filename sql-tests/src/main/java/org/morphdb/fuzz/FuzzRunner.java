package org.morphdb.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.morphdb.slt.SltParseException;
import org.morphdb.slt.SltRecord;
import org.morphdb.slt.SltSource;

/**
 * Seeded fuzzing for bad input: mutated statements ({@link SqlMutator}) run one after another
 * on one connection to a database with data in it. A statement may succeed or fail with an
 * SQLException that has a SQLState; anything else (another throwable, no SQLState, a hang, a
 * dead connection) is a failure. Afterwards {@code CHECK TABLE} must be clean on every table
 * and the connection must still answer a known query correctly.
 * {@link #run(FuzzConfig)} from code and tests, {@link #runCli} for {@code ./morph fuzz}.
 */
public final class FuzzRunner {
  /** Rows read of one result at most. */
  static final int ROWS_READ = 10_000;
  /** The thread running statements has an application thread's usual stack. */
  private static final long STACK_BYTES = 1L << 20;
  private static final long CANCEL_GRACE_MILLIS = 5_000;

  private FuzzRunner() {
  }

  /** Runs the configured statements and the checks after them. */
  public static FuzzStats run(FuzzConfig config) throws IOException {
    List<String> seeds = statements(config.sources());
    Random random = new Random(config.seed());
    FuzzStats stats = new FuzzStats();
    PrintStream out = config.out();
    if (out != null) {
      out.printf(Locale.ROOT, "fuzz: %d statements mutated from %d of %d files, seed %d, on %s%n",
          config.count(), seeds.size(), config.sources().size(), config.seed(), config.url());
    }
    ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(null, r, "fuzz", STACK_BYTES);
      t.setDaemon(true);
      return t;
    });
    long start = System.nanoTime();
    try (Connection c = DriverManager.getConnection(config.url())) {
      setUp(c);
      boolean usable = true;
      for (int n = 1; n <= config.count() && usable; n++) {
        usable = runOne(c, n, SqlMutator.mutate(seeds, random), config, exec, stats);
        progress(out, n, config.count(), stats, start);
      }
      if (usable) {
        checkAfter(c, config.url(), stats);
      } else {
        stats.checks("not run: the connection could not be used any more");
      }
    } catch (SQLException e) {
      stats.failure(0, "cannot set up or use the database: " + e, null);
    } finally {
      exec.shutdownNow();
    }
    if (out != null) {
      out.print(stats.summary(config, (System.nanoTime() - start) / 1_000_000));
    }
    return stats;
  }

  /**
   * Runs one statement and classifies what it did; false when the run cannot go on (a hang,
   * a dead connection).
   */
  private static boolean runOne(Connection c, int n, String sql, FuzzConfig config,
                                ExecutorService exec, FuzzStats stats) throws SQLException {
    AtomicReference<Statement> current = new AtomicReference<>();
    Future<Throwable> f = exec.submit(() -> execute(c, sql, current));
    Throwable thrown;
    try {
      thrown = f.get(config.statementTimeoutMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      cancel(current.get());
      boolean stopped = awaitQuietly(f);
      stats.failure(n, "hung: still running after " + config.statementTimeoutMillis() / 1000
          + " s" + (stopped ? " (ended when cancelled)" : " (cancel did not stop it)"), sql);
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stats.failure(n, "interrupted", sql);
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      thrown = e.getCause();
    }
    if (thrown == null) {
      stats.countOk();
    } else if (thrown instanceof SQLException e && e.getSQLState() != null
        && !e.getSQLState().startsWith("08")) {
      stats.sqlException(e, sql);
    } else {
      stats.failure(n, describe(thrown), sql);
    }
    if (thrown != null) {
      resetTransaction(c);
    }
    if (thrown != null && !c.isValid(5)) {
      stats.failure(n, "the connection is dead after this statement", sql);
      return false;
    }
    return true;
  }

  private static Throwable execute(Connection c, String sql, AtomicReference<Statement> current) {
    try (Statement st = c.createStatement()) {
      current.set(st);
      if (st.execute(sql)) {
        try (ResultSet rs = st.getResultSet()) {
          int columns = rs.getMetaData().getColumnCount();
          for (int row = 0; row < ROWS_READ && rs.next(); row++) {
            for (int i = 1; i <= columns; i++) {
              rs.getObject(i);
            }
          }
        }
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  private static String describe(Throwable t) {
    if (t instanceof SQLException e) {
      return e.getSQLState() == null ? "SQLException without a SQLState: " + e
          : "connection exception (class 08) on a statement error: " + e;
    }
    return "threw " + t + (t.getStackTrace().length > 0 ? " at " + t.getStackTrace()[0] : "");
  }

  private static void cancel(Statement st) {
    if (st != null) {
      try {
        st.cancel();
      } catch (SQLException | RuntimeException ignored) {
        // the failure is reported as a hang either way
      }
    }
  }

  private static boolean awaitQuietly(Future<?> f) {
    try {
      f.get(CANCEL_GRACE_MILLIS, TimeUnit.MILLISECONDS);
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  /** A failed statement may leave a transaction open (e.g. a 40001 abort): roll it back. */
  private static void resetTransaction(Connection c) {
    try {
      if (!c.getAutoCommit()) {
        c.rollback();
        c.setAutoCommit(true);
      }
    } catch (SQLException ignored) {
      // isValid tells whether the connection is still usable
    }
  }

  private static void progress(PrintStream out, int n, int count, FuzzStats stats, long start) {
    int step = Math.max(1_000, count / 10);
    if (out != null && (n % step == 0) && n < count) {
      out.printf(Locale.ROOT, "  %d / %d statements, %d ok, %d failures (%.0f s)%n", n, count,
          stats.ok(), stats.failureCount(), (System.nanoTime() - start) / 1e9);
      out.flush();
    }
  }

  /**
   * Tables shaped like those of the statements' files (select1's and the evidence files'
   * {@code t1}, index files' {@code tab0}/{@code tab1}, the project's {@code items}), 30 rows
   * each with NULLs, an index each and a view, so that many mutated statements get past name
   * resolution and reach the executor.
   */
  static void setUp(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute("CREATE TABLE t1 (a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, "
          + "x INTEGER, y VARCHAR(8), pk INTEGER PRIMARY KEY)");
      st.execute("CREATE INDEX t1_b ON t1 (b)");
      for (String t : List.of("tab0", "tab1")) {
        st.execute("CREATE TABLE " + t + " (pk INTEGER PRIMARY KEY, col0 INTEGER, col1 FLOAT, "
            + "col2 VARCHAR(20), col3 INTEGER, col4 FLOAT, col5 VARCHAR(20))");
        st.execute("CREATE INDEX " + t + "_col0 ON " + t + " (col0)");
      }
      st.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, qty INTEGER, price DOUBLE, "
          + "name VARCHAR(20))");
      st.execute("CREATE UNIQUE INDEX items_name ON items (name)");
      for (int i = 0; i < 30; i++) {
        String n = i % 2 == 0 ? "NULL" : String.valueOf(i);
        st.execute("INSERT INTO t1 VALUES (" + (100 + i) + ", " + (i * 7 % 13) + ", " + (i % 5)
            + ", " + (i * 3) + ", " + n + ", " + (i % 4) + ", 'v" + i + "', " + i + ")");
        for (String t : List.of("tab0", "tab1")) {
          st.execute("INSERT INTO " + t + " VALUES (" + i + ", " + (i * 37 % 100) + ", "
              + (i * 1.5) + ", 'w" + i + "', " + (i % 3 == 0 ? "NULL" : i * 11 % 97) + ", "
              + (i * 0.25) + ", " + (i % 4 == 0 ? "NULL" : "'z" + i + "'") + ")");
        }
        st.execute("INSERT INTO items VALUES (" + i + ", " + n + ", " + (i * 0.5) + ", 'item"
            + i + "')");
      }
      st.execute("CREATE VIEW v1 AS SELECT a, b, c FROM t1 WHERE b > 3");
    }
  }

  /** CHECK TABLE (MorphDB only) on every table, then a known query on a fresh table. */
  static void checkAfter(Connection c, String url, FuzzStats stats) {
    List<String> problems = new ArrayList<>();
    int checked = 0;
    try (Statement st = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = st.executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES "
          + "WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_TYPE <> 'VIEW'")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      if (url.startsWith("jdbc:morph:")) {
        for (String t : tables) {
          checked++;
          checkTable(st, t, problems);
        }
      }
      knownQuery(st, problems);
    } catch (SQLException e) {
      problems.add("checks failed: " + e);
    }
    for (String p : problems) {
      stats.failure(0, p, null);
    }
    String checkTable = url.startsWith("jdbc:morph:") ? "CHECK TABLE on " + checked + " tables"
        : "no CHECK TABLE (not MorphDB)";
    stats.checks(problems.isEmpty() ? checkTable + " clean; the known query answered correctly"
        : problems.size() + " problems");
  }

  private static void checkTable(Statement st, String table, List<String> problems)
      throws SQLException {
    try (ResultSet rs = st.executeQuery("CHECK TABLE \"" + table.replace("\"", "\"\"") + "\"")) {
      while (rs.next()) {
        problems.add("CHECK TABLE " + table + ": " + rs.getString(1) + " " + rs.getString(2)
            + " " + rs.getString(3) + " " + rs.getString(4));
      }
    }
  }

  private static void knownQuery(Statement st, List<String> problems) throws SQLException {
    String probe = "fuzz_probe_" + Long.toHexString(System.nanoTime());
    st.execute("CREATE TABLE " + probe + " (id INTEGER PRIMARY KEY, v VARCHAR(10))");
    st.execute("INSERT INTO " + probe + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    try (ResultSet rs = st.executeQuery("SELECT COUNT(*), SUM(id), MAX(v), 6 * 7 FROM " + probe
        + " WHERE id > 1")) {
      String got = rs.next() ? rs.getLong(1) + " " + rs.getLong(2) + " " + rs.getString(3) + " "
          + rs.getInt(4) + (rs.next() ? " and more rows" : "") : "no row";
      if (!got.equals("2 5 c 42")) {
        problems.add("known query answered '" + got + "' instead of '2 5 c 42'");
      }
    }
    st.execute("DROP TABLE " + probe);
  }

  /** The statements and queries of the files. */
  static List<String> statements(List<SltSource> sources) throws IOException {
    List<String> out = new ArrayList<>();
    for (SltSource s : sources) {
      try {
        for (SltRecord r : s.parse().records()) {
          if (r instanceof SltRecord.Statement st) {
            out.add(st.sql());
          } else if (r instanceof SltRecord.Query q) {
            out.add(q.sql());
          }
        }
      } catch (SltParseException e) {
        throw new IOException("cannot read statements to mutate: " + e.getMessage(), e);
      }
    }
    if (out.isEmpty()) {
      throw new IOException("no statements to mutate in " + sources);
    }
    return out;
  }

  /**
   * {@code morph fuzz [options]}: exit code 0 when the run passed, 1 when it failed, 2 on a
   * usage error.
   */
  public static int runCli(String[] args, PrintStream out, PrintStream err) {
    if (java.util.Arrays.asList(args).contains("--help")) {
      out.print("Usage: morph " + FuzzConfig.USAGE);
      return 0;
    }
    FuzzConfig config;
    try {
      config = FuzzConfig.parse(args).withOut(out);
    } catch (IllegalArgumentException e) {
      err.println("morph fuzz: " + e.getMessage());
      err.print("Usage: morph " + FuzzConfig.USAGE);
      return 2;
    } catch (IOException e) {
      err.println("morph fuzz: " + e.getMessage());
      return 1;
    }
    try {
      return run(config).passed() ? 0 : 1;
    } catch (IOException e) {
      err.println("morph fuzz: " + e.getMessage());
      return 1;
    }
  }

  public static void main(String[] args) {
    System.exit(runCli(args, System.out, System.err));
  }
}
