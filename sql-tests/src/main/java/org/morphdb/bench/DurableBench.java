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
 * kill leaves them; H2 and HSQLDB: SHUTDOWN IMMEDIATELY, their own crash simulation); then the
 * reopen after a crash that leaves a long log (MorphDB's automatic checkpoint held off until the
 * log holds {@link #LONG_LOG_BYTES}; the others run the same updates), and the files' size
 * after update passes over every row (an update-heavy hour compressed into minutes: files must
 * not grow without bound).
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

  /** How much log MorphDB's long-log crash leaves behind. */
  static final long LONG_LOG_BYTES = 100L << 20;
  /** Rows one UPDATE statement of the update phases changes (one commit each). */
  private static final int RANGE = 1000;

  private final int rows;
  private final double seconds;
  private final int updatePasses;
  private final PrintStream out;
  /** Row updates MorphDB's long log took; the other setups run as many. */
  private long longLogUpdates;

  public DurableBench(int rows, double seconds, PrintStream out) {
    this(rows, seconds, 10, out);
  }

  public DurableBench(int rows, double seconds, int updatePasses, PrintStream out) {
    this.rows = rows;
    this.seconds = seconds;
    this.updatePasses = updatePasses;
    this.out = out;
  }

  /** Runs every setup; returns the report as markdown. */
  public String run() throws Exception {
    StringBuilder md = new StringBuilder();
    md.append(String.format("| database | inserts/s 1 thread | 4 threads | 16 threads | bulk load rows/s "
        + "| MB per %,d rows | reopen after close | reopen after crash | reopen after crash with a long log "
        + "| MB after %d update passes |%n|---|---|---|---|---|---|---|---|---|---|%n", rows, updatePasses));
    out.print(md);
    for (Setup s : SETUPS) {
      String line = measure(s);
      out.println(line);
      md.append(line).append('\n');
    }
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
      String longLog = reopenAfterLongLog(s, dir);
      double mbAfterUpdates = sizeAfterUpdatePasses(s, dir) / 1e6;
      return String.format("| %s | %,.0f | %,.0f | %,.0f | %,.0f | %.1f | %.2f s | %.2f s | %s | %.1f |", s.name(),
          inserts[0], inserts[1], inserts[2], load, mb, reopenClean, reopenCrash, longLog, mbAfterUpdates);
    } finally {
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
      updateRange(c, 0);
      crash(s, c, dir);
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

  /**
   * Range updates until MorphDB's log holds {@link #LONG_LOG_BYTES} (its checkpoint held off
   * meanwhile; the other setups run as many row updates), a crash, and the timed reopen.
   */
  private String reopenAfterLongLog(Setup s, Path dir) throws Exception {
    boolean morph = s.crash().equals("morph");
    String held = System.setProperty("morph.checkpoint.logBytes", String.valueOf(8 * LONG_LOG_BYTES));
    long logBytes = 0;
    try {
      Connection c = connect(s, dir);
      long done = 0;
      long base = morph ? logBytes(dir) : 0;
      while (morph && longLogUpdates == 0 ? logBytes(dir) - base < LONG_LOG_BYTES : done < longLogUpdates) {
        done += updateRange(c, done);
      }
      if (morph && longLogUpdates == 0) {
        longLogUpdates = done;
      }
      logBytes = morph ? logBytes(dir) - base : 0;
      crash(s, c, dir);
    } finally {
      restore("morph.checkpoint.logBytes", held);
    }
    double seconds = reopen(s, dir, false);
    return morph ? String.format("%.2f s (%,.0f MB)", seconds, logBytes / 1e6) : String.format("%.2f s", seconds);
  }

  /** The directory's bytes after {@link #updatePasses} passes over every row and a clean close. */
  private long sizeAfterUpdatePasses(Setup s, Path dir) throws Exception {
    try (Connection c = connect(s, dir)) {
      for (long done = 0; done < (long) updatePasses * rows; ) {
        done += updateRange(c, done);
      }
    }
    return size(dir);
  }

  /** One auto-commit UPDATE of the {@link #RANGE} rows after the first {@code done} (cyclically). */
  private int updateRange(Connection c, long done) throws SQLException {
    long from = done % rows + 1;
    try (PreparedStatement p = c.prepareStatement("UPDATE T SET A = A + 1, C = ? WHERE ID BETWEEN ? AND ?")) {
      p.setString(1, "updated " + done);
      p.setLong(2, from);
      p.setLong(3, Math.min(rows, from + RANGE - 1));
      return Math.max(1, p.executeUpdate());
    }
  }

  private static void crash(Setup s, Connection c, Path dir) {
    try (Statement st = c.createStatement()) {
      if (s.crash().equals("morph")) {
        DatabaseRegistry.simulateCrash("file:" + dir.toAbsolutePath());
      } else {
        st.execute(s.crash());
      }
    } catch (SQLException e) {
      // SHUTDOWN IMMEDIATELY may close the statement under us
    }
  }

  private static void restore(String property, String value) {
    if (value == null) {
      System.clearProperty(property);
    } else {
      System.setProperty(property, value);
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
