package org.morphdb.stress;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one stress run does (DESIGN.md "Tests that prove it", randomized stress): how many
 * seeds, how long each runs, the database options of every seed's fresh database, and the
 * size of the workload.
 *
 * @param seeds              number of seeds, run one after the other
 * @param firstSeed          the first seed; seed i of the run is {@code firstSeed + i}
 * @param millisPerSeed      how long the DDL loop of one seed keeps starting jobs
 * @param nodes              compute nodes of each seed's database (≥ 1; the stress wants ≥ 3)
 * @param delayMillis        activation delay ({@code delay=})
 * @param lagMillis          channel lag ({@code lag=}); above {@code delay} to make nodes lag
 * @param unsafe             null for the safe engine, or {@code stale-cache} / {@code skip-states}
 * @param writersPerNode     writer threads attached to each node
 * @param rowsPerWriter      rows each writer owns at most (ids are partitioned by writer)
 * @param lockTimeoutMillis  {@code lockTimeout=} of the databases
 * @param stopSeedOnAnomaly  end a seed at its first anomaly (the seed is then known bad)
 * @param out                where progress and the report are printed (null: silent)
 */
public record StressConfig(
    int seeds, long firstSeed, long millisPerSeed, int nodes, long delayMillis, long lagMillis,
    String unsafe, int writersPerNode, int rowsPerWriter, long lockTimeoutMillis,
    boolean stopSeedOnAnomaly, PrintStream out) {

  public StressConfig {
    if (seeds < 1 || millisPerSeed < 1 || nodes < 1 || writersPerNode < 1 || rowsPerWriter < 4) {
      throw new IllegalArgumentException("seeds, time, nodes, writers and rows must be positive (rows ≥ 4)");
    }
    if (unsafe != null && !unsafe.equals("stale-cache") && !unsafe.equals("skip-states")) {
      throw new IllegalArgumentException("unsafe must be stale-cache or skip-states, not " + unsafe);
    }
    if (rowsPerWriter >= Workload.ID_SPACE_PER_WRITER) {
      throw new IllegalArgumentException("at most " + (Workload.ID_SPACE_PER_WRITER - 1) + " rows per writer");
    }
  }

  /** Safe mode: 3 nodes, delay 5 ms, lag 20 ms, 3 writers per node, 5 s per seed. */
  public static StressConfig defaults() {
    return new StressConfig(5, 1, 5_000, 3, 5, 20, null, 3, 60, 2_000, true, System.out);
  }

  /** {@code ./morph stress --seeds N --minutes M [--unsafe MODE]}: the time is shared by the seeds. */
  public static StressConfig forCli(int seeds, double minutes, String unsafe) {
    StressConfig c = defaults().withSeeds(seeds).withMillisPerSeed(Math.max(1_000, (long) (minutes * 60_000 / seeds)));
    return unsafe == null ? c : c.withUnsafe(unsafe);
  }

  public StressConfig withSeeds(int n) {
    return new StressConfig(n, firstSeed, millisPerSeed, nodes, delayMillis, lagMillis, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, out);
  }

  public StressConfig withFirstSeed(long seed) {
    return new StressConfig(seeds, seed, millisPerSeed, nodes, delayMillis, lagMillis, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, out);
  }

  public StressConfig withMillisPerSeed(long ms) {
    return new StressConfig(seeds, firstSeed, ms, nodes, delayMillis, lagMillis, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, out);
  }

  public StressConfig withNodes(int n) {
    return new StressConfig(seeds, firstSeed, millisPerSeed, n, delayMillis, lagMillis, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, out);
  }

  /** Sets delay and lag together. */
  public StressConfig withTiming(long delay, long lag) {
    return new StressConfig(seeds, firstSeed, millisPerSeed, nodes, delay, lag, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, out);
  }

  /**
   * An unsafe mode. For stale-cache, a lag well above the delay (150 ms vs 2 ms unless set
   * otherwise afterwards) makes nodes act several versions behind, which is what corrupts.
   * For skip-states, no lag (writers are not slowed by waiting for the catalog) and a delay of
   * 20 ms: the window between a naive job's snapshot and its one step is what corrupts.
   */
  public StressConfig withUnsafe(String mode) {
    StressConfig c = new StressConfig(seeds, firstSeed, millisPerSeed, nodes, delayMillis, lagMillis, mode,
        writersPerNode, rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, out);
    return "stale-cache".equals(mode) ? c.withTiming(2, 150) : "skip-states".equals(mode) ? c.withTiming(20, 0) : c;
  }

  public StressConfig withWorkload(int writers, int rows) {
    return new StressConfig(seeds, firstSeed, millisPerSeed, nodes, delayMillis, lagMillis, unsafe, writers,
        rows, lockTimeoutMillis, stopSeedOnAnomaly, out);
  }

  public StressConfig withStopSeedOnAnomaly(boolean stop) {
    return new StressConfig(seeds, firstSeed, millisPerSeed, nodes, delayMillis, lagMillis, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stop, out);
  }

  public StressConfig withOut(PrintStream stream) {
    return new StressConfig(seeds, firstSeed, millisPerSeed, nodes, delayMillis, lagMillis, unsafe, writersPerNode,
        rowsPerWriter, lockTimeoutMillis, stopSeedOnAnomaly, stream);
  }

  /** The URL options of a seed's database (a fresh name per seed). */
  String databaseOptions() {
    StringBuilder b = new StringBuilder();
    b.append("nodes=").append(nodes).append(";delay=").append(delayMillis).append(";lag=").append(lagMillis)
        .append(";lockTimeout=").append(lockTimeoutMillis);
    if (unsafe != null) {
      b.append(";unsafe=").append(unsafe);
    }
    return b.toString();
  }

  /** The command line that runs exactly this seed again with these settings. */
  public String replayCommand(long seed) {
    return "./morph stress --first-seed " + seed + " --seeds 1 --seconds " + (millisPerSeed / 1000.0)
        + " --nodes " + nodes + " --delay " + delayMillis + " --lag " + lagMillis
        + " --writers " + writersPerNode + " --rows " + rowsPerWriter
        + (unsafe == null ? "" : " --unsafe " + unsafe);
  }

  public static final String USAGE = """
      stress [--seeds N] [--minutes M | --seconds S] [--unsafe stale-cache|skip-states]
             [--first-seed N] [--nodes N] [--delay MS] [--lag MS] [--writers N] [--rows N]
             [--keep-going]
          Randomized F1 stress: writers on every node (inserts, updates of indexed columns,
          deletes, multi-statement transactions) while a DDL thread loops over CREATE
          [UNIQUE] INDEX, DROP INDEX, ADD/DROP COLUMN, SET/DROP NOT NULL, ADD/DROP CHECK,
          and ADD/DROP FOREIGN KEY between a parent/child pair that one writer per node
          orphans into (children of missing parents, referenced parents deleted or re-keyed).
          After every job: CHECK TABLE, every index query against a full scan, orphans
          while the key exists; at the end the table against a model of the acknowledged
          commits. Defaults: 5 seeds, 5 s
          each (--minutes M shares M minutes between the seeds, --seconds S is per seed),
          3 nodes, delay 5 ms, lag 20 ms, 3 writers per node, 60 rows per writer. With
          --unsafe stale-cache the defaults become delay 2 ms, lag 150 ms, with --unsafe
          skip-states delay 20 ms, lag 0; the report says how many seeds found anomalies,
          and how many found FOREIGN KEY orphans. --keep-going keeps a seed running after its first
          anomaly. A failing seed prints the command that replays it.
          Exit code: 1 when a seed fails in the safe mode, 0 otherwise.
      """;

  /** Parses the options of {@code morph stress}. */
  public static StressConfig parse(String[] args) {
    Integer seeds = null;
    Double minutes = null;
    Double seconds = null;
    String unsafe = null;
    Long firstSeed = null;
    Integer nodes = null;
    Long delay = null;
    Long lag = null;
    Integer writers = null;
    Integer rows = null;
    boolean keepGoing = false;
    List<String> a = new ArrayList<>(List.of(args));
    for (int i = 0; i < a.size(); i++) {
      String opt = a.get(i).toLowerCase(Locale.ROOT);
      if (opt.equals("--keep-going")) {
        keepGoing = true;
        continue;
      }
      if (i + 1 >= a.size()) {
        throw new IllegalArgumentException("option " + opt + " needs a value");
      }
      String v = a.get(++i);
      try {
        switch (opt) {
          case "--seeds" -> seeds = Integer.parseInt(v);
          case "--minutes" -> minutes = Double.parseDouble(v);
          case "--seconds" -> seconds = Double.parseDouble(v);
          case "--unsafe" -> unsafe = v;
          case "--first-seed" -> firstSeed = Long.parseLong(v);
          case "--nodes" -> nodes = Integer.parseInt(v);
          case "--delay" -> delay = Long.parseLong(v);
          case "--lag" -> lag = Long.parseLong(v);
          case "--writers" -> writers = Integer.parseInt(v);
          case "--rows" -> rows = Integer.parseInt(v);
          default -> throw new IllegalArgumentException("unknown option " + opt);
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("option " + opt + " needs a number, not '" + v + "'");
      }
    }
    StressConfig c = defaults();
    if (seeds != null) {
      c = c.withSeeds(seeds);
    }
    if (minutes != null && seconds != null) {
      throw new IllegalArgumentException("give --minutes or --seconds, not both");
    }
    if (minutes != null) {
      c = c.withMillisPerSeed(Math.max(1_000, (long) (minutes * 60_000 / c.seeds())));
    } else if (seconds != null) {
      c = c.withMillisPerSeed(Math.max(100, (long) (seconds * 1_000)));
    }
    if (unsafe != null) {
      c = c.withUnsafe(unsafe);
    }
    if (firstSeed != null) {
      c = c.withFirstSeed(firstSeed);
    }
    if (nodes != null) {
      c = c.withNodes(nodes);
    }
    if (delay != null || lag != null) {
      c = c.withTiming(delay != null ? delay : c.delayMillis(), lag != null ? lag : c.lagMillis());
    }
    if (writers != null || rows != null) {
      c = c.withWorkload(writers != null ? writers : c.writersPerNode(), rows != null ? rows : c.rowsPerWriter());
    }
    return c.withStopSeedOnAnomaly(!keepGoing);
  }
}
