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
  record Closed(double writesBefore, double writesDuring, double buildSeconds, long errors,
      String firstError) {}

  /** What the paced run measured; latencies in milliseconds. */
  record Paced(double max, double offered, double kept, double p99Before, double p99During,
      double buildSeconds, long errors, String firstError) {}

  private final BenchConfig config;

  IndexBuildBenchmarks(BenchConfig config) {
    this.config = config;
  }

  /** Writers as fast as they go; CREATE INDEX big_a ON big (a) after the "before" window. */
  Closed closedLoop(Dbms.Db db, BenchWriters.Ids ids) throws SQLException, InterruptedException {
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
      return new Closed((d1 - d0) / seconds(t0, t1), (d2 - d1) / seconds(t1, t2), seconds(t1, t2),
          writers.errors(), writers.firstError());
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
   * Writers paced at half their maximum, measured just before; CREATE INDEX big_b ON big (b)
   * after the "before" window.
   */
  Paced paced(Dbms.Db db, BenchWriters.Ids ids) throws SQLException, InterruptedException {
    double max = maxWrites(db, ids);
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
