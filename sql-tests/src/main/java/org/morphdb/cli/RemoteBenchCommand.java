package org.morphdb.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import org.morphdb.bench.RemoteBench;

/**
 * {@code morph bench-remote [--quick] [--rows N] [--seconds S]}: server round trips of
 * MorphDB, H2's TCP server and HSQLDB's server on loopback, in one run.
 */
final class RemoteBenchCommand {
  private RemoteBenchCommand() {
  }

  static int run(List<String> args, PrintStream out) {
    Args a = Args.parse(args, Set.of("rows", "seconds"), Set.of("quick"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("bench-remote takes only options, not '" + a.positional().get(0) + "'");
    }
    boolean quick = a.flag("quick");
    int rows = a.intOption("rows", quick ? 10_000 : 100_000, 100);
    int seconds = a.intOption("seconds", quick ? 1 : 5, 1);
    out.printf("MorphDB bench-remote: %,d rows, %d s measured per figure, loopback, servers in this JVM%n", rows, seconds);
    try {
      return new RemoteBench(rows, seconds, out).run();
    } catch (Exception e) {
      out.println("bench-remote failed: " + e);
      e.printStackTrace(out);
      return 1;
    }
  }
}
