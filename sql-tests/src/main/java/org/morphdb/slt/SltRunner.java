package org.morphdb.slt;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.morphdb.slt.SltRecord.ExpectedError;
import org.morphdb.slt.SltRecord.ExpectedResult;
import org.morphdb.slt.SltRecord.Query;

/**
 * Runs sqllogictest files through JDBC: each file on a fresh database of the target, its
 * connections opened on first use per label and closed (with the database) after the file.
 * Records run in file order on one thread. With a time limit ({@link #withTimeLimit(long)}) a
 * file runs on a worker thread and is stopped when it reaches the limit: its running statement
 * is cancelled, the records it did not reach count as not run, and the result says it timed out.
 */
public final class SltRunner {
  /** Failures kept per file when not told otherwise. */
  public static final int DEFAULT_FAILURES_KEPT = 10;
  private static final int ROWS_SHOWN = 20;
  private static final int MESSAGE_CHARS = 400;
  /** How long a stopped file may take to notice before it is left running and reported. */
  static final long STOP_GRACE_MILLIS = 10_000;
  /** Deeply nested statements (wide joins, long expressions) need a deep stack. */
  private static final long WORKER_STACK_BYTES = 64L << 20;

  private final SltTarget target;
  private final int failuresKept;
  private final SltSkips skips;
  private final long timeLimitMillis;
  private final boolean reopening;

  public SltRunner(SltTarget target) {
    this(target, DEFAULT_FAILURES_KEPT);
  }

  public SltRunner(SltTarget target, int failuresKept) {
    this(target, failuresKept, SltSkips.NONE);
  }

  /** A runner that does not run the records {@code skips} lists (they count as skipped). */
  public SltRunner(SltTarget target, int failuresKept, SltSkips skips) {
    this(target, failuresKept, skips, 0, false);
  }

  private SltRunner(SltTarget target, int failuresKept, SltSkips skips, long timeLimitMillis,
      boolean reopening) {
    this.target = target;
    this.failuresKept = failuresKept;
    this.skips = skips;
    this.timeLimitMillis = timeLimitMillis;
    this.reopening = reopening;
  }

  /** This runner with a time limit per file ({@code millis <= 0}: none). */
  public SltRunner withTimeLimit(long millis) {
    return new SltRunner(target, failuresKept, skips, millis, reopening);
  }

  /**
   * This runner closing every connection of a file now and then, where statements give way to
   * queries and no transaction is open: the 1st, 2nd, 4th, 8th... such place of the file. A
   * database that closes with its last connection is then opened again by the next record, so
   * on a file database the queries read what recovery brought back, not what stayed in memory.
   */
  public SltRunner withReopens() {
    return new SltRunner(target, failuresKept, skips, timeLimitMillis, true);
  }

  public SltTarget target() {
    return target;
  }

  /** Runs every source in order, handing each result to {@code onResult} as it finishes. */
  public List<SltFileResult> runAll(List<SltSource> sources, Consumer<SltFileResult> onResult) {
    List<SltFileResult> results = new ArrayList<>();
    for (SltSource s : sources) {
      SltFileResult r = run(s);
      onResult.accept(r);
      results.add(r);
    }
    return results;
  }

  /** Reads, parses and runs one file; a read or parse error becomes the result's error. */
  public SltFileResult run(SltSource source) {
    SltScript script;
    try {
      script = source.parse();
    } catch (SltParseException e) {
      return SltFileResult.error(source.name(), e.getMessage());
    } catch (IOException e) {
      return SltFileResult.error(source.name(), "cannot read: " + e);
    }
    return run(script);
  }

  /** Runs a parsed file on a fresh database, within the time limit if there is one. */
  public SltFileResult run(SltScript script) {
    if (timeLimitMillis > 0) {
      return runWithin(script, timeLimitMillis);
    }
    long start = System.nanoTime();
    try (FileRun run = new FileRun(script, target.newDatabase())) {
      run.runAll();
      return run.result(millisSince(start), false);
    }
  }

  /**
   * Runs the file on a worker thread; at the limit stops it (cancelling its statement) and
   * waits a grace period for it to notice. A worker that does not is left running (its
   * database is its own) and the result, counted so far, says so.
   */
  private SltFileResult runWithin(SltScript script, long limitMillis) {
    long start = System.nanoTime();
    FileRun run = new FileRun(script, target.newDatabase());
    CountDownLatch done = new CountDownLatch(1);
    Thread worker = new Thread(null, () -> {
      try (run) {
        run.runAll();
      } finally {
        done.countDown();
      }
    }, "slt " + script.name(), WORKER_STACK_BYTES);
    worker.setDaemon(true);
    worker.start();
    boolean finished = await(done, limitMillis);
    if (!finished) {
      run.stop();
      if (!await(done, STOP_GRACE_MILLIS)) {
        worker.interrupt();
        run.abandon(String.format(Locale.ROOT, "did not stop within %d s of its time limit "
            + "(statement cancel not honoured); left running", STOP_GRACE_MILLIS / 1000));
      }
    }
    return run.result(millisSince(start), !finished);
  }

