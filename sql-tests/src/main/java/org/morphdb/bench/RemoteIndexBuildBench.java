package org.morphdb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.morphdb.server.MorphServer;
import org.morphdb.server.ServerConfig;

/**
 * {@code morph bench-remote --index-build}: writers on {@value #WRITERS} client connections of
 * a server on loopback (auto-commit; half UPDATE a random row's {@code a}, a quarter INSERT, a
 * quarter DELETE, so the table keeps its size), their throughput in a window before, and while
 * another client connection runs {@code CREATE INDEX} on {@code a} of the N-row table (issue
 * 29: at least 0.8 of it kept). MorphDB's server; with {@code --compare} also H2's TCP server
 * and HSQLDB's server, whose CREATE INDEX holds writers back until it ends.
 */
public final class RemoteIndexBuildBench {
  public static final int WRITERS = 8;
  private static final long SAMPLE_MS = 100;

  private final int rows;
  private final double seconds;
  private final boolean compare;
  private final PrintStream out;

  public RemoteIndexBuildBench(int rows, double seconds, boolean compare, PrintStream out) {
    this.rows = rows;
    this.seconds = seconds;
    this.compare = compare;
    this.out = out;
  }

  /**
   * A server, its bench database's URL and user, and where the table is loaded from: MorphDB's
   * in-memory database through an embedded connection of this JVM (the driver sends a batch a
   * row per round trip), the others through their servers (their batches are one round trip).
   */
  private record Target(String name, String url, String user, String loadUrl, AutoCloseable server) {}

  /** Writes per second before and during the build, its length, and its worst one-second window. */
  private record Result(String name, double before, double during, double buildSeconds, double worstSecond,
      long errors, String firstError) {}

  public int run() throws Exception {
    List<Result> results = new ArrayList<>();
    results.add(measure(morph()));
    if (compare) {
      results.add(measure(h2()));
      results.add(measure(hsqldb()));
    }
    out.printf("%n%-9s %14s %14s %7s %10s %14s %7s%n", "server", "writes/s before", "during build", "kept",
        "build s", "worst 1 s", "errors");
    for (Result r : results) {
      out.printf("%-9s %,15.0f %,14.0f %6.2fx %10.1f %,14.0f %7d%n", r.name(), r.before(), r.during(),
          r.during() / r.before(), r.buildSeconds(), r.worstSecond(), r.errors());
      if (r.firstError() != null) {
        out.println("  first error: " + r.firstError());
      }
    }
    out.printf("kept: writes/s during the build over before (issue 29's target for MorphDB: >= 0.80x)%n");
    return 0;
  }

  private Result measure(Target t) throws Exception {
    try (AutoCloseable server = t.server()) {
      long loadStart = System.nanoTime();
      load(t);
      out.printf("  %s: %,d rows loaded in %.1f s%n", t.name(), rows, (System.nanoTime() - loadStart) / 1e9);
      Writers writers = new Writers(t, rows);
      writers.start();
      try {
        Thread.sleep((long) (Math.max(1, seconds / 2) * 1000)); // warm-up
        long d0 = writers.done.sum();
        long t0 = System.nanoTime();
        Thread.sleep((long) (seconds * 1000));
        double before = (writers.done.sum() - d0) / ((System.nanoTime() - t0) / 1e9);
        return build(t, writers, before);
      } finally {
        writers.stop();
      }
    }
  }

  /** Runs the CREATE INDEX on its own connection, sampling the writers' progress until it ends. */
  private Result build(Target t, Writers writers, double before) throws Exception {
    List<long[]> samples = new ArrayList<>(); // {nanos, writes done}
    samples.add(new long[] {System.nanoTime(), writers.done.sum()});
    CompletableFuture<Void> index = CompletableFuture.runAsync(() -> {
      try (Connection c = connect(t, t.url()); Statement s = c.createStatement()) {
        s.execute("CREATE INDEX big_a ON big (a)");
      } catch (SQLException e) {
        throw new IllegalStateException("CREATE INDEX failed: " + e.getSQLState() + " " + e.getMessage(), e);
      }
    });
    while (true) {
      try {
        index.get(SAMPLE_MS, TimeUnit.MILLISECONDS);
        break;
      } catch (TimeoutException e) {
        samples.add(new long[] {System.nanoTime(), writers.done.sum()});
      }
    }
    long[] first = samples.get(0);
    long[] last = {System.nanoTime(), writers.done.sum()};
    samples.add(last);
    double buildSeconds = (last[0] - first[0]) / 1e9;
    double worst = Double.NaN;
    for (int i = 0; i < samples.size(); i++) {
      for (int j = i + 1; j < samples.size(); j++) {
        if (samples.get(j)[0] - samples.get(i)[0] >= TimeUnit.SECONDS.toNanos(1)) {
          double rate = (samples.get(j)[1] - samples.get(i)[1]) / ((samples.get(j)[0] - samples.get(i)[0]) / 1e9);
          worst = Double.isNaN(worst) ? rate : Math.min(worst, rate);
          break;
        }
      }
    }
    return new Result(t.name(), before, (last[1] - first[1]) / buildSeconds, buildSeconds, worst,
        writers.errors.sum(), writers.firstError);
  }

