package org.morphdb.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every benchmark on MorphDB, H2 and HSQLDB in this JVM, one database after the other
 * for each benchmark (so a change in the machine's load hits all three alike), and prints
 * each figure as it comes.
 */
public final class BenchRunner {
  private static final List<Dbms> ALL = List.of(Dbms.values());
  static final int ROUNDS = 3;
  /**
   * Rounds of each index build under writers (closed loop and paced) in a full run. Once
   * MorphDB's build took about a second, whether a young-collection pause of 150-200 ms falls
   * into the build decided a round: its rounds came out near 1.0 or near 0.75 (session 13,
   * docs/benchmarks.md), and the median of three was a coin toss between the two. The median
   * of five is a steadier estimate of the same distribution, for all three databases alike.
   */
  static final int BUILD_ROUNDS = 5;

  private final BenchConfig config;
  private final PrintStream out;
  private final BenchResults results = new BenchResults();
  private final QueryBenchmarks queries;
  private final IndexBuildBenchmarks builds;
  private final JfrProfiler profiler;
  private final Map<Dbms, Double> buildSeconds = new EnumMap<>(Dbms.class);
  /**
   * For working on one figure: {@code -Dmorph.bench.only=point_select,range_scan} (names of
   * {@link Bench}, any case) runs only those (the big table is always loaded). Unset: all.
   */
  private final java.util.Set<String> only = onlyProperty();

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
      bulkLoads(dbs);
      if (selected(Bench.POINT_SELECT)) {
        rounds(Bench.POINT_SELECT, QueryBenchmarks.Kind.POINT_SELECT, dbs);
      }
      Map<Dbms, BenchWriters.Ids> ids = new EnumMap<>(Dbms.class);
      for (Dbms d : ALL) {
        ids.put(d, new BenchWriters.Ids(config.bigRows()));
      }
      boolean closed = selected(Bench.WRITERS_DURING_INDEX) || selected(Bench.INDEX_BUILD_TIME);
      boolean paced = selected(Bench.PACED_KEPT) || selected(Bench.PACED_P99);
      for (Dbms d : (closed || paced) && IndexBuildBenchmarks.WARM_BUILD ? ALL : List.<Dbms>of()) {
        builds.warmUp(dbs.get(d));
      }
      if (closed) {
        closedLoopBuilds(dbs, ids);
      }
      if (paced) {
        pacedBuilds(dbs, ids);
      }
      for (Dbms d : closed ? ALL : List.<Dbms>of()) {
        idleBuild(dbs.get(d));
      }
    } finally {
      for (Dbms.Db db : dbs.values()) {
        db.close();
      }
    }
  }

  /**
   * The bulk load in {@link #ROUNDS} rounds (one in a quick run, or when the run leaves the
   * figure out), the databases taking turns, after each has loaded a tenth of the rows to warm
   * up. Each round loads the whole table; the earlier rounds into a database of their own,
   * dropped with it, the last into {@code bench_big}, which the other figures use and whose
   * heap is measured. The figure is each database's median round: a single load of 1.5-3 s,
   * as the figure was until session 16, moved by 2× between runs on these machines, for H2
   * as much as for MorphDB.
   */
  private void bulkLoads(Map<Dbms, Dbms.Db> dbs) throws Exception {
    Map<Dbms, String> cold = new EnumMap<>(Dbms.class);
    for (Dbms d : ALL) {
      cold.put(d, warmUpLoad(d));
    }
    int rounds = config.quick() || !selected(Bench.BULK_LOAD) ? 1 : ROUNDS;
    double[][] rates = new double[ALL.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (Dbms d : ALL) {
        if (r < rounds - 1) {
          Measure.collectGarbage();
          try (Dbms.Db scratch = d.open("bench_load_round")) {
            rates[d.ordinal()][r] = config.bigRows() / loadSeconds(scratch, config.bigRows());
          }
          continue;
        }
        Dbms.Db db = d.open("bench_big");
        dbs.put(d, db);
        results.version(d, db.version());
        long heapBefore = Measure.usedHeapAfterGc();
        double seconds = profiled(Bench.BULK_LOAD, d, () -> loadSeconds(db, config.bigRows()));
        rates[d.ordinal()][r] = config.bigRows() / seconds;
        long bytes = Measure.usedHeapAfterGc() - heapBefore;
        record(Bench.HEAP, d, new Figure(bytes / 1e6 * config.perMillion(),
            Fmt.num(bytes / 1e6) + " MB for " + Fmt.count(config.bigRows()) + " rows"));
      }
    }
    for (Dbms d : ALL) {
      record(Bench.BULK_LOAD, d, new Figure(median(rates[d.ordinal()]), Fmt.count(config.bigRows())
          + " rows a round, rounds " + String.join(" / ", java.util.Arrays.stream(rates[d.ordinal()])
              .mapToObj(Fmt::num).toList()) + " rows/s (" + cold.get(d) + ")"));
    }
  }

  /** Creates {@code big} in {@code db} and loads {@code rows} rows; returns the load's seconds. */
  private static double loadSeconds(Dbms.Db db, int rows) throws Exception {
    Tables.createBig(db);
    long t = System.nanoTime();
    Tables.loadBig(db, rows);
    return (System.nanoTime() - t) / 1e9;
  }

  /**
   * The bulk load's warm-up, every database alike: a tenth of the rows loaded the same way
   * into a table of a database of its own, dropped with that database. As the other figures'
   * warm-ups do, this leaves out what only the JVM's first statements pay (class loading, the
   * JIT; for MorphDB also Calcite's first plans) and keeps what every load pays. Returns how
   * long the cold load took, for the details.
   */
  private String warmUpLoad(Dbms d) throws Exception {
    int rows = Math.max(1_000, config.bigRows() / 10);
    try (Dbms.Db warm = d.open("bench_warm_load")) {
      return "after a cold load of " + Fmt.count(rows) + " rows in " + Fmt.seconds(loadSeconds(warm, rows));
    }
  }

  /**
   * The closed-loop build in {@link #BUILD_ROUNDS} rounds, the databases taking turns as in {@link
   * #pacedBuilds}, for the same reason: a build of 1.5-3 s under writers is decided by whether
   * a young-collection pause of 200-300 ms falls into it (single-round runs of the same code
   * gave writers during/before 0.49-0.97). Each figure is the database's median round; the
   * details list every round. {@code big_a} is dropped after every round but the last.
   */
  private void closedLoopBuilds(Map<Dbms, Dbms.Db> dbs, Map<Dbms, BenchWriters.Ids> ids) throws Exception {
    Map<Dbms, List<IndexBuildBenchmarks.Closed>> rounds = inTurns(Bench.WRITERS_DURING_INDEX,
        (d, last) -> builds.closedLoop(dbs.get(d), ids.get(d), last));
    for (Dbms d : ALL) {
      recordClosed(dbs.get(d), rounds.get(d));
    }
  }

  /** One round of a benchmark on one database; {@code last}: the last of its rounds. */
  private interface Round<T> {
    T run(Dbms d, boolean last) throws Exception;
  }

  /**
   * {@link #BUILD_ROUNDS} rounds of {@code round} ({@link #ROUNDS} in a quick run), the
   * databases taking turns; each one's rounds in order.
   */
  private <T> Map<Dbms, List<T>> inTurns(Bench b, Round<T> round) throws Exception {
    Map<Dbms, List<T>> rounds = new EnumMap<>(Dbms.class);
    for (Dbms d : ALL) {
      rounds.put(d, new ArrayList<>());
    }
    int count = config.quick() ? ROUNDS : BUILD_ROUNDS;
    for (int r = 0; r < count; r++) {
      boolean last = r == count - 1;
      for (Dbms d : ALL) {
        Measure.collectGarbage();
        rounds.get(d).add(profiled(b, d, () -> round.run(d, last)));
      }
    }
    return rounds;
  }

  private void recordClosed(Dbms.Db db, List<IndexBuildBenchmarks.Closed> rounds) {
    double[] ratio = rounds.stream().mapToDouble(c -> c.writesDuring() / c.writesBefore()).toArray();
    double[] seconds = rounds.stream().mapToDouble(IndexBuildBenchmarks.Closed::buildSeconds).toArray();
    long errors = rounds.stream().mapToLong(IndexBuildBenchmarks.Closed::errors).sum();
    String firstError = rounds.stream().map(IndexBuildBenchmarks.Closed::firstError)
        .filter(java.util.Objects::nonNull).findFirst().orElse(null);
    record(Bench.WRITERS_DURING_INDEX, db.dbms(), new Figure(median(ratio), "rounds " + String.join(" / ",
        rounds.stream().map(c -> Fmt.num(c.writesDuring() / c.writesBefore()) + " ("
            + Fmt.count(c.writesBefore()) + " → " + Fmt.count(c.writesDuring()) + " writes/s, build "
            + Fmt.seconds(c.buildSeconds()) + ")").toList())
        + "; after, with the index: " + Fmt.count(rounds.get(rounds.size() - 1).writesAfter()) + " writes/s"
        + errors(errors, firstError) + IndexBuildBenchmarks.backfillNote(db)));
    buildSeconds.put(db.dbms(), median(seconds));
    record(Bench.INDEX_BUILD_TIME, db.dbms(), new Figure(median(seconds), "rounds " + String.join(" / ",
        rounds.stream().map(c -> Fmt.seconds(c.buildSeconds())).toList())));
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

  /**
   * The paced build in {@link #BUILD_ROUNDS} rounds, the databases taking turns as in {@link
   * #rounds}: a 2-3 s build is decided by whether one young-collection pause of a few hundred
   * milliseconds falls into it (one run's p99 ratio ranged 1.5-6.6 across runs), so each
   * figure is the database's median round. The offered load is half the writers' maximum,
   * measured once before the first round. The index is dropped after every round but the
   * last.
   */
  private void pacedBuilds(Map<Dbms, Dbms.Db> dbs, Map<Dbms, BenchWriters.Ids> ids) throws Exception {
    Map<Dbms, Double> max = new EnumMap<>(Dbms.class);
    for (Dbms d : ALL) {
      max.put(d, builds.maxWrites(dbs.get(d), ids.get(d)));
    }
    Map<Dbms, List<IndexBuildBenchmarks.Paced>> rounds = inTurns(Bench.PACED_KEPT,
        (d, last) -> builds.pacedRound(dbs.get(d), ids.get(d), max.get(d), last));
    for (Dbms d : ALL) {
      recordPaced(dbs.get(d), rounds.get(d));
    }
  }

  private void recordPaced(Dbms.Db db, List<IndexBuildBenchmarks.Paced> rounds) {
    double[] kept = rounds.stream().mapToDouble(IndexBuildBenchmarks.Paced::kept).toArray();
    double[] p99 = rounds.stream().mapToDouble(p -> p.p99During() / p.p99Before()).toArray();
    long errors = rounds.stream().mapToLong(IndexBuildBenchmarks.Paced::errors).sum();
    String firstError = rounds.stream().map(IndexBuildBenchmarks.Paced::firstError)
        .filter(java.util.Objects::nonNull).findFirst().orElse(null);
    record(Bench.PACED_KEPT, db.dbms(), new Figure(median(kept), "maximum just before "
        + Fmt.count(rounds.get(0).max()) + " writes/s, offered " + Fmt.count(rounds.get(0).offered())
        + " writes/s; rounds "
        + join(rounds, p -> Fmt.num(p.kept()) + " (build " + Fmt.seconds(p.buildSeconds()) + ")")
        + errors(errors, firstError) + IndexBuildBenchmarks.backfillNote(db)));
    record(Bench.PACED_P99, db.dbms(), new Figure(median(p99), "rounds " + join(rounds,
        p -> "p99 " + Fmt.num(p.p99Before()) + " ms → " + Fmt.num(p.p99During()) + " ms")));
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    java.util.Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String join(List<IndexBuildBenchmarks.Paced> rounds,
      java.util.function.Function<IndexBuildBenchmarks.Paced, String> f) {
    return String.join(" / ", rounds.stream().map(f).toList());
  }

  private boolean selected(Bench b) {
    return only.isEmpty() || only.contains(b.name());
  }

  private static java.util.Set<String> onlyProperty() {
    String p = System.getProperty("morph.bench.only", "").trim();
    return p.isEmpty() ? java.util.Set.of()
        : java.util.Set.of(p.toUpperCase(java.util.Locale.ROOT).split("\\s*,\\s*"));
  }

  /** Auto-commit inserts, range scans and the join, on a second database per engine. */
  private void smallTables() throws Exception {
    if (!selected(Bench.INSERT) && !selected(Bench.RANGE_SCAN) && !selected(Bench.JOIN_GROUP_BY)) {
      return;
    }
    Map<Dbms, Dbms.Db> dbs = new EnumMap<>(Dbms.class);
    try {
      for (Dbms d : ALL) {
        Dbms.Db db = d.open("bench_small");
        dbs.put(d, db);
        Tables.createRange(db, config.rangeRows());
        Tables.createJoin(db, config.orderRows());
      }
      if (selected(Bench.INSERT)) {
        rounds(Bench.INSERT, QueryBenchmarks.Kind.INSERT, dbs);
      }
      if (selected(Bench.RANGE_SCAN)) {
        rounds(Bench.RANGE_SCAN, QueryBenchmarks.Kind.RANGE_SCAN, dbs);
      }
      if (selected(Bench.JOIN_GROUP_BY)) {
        rounds(Bench.JOIN_GROUP_BY, QueryBenchmarks.Kind.JOIN_GROUP_BY, dbs);
      }
    } finally {
      for (Dbms.Db db : dbs.values()) {
        db.close();
      }
    }
  }

  /**
   * A single-thread benchmark in {@link #ROUNDS} rounds, the databases taking turns, so that
   * a burst of other work on the machine hits them alike; the figure is each database's
   * median round. When profiling, MorphDB then runs one more round under JFR, unmeasured.
   */
  private void rounds(Bench b, QueryBenchmarks.Kind kind, Map<Dbms, Dbms.Db> dbs)
      throws Exception {
    Map<Dbms, QueryBenchmarks.Loop> loops = new EnumMap<>(Dbms.class);
    double[][] rates = new double[ALL.size()][ROUNDS];
    try {
      for (Dbms d : ALL) {
        loops.put(d, queries.open(kind, dbs.get(d)));
      }
      for (int r = 0; r < ROUNDS; r++) {
        for (Dbms d : ALL) {
          Measure.collectGarbage();
          rates[d.ordinal()][r] = loops.get(d).run(r == 0 ? config.warmupSeconds() : 0,
              config.measureSeconds() / ROUNDS);
        }
      }
      for (Dbms d : ALL) {
        String problem = loops.get(d).problem();
        record(b, d, new Figure(median(rates[d.ordinal()]), "rounds " + String.join(" / ",
            java.util.Arrays.stream(rates[d.ordinal()]).mapToObj(Fmt::num).toList())
            + (problem == null ? "" : "; " + problem)));
      }
      profiled(b, Dbms.MORPHDB, profiler == null ? () -> null
          : () -> loops.get(Dbms.MORPHDB).run(0, config.measureSeconds()));
    } finally {
      for (QueryBenchmarks.Loop loop : loops.values()) {
        loop.close();
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
