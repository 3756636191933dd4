package org.morphdb.cli.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code morph demo}: online schema changes under load on MorphDB (and, with
 * {@code --compare}, the same on H2), then a summary, CHECK TABLE and a chart.
 */
public final class Demo {
  private Demo() {
  }

  /** Runs the demo; returns the exit code: 0 when MorphDB's run is {@link DemoResult#ok()}. */
  public static int run(DemoOptions options, PrintStream out) {
    return run(options, out, options.fileDir() == null
        ? DemoTarget.morphDb() : DemoTarget.morphDbFile(options.fileDir()));
  }

  /** Runs the demo on {@code morph} (e.g. the same database reached through a server). */
  public static int run(DemoOptions options, PrintStream out, DemoTarget morph) {
    boolean interactive = Bars.isTerminal(out);
    List<DemoResult> results = new ArrayList<>();
    DemoSummary summary = new DemoSummary(out);
    try {
      results.add(new DemoRun(options, out, interactive).run(morph));
      if (options.compare()) {
        results.add(new DemoRun(options, out, interactive).run(DemoTarget.h2()));
      }
      results.forEach(summary::print);
      if (results.size() > 1) {
        summary.compare(results);
      }
      SvgChart.write(options.chart(), results);
      out.println("\nChart: " + options.chart().toAbsolutePath());
    } catch (SQLException e) {
      out.println("Demo failed: " + e.getSQLState() + " " + e.getMessage());
      return 1;
    } catch (IOException e) {
      out.println("Demo could not write its chart: " + e);
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.println("Demo interrupted");
      return 1;
    }
    summary.verdict(results.get(0));
    return results.get(0).ok() ? 0 : 1;
  }
}
