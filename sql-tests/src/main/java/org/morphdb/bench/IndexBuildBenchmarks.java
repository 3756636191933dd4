package org.morphdb.bench;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * CREATE INDEX on the big table while two writer threads keep writing to it: first as fast
 * as they go (throughput before / during, build time), then at a fixed offered load of half
 * their maximum, measured again just before (throughput kept, p99 latency before / during).
 */
final class IndexBuildBenchmarks {
  static final int WRITERS = 2;
  private static final long CATCH_UP_TIMEOUT = TimeUnit.SECONDS.toNanos(120);

  /** What the closed-loop run measured. */
  record Closed(double writesBefore, double writesDuring, double writesAfter, double buildSeconds,
      long errors, String firstError) {}

  /** What the paced run measured; latencies in milliseconds. */
  record Paced(double max, double offered, double kept, double p99Before, double p99During,
      double buildSeconds, long errors, String firstError) {}

  private final BenchConfig config;

  IndexBuildBenchmarks(BenchConfig config) {
    this.config = config;
  }

  /**
   * Whether the JVM runs one index build under the writers before the measured ones
   * ({@link #warmUp}); {@code -Dmorph.bench.warmBuild=false} measures the JVM's first build.
   */
  static final boolean WARM_BUILD =
      !"false".equalsIgnoreCase(System.getProperty("morph.bench.warmBuild"));

  /**
   * The warm-up of the index builds: the writers on {@code warm}, a table of {@code big}'s
   * shape and a tenth of its rows, with {@code CREATE INDEX warm_a ON warm (a)} under them and
   * writes through that index afterwards; then the table is dropped. The measured builds then
   * find the code of writes that maintain an index, and of a build, compiled, as in any
   * application that has an index: otherwise the first build pays for the JIT throwing away
   * and recompiling the writers' whole path (seconds of compiler CPU on 2 cores), which is a
   * cost of the JVM's first index ever, not of building one.
   */
  void warmUp(Dbms.Db db) throws SQLException, InterruptedException {
    int rows = Math.max(1_000, config.bigRows() / 10);
    Tables.createBig(db, "warm");
    Tables.loadBig(db, "warm", rows);
    BenchWriters writers = new BenchWriters(db, new BenchWriters.Ids("warm", rows), 0);
    writers.start(WRITERS);
    try {
      Measure.sleep(config.warmupSeconds());
      db.execute("CREATE INDEX warm_a ON warm (a)");
      Measure.sleep(config.warmupSeconds());
    } finally {
      writers.stop();
    }
    db.execute("DROP TABLE warm");
  }

  /**
   * One closed-loop round: writers as fast as they go; CREATE INDEX big_a ON big (a) after the
   * "before" window, and an "after" window as long as the "before" one; unless {@code
   * keepIndex}, the index is dropped again after the round, for the next one.
   */
  Closed closedLoop(Dbms.Db db, BenchWriters.Ids ids, boolean keepIndex)
      throws SQLException, InterruptedException {
    Closed round = closedLoopRound(db, ids);
    if (!keepIndex) {
      db.execute("DROP INDEX big_a");
    }
    return round;
  }

  private Closed closedLoopRound(Dbms.Db db, BenchWriters.Ids ids) throws SQLException, InterruptedException {
    BenchWriters writers = new BenchWriters(db, ids, 0);
    writers.start(WRITERS);
    try {
      Measure.sleep(config.warmupSeconds());
      long d0 = writers.done();
      long t0 = System.nanoTime();
      Measure.sleep(config.measureSeconds());
      long d1 = writers.done();
      long t1 = System.nanoTime();
      db.execute("CREATE INDEX big_a ON big (a)");
      long d2 = writers.done();
      long t2 = System.nanoTime();
      // after: what the index itself costs each write, the build's cost aside
      Measure.sleep(config.measureSeconds());
      long d3 = writers.done();
      long t3 = System.nanoTime();
      return new Closed((d1 - d0) / seconds(t0, t1), (d2 - d1) / seconds(t1, t2),
          (d3 - d2) / seconds(t2, t3), seconds(t1, t2), writers.errors(), writers.firstError());
    } finally {
      writers.stop();
    }
  }

  /** The writers' maximum: writes per second as fast as they go, after the warm-up. */
  double maxWrites(Dbms.Db db, BenchWriters.Ids ids) throws InterruptedException {
    BenchWriters writers = new BenchWriters(db, ids, 0);
    writers.start(WRITERS);
    try {
      Measure.sleep(config.warmupSeconds());
      long d0 = writers.done();
      long t0 = System.nanoTime();
      Measure.sleep(config.measureSeconds());
      return (writers.done() - d0) / seconds(t0, System.nanoTime());
    } finally {
      writers.stop();
    }
  }

  /**
   * One paced round: writers paced at {@code offered} writes/s (half their maximum, {@link
   * #maxWrites}); CREATE INDEX big_b ON big (b) after the "before" window; unless {@code
   * keepIndex}, the index is dropped again after the round, for the next one.
   */
  Paced pacedRound(Dbms.Db db, BenchWriters.Ids ids, double max, boolean keepIndex)
      throws SQLException, InterruptedException {
    double offered = max / 2;
    if (!(offered > 0)) {
      return new Paced(max, offered, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, null);
    }
    BenchWriters writers = new BenchWriters(db, ids, offered);
    writers.start(WRITERS);
    long b0;
    long b1;
    long b2;
    try {
      Measure.sleep(config.warmupSeconds());
      b0 = System.nanoTime();
      Measure.sleep(config.measureSeconds());
      b1 = System.nanoTime();
      db.execute("CREATE INDEX big_b ON big (b)");
      b2 = System.nanoTime();
      writers.awaitCaughtUp(b2, CATCH_UP_TIMEOUT);
    } finally {
      writers.stop();
    }
    if (!keepIndex) {
      db.execute("DROP INDEX big_b");
    }
    double p99Before = LatencyLog.percentile(LatencyLog.latencies(writers.logs(), b0, b1), 99);
    double p99During = LatencyLog.percentile(LatencyLog.latencies(writers.logs(), b1, b2), 99);
    double kept = LatencyLog.endedBetween(writers.logs(), b1, b2) / (offered * seconds(b1, b2));
    return new Paced(max, offered, kept, p99Before / 1e6, p99During / 1e6, seconds(b1, b2),
        writers.errors(), writers.firstError());
  }

  /**
   * CREATE INDEX big_a_idle ON big (a) with no writer running: the same build as the
   * closed-loop one, without sharing the machine. Returns seconds.
   */
  double idleBuild(Dbms.Db db) throws SQLException {
    long t = System.nanoTime();
    db.execute("CREATE INDEX big_a_idle ON big (a)");
    return seconds(t, System.nanoTime());
  }

  /**
   * MorphDB's last backfill, for the details: its thread's CPU time, and how long its CPU budget
   * paused it for the writers; empty for the other databases.
   */
  static String backfillNote(Dbms.Db db) {
    if (db.dbms() != Dbms.MORPHDB) {
      return "";
    }
    org.morphdb.engine.api.BackfillUsage u =
        org.morphdb.engine.api.Databases.testHooks(db.name()).lastBackfill();
    return u == null ? "" : String.format(java.util.Locale.ROOT,
        "; backfill thread CPU %.2f s, paused %.2f s in %,d pauses (budget %.2f cores)",
        u.cpuNanos() / 1e9, u.pausedNanos() / 1e9, u.pauses(), u.budgetCores());
  }

  private static double seconds(long from, long to) {
    return (to - from) / 1e9;
  }
}
