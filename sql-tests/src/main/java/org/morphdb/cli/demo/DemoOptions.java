package org.morphdb.cli.demo;

import java.nio.file.Path;

/**
 * The demo's settings.
 *
 * @param warmupSeconds workload running before the first pause
 * @param gapSeconds    the pause before each DDL statement and after the last: the
 *                      "before" and "after" windows of the summary
 * @param sampleMillis  throughput sampling interval of the chart
 * @param fileDir       {@code --file DIR}: MorphDB runs on a durable database in DIR; null: in memory
 */
public record DemoOptions(int rows, int writers, int readers, boolean quick, boolean compare,
    Path chart, double warmupSeconds, double gapSeconds, long sampleMillis, Path fileDir) {

  public static DemoOptions of(int rows, int writers, int readers, boolean quick, boolean compare,
      Path chart, Path fileDir) {
    return quick
        ? new DemoOptions(rows, writers, readers, true, compare, chart, 1.0, 1.5, 200, fileDir)
        : new DemoOptions(rows, writers, readers, false, compare, chart, 3.0, 5.0, 500, fileDir);
  }
}
