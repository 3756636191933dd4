package org.morphdb.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import org.morphdb.bench.RemoteBench;
import org.morphdb.bench.RemoteIndexBuildBench;

/**
 * {@code morph bench-remote [--quick] [--rows N] [--seconds S]}: server round trips of
 * MorphDB, H2's TCP server and HSQLDB's server on loopback, in one run. With
 * {@code --index-build [--compare]}: writers during a remote CREATE INDEX
 * ({@link RemoteIndexBuildBench}, 1,000,000 rows unless --rows says otherwise).
 */
final class RemoteBenchCommand {
  private RemoteBenchCommand() {
  }

  static int run(List<String> args, PrintStream out) {
    Args a = Args.parse(args, Set.of("rows", "seconds"), Set.of("quick", "index-build", "compare"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("bench-remote takes only options, not '" + a.positional().get(0) + "'");
    }
    boolean quick = a.flag("quick");
    if (a.flag("index-build")) {
      return indexBuild(a, quick, out);
    }
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

  private static int indexBuild(Args a, boolean quick, PrintStream out) {
    int rows = a.intOption("rows", quick ? 100_000 : 1_000_000, 1000);
    int seconds = a.intOption("seconds", quick ? 2 : 5, 1);
    out.printf("MorphDB bench-remote --index-build: %,d rows, %d writer connections, %d s before the build,"
        + " loopback, servers in this JVM%n", rows, RemoteIndexBuildBench.WRITERS, seconds);
    try {
      return new RemoteIndexBuildBench(rows, seconds, a.flag("compare"), out).run();
    } catch (Exception e) {
      out.println("bench-remote --index-build failed: " + e);
      e.printStackTrace(out);
      return 1;
    }
  }
}
