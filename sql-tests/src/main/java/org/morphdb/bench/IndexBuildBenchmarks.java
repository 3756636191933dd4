package org.morphdb.bench;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * CREATE INDEX on the big table while two writer threads keep writing to it: first as fast
 * as they go (throughput before / during, build time), then at a fixed offered load of half
 * that maximum (throughput kept, p99 latency before / during).
 */
final class IndexBuildBenchmarks {
  static final int WRITERS = 2;
  private static final long CATCH_UP_TIMEOUT = TimeUnit.SECONDS.toNanos(120);

  /** What the closed-loop run measured. */
  record Closed(double writesBefore, double writesDuring, double buildSeconds, long errors,
      String firstError) {}

  /** What the paced run measured; latencies in milliseconds. */
  record Paced(double offered, double kept, double p99Before, double p99During,
      double buildSeconds, long errors, String firstError) {}

  private final BenchConfig config;

  IndexBuildBenchmarks(BenchConfig config) {
    this.config = config;
  }

  /** Writers as fast as they go; CREATE INDEX big_a ON big (a) after the "before" window. */
  Closed closedLoop(Dbms.Db db, AtomicLong nextId) throws SQLException, InterruptedException {
    BenchWriters writers = new BenchWriters(db, config.bigRows(), nextId, 0);
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

  /** Writers paced at {@code offered} writes/s; CREATE INDEX big_b ON big (b) after "before". */
  Paced paced(Dbms.Db db, AtomicLong nextId, double offered)
      throws SQLException, InterruptedException {
    if (!(offered > 0)) {
      return new Paced(offered, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0,
          "no offered load: the writers' maximum was not measured");
    }
    BenchWriters writers = new BenchWriters(db, config.bigRows(), nextId, offered);
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
    return new Paced(offered, kept, p99Before / 1e6, p99During / 1e6, seconds(b1, b2),
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

  private static double seconds(long from, long to) {
    return (to - from) / 1e9;
  }
}
