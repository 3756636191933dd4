package org.morphdb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.morphdb.engine.DatabaseRegistry;

/**
 * {@code ./morph bench --durable}: MorphDB file databases next to H2 and HSQLDB file modes,
 * default and commit-synced, in this JVM with the same JDBC code: auto-commit inserts per
 * second with 1, 4 and 16 threads, a batched bulk load, the files' size, and the time to
 * reopen after a clean close and after a crash (MorphDB: the process's files left as a
 * kill leaves them; H2 and HSQLDB: SHUTDOWN IMMEDIATELY, their own crash simulation).
 */
public final class DurableBench {
  /** One database setting under test. */
  record Setup(String name, String urlFormat, String crash, String user) {
    String url(Path dir) {
      return String.format(urlFormat, dir.toAbsolutePath());
    }
  }

  static final List<Setup> SETUPS = List.of(
      new Setup("MorphDB sync", "jdbc:morph:file:%s", "morph", ""),
      new Setup("MorphDB async", "jdbc:morph:file:%s;durability=async", "morph", ""),
      new Setup("H2 default", "jdbc:h2:file:%s/db", "SHUTDOWN IMMEDIATELY", "sa"),
      new Setup("H2 WRITE_DELAY=0", "jdbc:h2:file:%s/db;WRITE_DELAY=0", "SHUTDOWN IMMEDIATELY", "sa"),
      new Setup("HSQLDB default", "jdbc:hsqldb:file:%s/db;hsqldb.tx=mvcc", "SHUTDOWN IMMEDIATELY", "SA"),
      new Setup("HSQLDB synced", "jdbc:hsqldb:file:%s/db;hsqldb.tx=mvcc;hsqldb.write_delay=false",
          "SHUTDOWN IMMEDIATELY", "SA"));

  private final int rows;
  private final double seconds;
  private final PrintStream out;

  public DurableBench(int rows, double seconds, PrintStream out) {
    this.rows = rows;
    this.seconds = seconds;
    this.out = out;
  }

  /** Runs every setup; returns the report as markdown. */
  public String run() throws Exception {
    StringBuilder md = new StringBuilder();
    md.append(String.format("| database | inserts/s 1 thread | 4 threads | 16 threads | bulk load rows/s "
        + "| MB per %,d rows | reopen after close | reopen after crash |%n|---|---|---|---|---|---|---|---|%n", rows));
    out.print(md);
    for (Setup s : SETUPS) {
      String line = measure(s);
      out.println(line);
      md.append(line).append('\n');
    }
    String big = bigLogReopen();
    out.println(big);
    md.append(big).append('\n');
    return md.toString();
  }

  private String measure(Setup s) throws Exception {
    double[] inserts = new double[3];
    int[] threads = {1, 4, 16};
    for (int i = 0; i < threads.length; i++) {
      Path dir = Files.createTempDirectory("morph-durable-bench");
      try (Connection keeper = connect(s, dir)) {
        createTable(keeper);
        inserts[i] = insertsPerSecond(s, dir, threads[i]);
      } finally {
        delete(dir);
      }
    }
    Path dir = Files.createTempDirectory("morph-durable-bench");
    try {
      double load;
      Connection c = connect(s, dir);
      createTable(c);
      long t0 = System.nanoTime();
      bulkLoad(c);
      load = rows / ((System.nanoTime() - t0) / 1e9);
      c.close();
      double mb = size(dir) / 1e6;
      double reopenClean = reopen(s, dir, false);
      double reopenCrash = reopen(s, dir, true);
      return String.format("| %s | %,.0f | %,.0f | %,.0f | %,.0f | %.1f | %.2f s | %.2f s |", s.name(), inserts[0],
          inserts[1], inserts[2], load, mb, reopenClean, reopenCrash);
    } finally {
      delete(dir);
    }
  }

  /** The log's size the crash reopen of {@link #bigLogReopen} replays, at least. */
  static final long BIG_LOG_BYTES = 100L << 20;