  private static boolean await(CountDownLatch latch, long millis) {
    try {
      return latch.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** The state of one file's run: its connections and counts. */
  private final class FileRun implements AutoCloseable {
    private final String file;
    private final List<SltRecord> records;
    private final int total;
    private final SltTarget.Database database;
    private final Map<String, Connection> connections = new LinkedHashMap<>();
    private final List<SltFailure> failures = new CopyOnWriteArrayList<>();
    private int hashThreshold;
    // written by the thread running the file, read by the one waiting for it
    private volatile int passed;
    private volatile int failed;
    private volatile int skipped;
    private volatile int haltedAt;
    private volatile String error;
    private volatile boolean stopped;
    private volatile Statement current;
    private boolean afterStatement;
    private int statementsToQueries;
    private volatile int reopens;

    FileRun(SltScript script, SltTarget.Database database) {
      this.file = script.name();
      this.records = script.records();
      this.total = (int) records.stream()
          .filter(r -> r instanceof SltRecord.Statement || r instanceof Query).count();
      this.database = database;
    }

    /** Asks the run to end: no further record starts and the running one is cancelled. */
    void stop() {
      stopped = true;
      Statement s = current;
      if (s != null) {
        try {
          s.cancel();
        } catch (SQLException | RuntimeException ignored) {
          // it may have just ended; the flag stops the next record
        }
      }
    }

    void abandon(String why) {
      error = why;
    }

    void runAll() {
      try {
        for (SltRecord r : records) {
          if (stopped) {
            return;
          }
          if (r instanceof SltRecord.Halt h) {
            if (h.appliesTo(target.engine())) {
              haltedAt = h.line();
              return;
            }
          } else {
            runOne(r);
          }
        }
      } catch (CannotConnect e) {
        error = e.getMessage();
      }
    }

    private void runOne(SltRecord record) throws CannotConnect {
      if (record instanceof SltRecord.HashThreshold t) {
        if (t.appliesTo(target.engine())) {
          hashThreshold = t.threshold();
        }
      } else if (!record.appliesTo(target.engine()) || skips.skipsFile(file)
          || skips.skips(file, record.line())) {
        skipped++;
      } else if (record instanceof SltRecord.Statement s) {
        statement(s);
        afterStatement = true;
      } else if (record instanceof Query q) {
        if (afterStatement && reopening) {
          maybeReopen();
        }
        afterStatement = false;
        query(q);
      }
    }

    /** At the 1st, 2nd, 4th... place where queries follow statements: every connection closed. */
    private void maybeReopen() {
      int n = ++statementsToQueries;
      if ((n & (n - 1)) != 0 || inTransaction()) {
        return;
      }
      close();
      reopens++;
    }

    private boolean inTransaction() {
      for (Connection c : connections.values()) {
        try {
          if (!c.getAutoCommit()) {
            return true;
          }
        } catch (SQLException e) {
          return true; // not knowing, keep it open
        }
      }
      return false;
    }

    private void statement(SltRecord.Statement s) throws CannotConnect {
      Connection c = connection(s.connection());
      String outcome = null;
      SQLException thrown = null;
      try {
        execute(c, s.sql());
      } catch (SQLException e) {
        thrown = e;
      } catch (RuntimeException e) {
        outcome = "driver threw " + e;
      }
      ExpectedError expected = s.error();
      if (outcome == null) {
        if (thrown == null) {
          outcome = expected == null ? null : "ok";
        } else if (expected == null || !matches(expected, thrown)) {
          outcome = describe(thrown);
        }
      }
      if (outcome == null) {
        pass();
      } else {
        fail(s, s.connection(), s.sql(), expected == null ? "ok" : expected.toString(), outcome);
      }
    }

    private void query(Query q) throws CannotConnect {
      Connection c = connection(q.connection());
      List<String> values;
      try (Statement st = c.createStatement()) {
        current = st;
        if (!st.execute(q.sql())) {
          fail(q, q.connection(), q.sql(), expected(q), "no result set (update count "
              + st.getUpdateCount() + ")");
          return;
        }
        try (ResultSet rs = st.getResultSet()) {
          int columns = rs.getMetaData().getColumnCount();
          if (columns != q.columns()) {
            fail(q, q.connection(), q.sql(), expected(q), columns + " columns instead of "
                + q.columns() + " ('" + q.types() + "')");
            return;
          }
          values = SltValues.read(rs, q.types());
        }
      } catch (SQLException e) {
        fail(q, q.connection(), q.sql(), expected(q), describe(e));
        return;
      } catch (RuntimeException e) {
        fail(q, q.connection(), q.sql(), expected(q), "driver threw " + e);
        return;
      } finally {
        current = null;
      }
      List<String> actual = SltValues.sort(values, q.columns(), q.sort());
      ExpectedResult want = q.expected();
      boolean same = want.isHash()
          ? want.count() == actual.size() && want.hash().equals(SltValues.hash(actual))
          : SltValues.sort(want.values(), q.columns(), q.sort()).equals(actual);
      if (same) {
        pass();
      } else {
        fail(q, q.connection(), q.sql(), expected(q), render(actual, q.columns(), want.isHash()));
      }
    }

    private void execute(Connection c, String sql) throws SQLException {
      TransactionControl tx = TransactionControl.of(sql);
      if (tx != null) {
        tx.apply(c);
        return;
      }
      try (Statement st = c.createStatement()) {
        current = st;
        st.execute(sql);
      } finally {
        current = null;
      }
    }

    private Connection connection(String label) throws CannotConnect {
      Connection c = connections.get(label);
      if (c == null) {
        try {
          c = database.connect();
        } catch (SQLException | RuntimeException e) {
          throw new CannotConnect("cannot open connection '" + label + "' to " + target + ": "
              + (e instanceof SQLException s ? describe(s) : e.toString()));
        }
        if (c == null) {
          throw new CannotConnect("no JDBC driver accepted the URL of " + target);
        }
        connections.put(label, c);
      }
      return c;
    }

    private String expected(Query q) {
      ExpectedResult want = q.expected();
      if (want.isHash()) {
        return want.count() + " values hashing to " + want.hash();
      }
      return render(SltValues.sort(want.values(), q.columns(), q.sort()), q.columns(), false);
    }

    /** Values as rows, tab-separated; with their hash when long or compared to a hash. */
    private String render(List<String> values, int columns, boolean withHash) {
      StringBuilder b = new StringBuilder();
      if (withHash || (hashThreshold > 0 && values.size() > hashThreshold)) {
        b.append(values.size()).append(" values hashing to ").append(SltValues.hash(values));
      }
      int rows = (values.size() + columns - 1) / columns;
      for (int r = 0; r < Math.min(rows, ROWS_SHOWN); r++) {
        if (b.length() > 0) {
          b.append('\n');
        }
        List<String> row = values.subList(r * columns, Math.min(values.size(), (r + 1) * columns));
        b.append(String.join("\t", row));
      }
      if (rows > ROWS_SHOWN) {
        b.append("\n... ").append(rows - ROWS_SHOWN).append(" more rows");
      }
      return b.length() == 0 ? "(no rows)" : b.toString();
    }

    /** Counts a record that passed; one interrupted by a stop counts as not run. */
    private void pass() {
      if (!stopped) {
        passed++;
      }
    }

    private void fail(SltRecord r, String connection, String sql, String expected, String got) {
      if (stopped) {
        return;
      }
      failed++;
      if (failures.size() < failuresKept) {
        failures.add(new SltFailure(file, r.line(), connection, sql, expected, got));
      }
    }

    SltFileResult result(long millis, boolean timedOut) {
      // records after a halt are the file's own choice, not "not run"
      boolean cutShort = stopped || error != null || haltedAt == 0;
      int notRun = cutShort ? Math.max(0, total - passed - failed - skipped) : 0;
      return new SltFileResult(file, passed, failed, skipped, failures, error, haltedAt, millis,
          notRun, timedOut, reopens);
    }

    @Override
    public void close() {
      List<Connection> open = new ArrayList<>(connections.values());
      for (int i = open.size() - 1; i >= 0; i--) {
        Connection c = open.get(i);
        try {
          if (!c.getAutoCommit()) {
            c.rollback();
          }
        } catch (SQLException | RuntimeException ignored) {
          // closing is what matters
        }
        try {
          c.close();
        } catch (SQLException | RuntimeException ignored) {
          // the database goes away with its last connection either way
        }
      }
      connections.clear();
    }
  }

  static boolean matches(ExpectedError expected, SQLException e) {
    if (expected.sqlState() != null && !expected.sqlState().equals(e.getSQLState())) {
      return false;
    }
    if (expected.vendorCode() != null && expected.vendorCode() != e.getErrorCode()) {
      return false;
    }
    return expected.messageFragment() == null
        || (e.getMessage() != null && e.getMessage().contains(expected.messageFragment()));
  }

  /** {@code error STATE[/CODE]: message}, the message shortened. */
  static String describe(SQLException e) {
    String message = String.valueOf(e.getMessage());
    if (message.length() > MESSAGE_CHARS) {
      message = message.substring(0, MESSAGE_CHARS) + "...";
    }
    return "error " + e.getSQLState() + (e.getErrorCode() != 0 ? "/" + e.getErrorCode() : "")
        + ": " + message;
  }

  /** The file cannot go on: a connection could not be opened. */
  private static final class CannotConnect extends Exception {
    CannotConnect(String message) {
      super(message, null, false, false);
    }
  }
}
