package org.morphdb.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.morphdb.cli.demo.Demo;
import org.morphdb.cli.demo.DemoOptions;
import org.morphdb.cli.demo.DemoTarget;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.server.MorphServer;
import org.morphdb.server.ServerConfig;

/**
 * {@code morph demo [--rows N] [--quick] [--compare] [--writers N] [--readers N] [--chart FILE] [--file DIR]}:
 * online schema changes on a loaded table while writers and readers keep going (see
 * {@link Demo}).
 */
final class DemoCommand {
  static final int DEFAULT_ROWS = 1_000_000;
  static final String DEFAULT_CHART = "demo-throughput.svg";
  private static final Set<String> FLAGS = Set.of("quick", "compare", "server");

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
    if (!a.flag("server")) {
      return Demo.run(options, out);
    }
    // the same database, its writers, readers and DDL all going through a server on localhost
    try (MorphServer server = MorphServer.start(new ServerConfig("localhost", 0, Map.of(), true,
        ServerConfig.DEFAULT_IDLE_TIMEOUT_MS, Protocol.MAX_FRAME_BYTES, null, null))) {
      out.println("Through a MorphDB server at " + server.url("demo"));
      return Demo.run(options, out, new DemoTarget("MorphDB via server", server.url("demo") + ";nodes=3", 3, true));
    } catch (SQLException e) {
      out.println("Demo could not start its server: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }
}
