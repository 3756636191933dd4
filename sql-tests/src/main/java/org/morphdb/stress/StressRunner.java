package org.morphdb.stress;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

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
    warmUp();
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
   * Plans every statement shape of the workload and the checks once, on a throwaway
   * one-node database, so the first seed does not spend its time in first-time planning
   * (which would make it see far fewer concurrent writes than the others).
   */
  static void warmUp() {
    String url = "jdbc:morph:mem:stress_warm_up_" + Long.toHexString(System.nanoTime());
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute(Workload.CREATE_TABLE);
      s.execute("INSERT INTO s (id, k, u, v, n, m) VALUES (1, 1, 1, 'va', 1, 1), (2, 2, 2, NULL, 2, NULL)");
      Map<String, List<String>> indexes = new LinkedHashMap<>();
      for (SchemaModel.IndexSpec spec : SchemaModel.baseIndexes()) {
        s.execute(spec.createSql());
        indexes.put(spec.name(), spec.columns());
      }
      for (String sql : List.of(Workload.UPDATE_K, Workload.UPDATE_U, Workload.UPDATE_KM, Workload.UPDATE_VNM,
          Workload.DELETE, Workload.READ_ROW, Workload.BY_K, Workload.BY_U, Workload.BY_KM, Workload.INSERT)) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
          for (int i = 1; i <= ps.getParameterMetaData().getParameterCount(); i++) {
            ps.setObject(i, sql.contains("v = ?") && i == 1 ? "vb" : 3);
          }
          ps.execute();
        }
      }
      ConsistencyChecker.checkTable(c, Workload.TABLE);
      ConsistencyChecker.compareIndexesWithScan(c, Workload.TABLE, indexes, new Random(1));
      s.execute("ALTER TABLE s ADD CONSTRAINT ck_k CHECK (k >= 0)");
      s.execute(Workload.CREATE_PARENT);
      s.execute(Workload.CREATE_CHILD);
      for (String sql : List.of(Workload.INSERT_PARENT, Workload.INSERT_CHILD, Workload.MOVE_CHILD,
          Workload.MOVE_PARENT, Workload.DELETE_CHILD, Workload.DELETE_PARENT)) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
          for (int i = 1; i <= ps.getParameterMetaData().getParameterCount(); i++) {
            ps.setInt(i, sql.startsWith("UPDATE sp") && i == 1 ? 2 : 1);
          }
          ps.execute();
        }
      }
      s.execute(Workload.DELETE_ORPHANS);
      s.execute("ALTER TABLE sc ADD CONSTRAINT " + Workload.FK_NAME + " FOREIGN KEY (pid) REFERENCES sp");
      ConsistencyChecker.orphans(c);
      ConsistencyChecker.checkTable(c, Workload.CHILD_TABLE);
    } catch (SQLException e) {
      // only a warm-up: the seeds report whatever is really wrong
    }
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