  private void load(Target t) throws SQLException {
    try (Connection c = connect(t, t.loadUrl()); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE big (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))");
      c.setAutoCommit(false);
      Random random = new Random(42);
      try (PreparedStatement p = c.prepareStatement("INSERT INTO big VALUES (?, ?, ?, ?)")) {
        for (int id = 1; id <= rows; id++) {
          p.setLong(1, id);
          p.setInt(2, random.nextInt(rows));
          p.setInt(3, id % 1000);
          p.setString(4, "row " + id);
          p.addBatch();
          if (id % 1000 == 0 || id == rows) {
            p.executeBatch();
            c.commit();
          }
        }
      }
    }
  }

  private static Connection connect(Target t, String url) throws SQLException {
    return t.user() == null ? DriverManager.getConnection(url) : DriverManager.getConnection(url, t.user(), "");
  }

  /** The writer threads, one auto-commit client connection each, as fast as they go. */
  private static final class Writers {
    private final Target target;
    private final int rows;
    private final AtomicLong deleted = new AtomicLong();
    private final AtomicLong inserted;
    private final LongAdder done = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stop;
    private volatile String firstError;

    Writers(Target target, int rows) {
      this.target = target;
      this.rows = rows;
      this.inserted = new AtomicLong(rows);
    }

    void start() throws InterruptedException {
      CountDownLatch ready = new CountDownLatch(WRITERS);
      for (int i = 0; i < WRITERS; i++) {
        Thread t = new Thread(() -> run(ready), "index-build-writer-" + i);
        t.setDaemon(true);
        threads.add(t);
        t.start();
      }
      if (!ready.await(120, TimeUnit.SECONDS)) {
        throw new IllegalStateException("writers not connected after 120 s");
      }
    }

    void stop() throws InterruptedException {
      stop = true;
      for (Thread t : threads) {
        t.join(TimeUnit.SECONDS.toMillis(60));
      }
    }

    private void run(CountDownLatch ready) {
      try (Connection c = connect(target, target.url());
          PreparedStatement update = c.prepareStatement("UPDATE big SET a = ?, b = ? WHERE id = ?");
          PreparedStatement insert = c.prepareStatement("INSERT INTO big VALUES (?, ?, ?, ?)");
          PreparedStatement delete = c.prepareStatement("DELETE FROM big WHERE id = ?")) {
        ready.countDown();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (!stop) {
          try {
            write(random, update, insert, delete);
            done.increment();
          } catch (SQLException e) {
            errors.increment();
            if (firstError == null) {
              firstError = e.getSQLState() + " " + e.getMessage();
            }
          }
        }
      } catch (SQLException e) {
        firstError = "cannot connect: " + e.getMessage();
      } finally {
        ready.countDown();
      }
    }

    private void write(ThreadLocalRandom random, PreparedStatement update, PreparedStatement insert,
        PreparedStatement delete) throws SQLException {
      int dice = random.nextInt(4);
      if (dice < 2) {
        long lo = deleted.get() + 1;
        long hi = inserted.get();
        update.setInt(1, random.nextInt(rows));
        update.setInt(2, random.nextInt(1000));
        update.setLong(3, hi <= lo ? lo : lo + random.nextLong(hi - lo + 1));
        update.executeUpdate();
      } else if (dice == 2) {
        long id = inserted.incrementAndGet();
        insert.setLong(1, id);
        insert.setInt(2, random.nextInt(rows));
        insert.setInt(3, (int) (id % 1000));
        insert.setString(4, "new " + id);
        insert.executeUpdate();
      } else {
        delete.setLong(1, deleted.incrementAndGet());
        delete.executeUpdate();
      }
    }
  }

  private Target morph() throws Exception {
    String name = "index_build_" + System.nanoTime();
    MorphServer server = MorphServer.start(ServerConfig.forTests()
        .withDatabases(Map.of("bench", "jdbc:morph:mem:" + name)));
    return new Target("MorphDB", server.url("bench"), null, "jdbc:morph:mem:" + name, server);
  }

  private Target h2() throws Exception {
    int port = freePort();
    org.h2.tools.Server server = org.h2.tools.Server.createTcpServer("-tcpPort", Integer.toString(port),
        "-ifNotExists").start();
    // writers wait for the blocking CREATE INDEX instead of failing after H2's 1 s lock timeout
    String url = "jdbc:h2:tcp://localhost:" + port + "/mem:index_build;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=600000";
    return new Target("H2", url, "sa", url, server::stop);
  }

  private Target hsqldb() throws Exception {
    int port = freePort();
    org.hsqldb.server.Server server = new org.hsqldb.server.Server();
    server.setLogWriter(null);
    server.setErrWriter(null);
    server.setSilent(true);
    server.setDatabaseName(0, "index_build");
    server.setDatabasePath(0, "mem:index_build;hsqldb.tx=mvcc");
    server.setPort(port);
    server.start();
    String url = "jdbc:hsqldb:hsql://localhost:" + port + "/index_build";
    return new Target("HSQLDB", url, "SA", url, server::shutdown);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