  /**
   * MorphDB sync with checkpoints held back: the rows bulk-loaded, then updated in batches
   * until at least {@link #BIG_LOG_BYTES} of log is on disk (100 bytes a row with fewer than
   * 1M rows, e.g. --quick), then a crash; the time from
   * connect to the first COUNT(*) is the log's replay.
   */
  private String bigLogReopen() throws Exception {
    Setup s = SETUPS.get(0);
    Path dir = Files.createTempDirectory("morph-durable-bench");
    long target = Math.min(BIG_LOG_BYTES, rows * 100L);
    System.setProperty("morph.checkpoint.logBytes", Long.toString(Long.MAX_VALUE / 2));
    try {
      Connection c = connect(s, dir);
      createTable(c);
      bulkLoad(c);
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        for (int from = 0; logBytes(dir) < target; from = (from + 10_000) % rows) {
          st.executeUpdate("UPDATE T SET B = B + 1 WHERE ID > " + from + " AND ID <= " + (from + 10_000));
          c.commit();
        }
      }
      double mb = logBytes(dir) / 1e6;
      DatabaseRegistry.simulateCrash("file:" + dir.toAbsolutePath());
      System.clearProperty("morph.checkpoint.logBytes");
      long t0 = System.nanoTime();
      try (Connection r = connect(s, dir); Statement st = r.createStatement();
          var rs = st.executeQuery("SELECT COUNT(*) FROM T")) {
        rs.next();
        return String.format("MorphDB sync, %,d rows, reopen after a crash with %.0f MB of log: %.2f s",
            rs.getLong(1), mb, (System.nanoTime() - t0) / 1e9);
      }
    } finally {
      System.clearProperty("morph.checkpoint.logBytes");
      delete(dir);
    }
  }

  private static long logBytes(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".log")).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  private static Connection connect(Setup s, Path dir) throws SQLException {
    return DriverManager.getConnection(s.url(dir), s.user(), "");
  }

  private static void createTable(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute("CREATE TABLE T (ID BIGINT PRIMARY KEY, A INT, B INT, C VARCHAR(40))");
    }
  }

  private double insertsPerSecond(Setup s, Path dir, int threads) throws InterruptedException {
    AtomicLong ids = new AtomicLong();
    AtomicLong done = new AtomicLong();
    AtomicBoolean measuring = new AtomicBoolean();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      workers.add(new Thread(() -> {
        try (Connection c = connect(s, dir);
            PreparedStatement p = c.prepareStatement("INSERT INTO T VALUES (?, ?, ?, ?)")) {
          while (!stop.get()) {
            long id = ids.incrementAndGet();
            p.setLong(1, id);
            p.setInt(2, (int) id);
            p.setInt(3, (int) (id % 1000));
            p.setString(4, "row " + id);
            p.executeUpdate();
            if (measuring.get()) {
              done.incrementAndGet();
            }
          }
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      }));
    }
    workers.forEach(Thread::start);
    Thread.sleep((long) (seconds * 300)); // warm-up
    measuring.set(true);
    long t0 = System.nanoTime();
    Thread.sleep((long) (seconds * 1000));
    long n = done.get();
    double elapsed = (System.nanoTime() - t0) / 1e9;
    stop.set(true);
    for (Thread w : workers) {
      w.join();
    }
    return n / elapsed;
  }

  private void bulkLoad(Connection c) throws SQLException {
    c.setAutoCommit(false);
    try (PreparedStatement p = c.prepareStatement("INSERT INTO T VALUES (?, ?, ?, ?)")) {
      for (int id = 1; id <= rows; id++) {
        p.setLong(1, id);
        p.setInt(2, id);
        p.setInt(3, id % 1000);
        p.setString(4, "row " + id);
        p.addBatch();
        if (id % 1000 == 0) {
          p.executeBatch();
          c.commit();
        }
      }
      if (rows % 1000 != 0) {
        p.executeBatch(); // HSQLDB refuses an empty batch
      }
      c.commit();
    }
    c.setAutoCommit(true);
  }

  /** Seconds from connect to the first row count, after a clean close or after a crash. */
  private double reopen(Setup s, Path dir, boolean afterCrash) throws SQLException {
    if (afterCrash) {
      Connection c = connect(s, dir);
      try (Statement st = c.createStatement()) {
        st.executeUpdate("UPDATE T SET A = A + 1 WHERE ID <= " + Math.min(rows, 1000));
        if (s.crash().equals("morph")) {
          DatabaseRegistry.simulateCrash("file:" + dir.toAbsolutePath());
        } else {
          st.execute(s.crash());
        }
      } catch (SQLException e) {
        // SHUTDOWN IMMEDIATELY may close the statement under us
      }
    }
    long t0 = System.nanoTime();
    try (Connection c = connect(s, dir); Statement st = c.createStatement();
        var rs = st.executeQuery("SELECT COUNT(*) FROM T")) {
      rs.next();
      if (rs.getLong(1) != rows) {
        throw new IllegalStateException(s.name() + " reopened with " + rs.getLong(1) + " rows, not " + rows);
      }
      return (System.nanoTime() - t0) / 1e9;
    }
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted((a, b) -> b.compareTo(a)).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
