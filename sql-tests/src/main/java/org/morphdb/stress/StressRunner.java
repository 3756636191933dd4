package org.morphdb.stress;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the randomized F1 stress: {@link #run(StressConfig)} from code and tests,
 * {@link #runCli(String[], PrintStream, PrintStream)} for {@code ./morph stress}.
 */
public final class StressRunner {
  private StressRunner() {}

  /** Runs every seed of the configuration, one after the other, and reports. */
  public static StressReport run(StressConfig config) {
    long start = System.nanoTime();
    List<SeedResult> results = new ArrayList<>();
    PrintStream out = config.out();
    if (out != null) {
      out.println("stress: " + config.seeds() + " seed(s) from " + config.firstSeed() + ", "
          + config.millisPerSeed() / 1000.0 + " s each, " + (config.unsafe() == null ? "safe" : "unsafe=" + config.unsafe())
          + ", URL options " + config.databaseOptions());
    }
    for (int i = 0; i < config.seeds(); i++) {
      SeedResult r = new SeedRun(config, config.firstSeed() + i).run();
      results.add(r);
      if (out != null) {
        out.println(r.describe());
      }
    }
    StressReport report = new StressReport(config, List.copyOf(results), (System.nanoTime() - start) / 1_000_000);
    if (out != null) {
      out.println(report.summary());
    }
    return report;
  }

  /**
   * {@code morph stress [options]}: exit code 0 when the run passed (or ran in an unsafe
   * mode), 1 when a seed failed in the safe mode, 2 on a usage error.
   */
  public static int runCli(String[] args, PrintStream out, PrintStream err) {
    StressConfig config;
    try {
      config = StressConfig.parse(args).withOut(out);
    } catch (IllegalArgumentException e) {
      err.println("morph stress: " + e.getMessage());
      err.print("Usage: morph " + StressConfig.USAGE);
      return 2;
    }
    return run(config).passed() ? 0 : 1;
  }

  public static void main(String[] args) {
    System.exit(runCli(args, System.out, System.err));
  }
}
