package org.morphdb.cli.demo;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import me.tongfei.progressbar.ProgressBar;
import org.morphdb.bench.Fmt;
import org.morphdb.engine.clock.HybridClock;

/**
 * The demo on one database: load the table, start the workload, run the schema changes one
 * after another with a pause before each and after the last, stop the workload, check.
 */
final class DemoRun {
  private final DemoOptions options;
  private final PrintStream out;
  private final Bars bars;
  private final Timeline timeline = new Timeline();
  private long startNanos;
  private long startWallMillis;

  DemoRun(DemoOptions options, PrintStream out, boolean interactive) {
    this.options = options;
    this.out = out;
    this.bars = new Bars(out, interactive);
  }

  DemoResult run(DemoTarget target) throws SQLException, InterruptedException {
    out.printf("%n== %s: %s, %s rows, %d writers + %d readers%n", target.name(), target.url(),
        Fmt.count(options.rows()), options.writers(), options.readers());
    try (Connection main = target.connect(0)) {
      DemoSchema.create(main);
      double loadSeconds = load(main);
      Workload workload = new Workload(target, options.rows());
      List<DdlResult> ddls;
      String monitorFailure;
      try (JobPoller poller = target.morph() ? new JobPoller(target) : null) {
        LiveView view = new LiveView(bars, timeline, workload.counters(), poller, this::seconds,
            options.sampleMillis());
        startNanos = System.nanoTime();
        startWallMillis = System.currentTimeMillis();
        workload.start(options.writers(), options.readers());
        view.start();
        try {
          ddls = runDdls(main, workload.counters(), view);
        } finally {
          workload.stop();
          view.close();
        }
        monitorFailure = view.tickFailure();
      }
      if (target.morph()) {
        markSteps(main);
      }
      Counters counters = workload.counters();
      return new DemoResult(target, options.rows(), loadSeconds, options.writers(),
          options.readers(), ddls, counters.snapshot(), counters.inserted(),
          counters.mostAttempts(), counters.firstErrors(),
          target.morph() ? checkTable(main) : null, count(main), timeline, monitorFailure);
    }
  }

  private double load(Connection main) throws SQLException {
    long t = System.nanoTime();
    try (ProgressBar bar = bars.bar("load " + DemoSchema.TABLE, options.rows(), "rows")) {
      DemoSchema.load(main, options.rows(), bar::stepTo);
    }
    return (System.nanoTime() - t) / 1e9;
  }

  /** One DDL statement as it ran, with the counters before its pause, at its start and end. */
  private record Ran(DemoSchema.Ddl ddl, String[] outcome, Counters.Snapshot before,
      Counters.Snapshot start, Counters.Snapshot end) {}

  private List<DdlResult> runDdls(Connection main, Counters counters, LiveView view)
      throws SQLException, InterruptedException {
    sleep(options.warmupSeconds());
    List<Ran> ran = new ArrayList<>();
    Counters.Snapshot before = counters.snapshot();
    for (DemoSchema.Ddl ddl : DemoSchema.DDLS) {
      sleep(options.gapSeconds());
      Counters.Snapshot start = counters.snapshot();
      String[] outcome = execute(main, ddl, view);
      Counters.Snapshot end = counters.snapshot();
      ran.add(new Ran(ddl, outcome, before, start, end));
      before = end;
    }
    sleep(options.gapSeconds());
    Counters.Snapshot last = counters.snapshot();
    List<DdlResult> results = new ArrayList<>();
    for (int i = 0; i < ran.size(); i++) {
      Ran r = ran.get(i);
      Counters.Snapshot after = i + 1 < ran.size() ? ran.get(i + 1).start() : last;
      results.add(new DdlResult(r.ddl(), r.outcome()[0], r.outcome()[1], r.before(), r.start(),
          r.end(), after));
    }
    return results;
  }

  /** Runs one DDL statement; returns {SQLState or null, message or null}. */
  private String[] execute(Connection main, DemoSchema.Ddl ddl, LiveView view)
      throws SQLException {
    view.ddlStarted(ddl.name());
    double start = seconds(System.nanoTime());
    String[] outcome = {null, null};
    try (Statement st = main.createStatement()) {
      st.execute(ddl.sql());
    } catch (SQLException e) {
      outcome = new String[] {e.getSQLState(), e.getMessage()};
    }
    double end = seconds(System.nanoTime());
    boolean asExpected = java.util.Objects.equals(outcome[0], ddl.expectedSqlState());
    timeline.span(new Timeline.Span(ddl.name(), start, end, outcome[0] == null ? "ok" : outcome[0],
        asExpected));
    String took = " in " + Fmt.seconds(end - start);
    view.ddlFinished(outcome[0] == null ? "DONE" + took
        : "FAILED " + outcome[0] + (asExpected ? " as expected" : " (unexpected)") + took);
    return outcome;
  }

  /** Marks every catalog version our DDL committed at its activation time (SYS.SCHEMA_VERSIONS). */
  private void markSteps(Connection main) throws SQLException {
    String sql = "SELECT ACTIVATION_TS, STATEMENT FROM SYS.SCHEMA_VERSIONS";
    try (Statement st = main.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        String statement = String.valueOf(rs.getString(2));
        int cut = statement.lastIndexOf(" -- ");
        boolean ours = DemoSchema.DDLS.stream().anyMatch(d -> statement.startsWith(d.sql()));
        if (ours && cut > 0) {
          long millis = HybridClock.physicalMillis(rs.getLong(1));
          timeline.mark(new Timeline.Mark((millis - startWallMillis) / 1000.0,
              statement.substring(cut + 4) + (statement.contains("(walk back)") ? " (back)" : ""),
              statement.substring(0, cut)));
        }
      }
    }
  }

  private static List<String> checkTable(Connection main) throws SQLException {
    List<String> problems = new ArrayList<>();
    try (Statement st = main.createStatement();
         ResultSet rs = st.executeQuery("CHECK TABLE " + DemoSchema.TABLE)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
          row.append(i > 1 ? ", " : "").append(rs.getMetaData().getColumnLabel(i)).append('=')
              .append(rs.getString(i));
        }
        problems.add(row.toString());
      }
    }
    return problems;
  }

  private static long count(Connection main) throws SQLException {
    try (Statement st = main.createStatement();
         ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + DemoSchema.TABLE)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private double seconds(long nanos) {
    return (nanos - startNanos) / 1e9;
  }

  private static void sleep(double seconds) throws InterruptedException {
    Thread.sleep(Math.round(seconds * 1000));
  }
}
