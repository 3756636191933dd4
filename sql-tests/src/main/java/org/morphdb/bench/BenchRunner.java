package org.morphdb.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs every benchmark on MorphDB, H2 and HSQLDB in this JVM, one database after the other
 * for each benchmark (so a change in the machine's load hits all three alike), and prints
 * each figure as it comes.
 */
public final class BenchRunner {
  private static final List<Dbms> ALL = List.of(Dbms.values());

  private final BenchConfig config;
  private final PrintStream out;
  private final BenchResults results = new BenchResults();
  private final QueryBenchmarks queries;
  private final IndexBuildBenchmarks builds;
  private final JfrProfiler profiler;
  private final Map<Dbms, Double> buildSeconds = new EnumMap<>(Dbms.class);

  /** {@code jfrDir}: where recordings go when the config asks for profiling. */
  public BenchRunner(BenchConfig config, PrintStream out, Path jfrDir) {
    this.config = config;
    this.out = out;
    this.queries = new QueryBenchmarks(config);
    this.builds = new IndexBuildBenchmarks(config);
    this.profiler = config.profile() ? new JfrProfiler(jfrDir) : null;
  }

  public BenchResults run() throws Exception {
    bigTable();
    smallTables();
    return results;
  }

  /** Bulk load, heap, point selects and the index builds, on {@code big}. */
  private void bigTable() throws Exception {
    Map<Dbms, Dbms.Db> dbs = new EnumMap<>(Dbms.class);
    try {
      for (Dbms d : ALL) {
        Dbms.Db db = d.open("bench_big");
        dbs.put(d, db);
        results.version(d, db.version());
        loadAndHeap(db);
      }
      for (Dbms d : ALL) {
        measure(Bench.POINT_SELECT, d, () -> queries.pointSelect(dbs.get(d)));
      }
      Map<Dbms, AtomicLong> nextIds = new EnumMap<>(Dbms.class);
      Map<Dbms, Double> maxWrites = new EnumMap<>(Dbms.class);
      for (Dbms d : ALL) {
        nextIds.put(d, new AtomicLong(config.bigRows() + 1L));
        maxWrites.put(d, closedLoopBuild(dbs.get(d), nextIds.get(d)));
      }
      for (Dbms d : ALL) {
        pacedBuild(dbs.get(d), nextIds.get(d), maxWrites.get(d) / 2);
      }
      for (Dbms d : ALL) {
        idleBuild(dbs.get(d));
      }
    } finally {
      for (Dbms.Db db : dbs.values()) {
        db.close();
      }
    }
  }

  private void loadAndHeap(Dbms.Db db) throws Exception {
    long heapBefore = Measure.usedHeapAfterGc();
    Tables.createBig(db);
    measure(Bench.BULK_LOAD, db.dbms(), () -> {
      long t = System.nanoTime();
      Tables.loadBig(db, config.bigRows());
      double s = (System.nanoTime() - t) / 1e9;
      return new Figure(config.bigRows() / s, Fmt.count(config.bigRows()) + " rows in "
          + Fmt.seconds(s));
    });
    long bytes = Measure.usedHeapAfterGc() - heapBefore;
    record(Bench.HEAP, db.dbms(), new Figure(bytes / 1e6 * config.perMillion(),
        Fmt.num(bytes / 1e6) + " MB for " + Fmt.count(config.bigRows()) + " rows"));
  }

  /** Returns the writers' throughput before the build: their maximum. */
  private double closedLoopBuild(Dbms.Db db, AtomicLong nextId) throws Exception {
    IndexBuildBenchmarks.Closed c = profiled(Bench.WRITERS_DURING_INDEX, db.dbms(),
        () -> builds.closedLoop(db, nextId));
    record(Bench.WRITERS_DURING_INDEX, db.dbms(), new Figure(c.writesDuring() / c.writesBefore(),
        Fmt.count(c.writesBefore()) + " → " + Fmt.count(c.writesDuring()) + " writes/s"
            + errors(c.errors(), c.firstError())));
    buildSeconds.put(db.dbms(), c.buildSeconds());
    record(Bench.INDEX_BUILD_TIME, db.dbms(), new Figure(c.buildSeconds(), null));
    return c.writesBefore();
  }

  /** The same build with no writer running, to tell sharing the CPU from the build's own cost. */
  private void idleBuild(Dbms.Db db) throws Exception {
    double idle = builds.idleBuild(db);
    double loaded = buildSeconds.get(db.dbms());
    results.put(Bench.INDEX_BUILD_TIME, db.dbms(), loaded, Fmt.seconds(loaded) + " under load, "
        + Fmt.seconds(idle) + " with no writer");
    out.printf("  %-28s %-8s %14s %-13s%n", "CREATE INDEX, no writer", db.dbms().label(),
        Fmt.num(idle), "s");
  }

  private void pacedBuild(Dbms.Db db, AtomicLong nextId, double offered) throws Exception {
    IndexBuildBenchmarks.Paced p = profiled(Bench.PACED_KEPT, db.dbms(),
        () -> builds.paced(db, nextId, offered));
    record(Bench.PACED_KEPT, db.dbms(), new Figure(p.kept(), "offered " + Fmt.count(offered)
        + " writes/s; build " + Fmt.seconds(p.buildSeconds()) + errors(p.errors(), p.firstError())));
    record(Bench.PACED_P99, db.dbms(), new Figure(p.p99During() / p.p99Before(),
        "p99 " + Fmt.num(p.p99Before()) + " ms → " + Fmt.num(p.p99During()) + " ms"));
  }

  /** Auto-commit inserts, range scans and the join, on a second database per engine. */
  private void smallTables() throws Exception {
    Map<Dbms, Dbms.Db> dbs = new EnumMap<>(Dbms.class);
    try {
      for (Dbms d : ALL) {
        Dbms.Db db = d.open("bench_small");
        dbs.put(d, db);
        Tables.createRange(db, config.rangeRows());
        Tables.createJoin(db, config.orderRows());
      }
      for (Dbms d : ALL) {
        measure(Bench.INSERT, d, () -> queries.insert(dbs.get(d)));
      }
      for (Dbms d : ALL) {
        measure(Bench.RANGE_SCAN, d, () -> queries.rangeScan(dbs.get(d)));
      }
      for (Dbms d : ALL) {
        measure(Bench.JOIN_GROUP_BY, d, () -> queries.joinGroupBy(dbs.get(d)));
      }
    } finally {
      for (Dbms.Db db : dbs.values()) {
        db.close();
      }
    }
  }

  private void measure(Bench b, Dbms d, JfrProfiler.Work<Figure> work) throws Exception {
    record(b, d, profiled(b, d, work));
  }

  /** Runs {@code work}, under JFR when profiling MorphDB. */
  private <T> T profiled(Bench b, Dbms d, JfrProfiler.Work<T> work) throws Exception {
    if (profiler == null || d != Dbms.MORPHDB) {
      return work.run();
    }
    List<String> hotSpots = new ArrayList<>();
    T result = profiler.profile(b.name().toLowerCase(java.util.Locale.ROOT), work, hotSpots);
    results.hotSpots(b, hotSpots);
    return result;
  }

  private void record(Bench b, Dbms d, Figure f) {
    results.put(b, d, f.value(), f.detail());
    out.printf("  %-28s %-8s %14s %-13s %s%n", b.label(), d.label(), Fmt.num(f.value()), b.unit(),
        f.detail() == null ? "" : f.detail());
    out.flush();
  }

  private String errors(long errors, String first) {
    if (errors == 0) {
      return "";
    }
    results.problem(errors + " writer errors, first: " + first);
    return "; " + errors + " ERRORS (first: " + first + ")";
  }
}
