package org.morphdb.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.morphdb.cli.demo.Demo;
import org.morphdb.cli.demo.DemoOptions;

/**
 * {@code morph demo [--rows N] [--quick] [--compare] [--writers N] [--readers N] [--chart FILE] [--file DIR]}:
 * online schema changes on a loaded table while writers and readers keep going (see
 * {@link Demo}).
 */
final class DemoCommand {
  static final int DEFAULT_ROWS = 1_000_000;
  static final String DEFAULT_CHART = "demo-throughput.svg";
  private static final Set<String> FLAGS = Set.of("quick", "compare");

  private DemoCommand() {
  }

  static int run(List<String> args, PrintStream out) {
    Args a = Args.parse(args, Set.of("rows", "writers", "readers", "chart", "file"), FLAGS);
    if (!a.positional().isEmpty()) {
      throw new UsageException("demo takes no arguments besides its options, not '"
          + a.positional().get(0) + "'");
    }
    DemoOptions options = DemoOptions.of(a.intOption("rows", DEFAULT_ROWS, 1000),
        a.intOption("writers", 3, 1), a.intOption("readers", 3, 0), a.flag("quick"),
        a.flag("compare"), Path.of(a.option("chart", DEFAULT_CHART)),
        a.option("file", null) == null ? null : Path.of(a.option("file", null)));
    return Demo.run(options, out);
  }
}
