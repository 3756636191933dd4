package org.morphdb.cli;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.server.MorphServer;
import org.morphdb.server.ServerConfig;

/**
 * {@code morph server [--port P] [--host H] [--db NAME=URL ...] [--allow-create]
 * [--idle-timeout T] [--max-frame BYTES]}: hosts databases for
 * {@code jdbc:morph://host:port/NAME} until SIGTERM or Ctrl-C, which close every client
 * connection (open transactions roll back) and the databases.
 */
final class ServerCommand {
  static final String DEFAULT_DATABASE = "main";

  private ServerCommand() {
  }

  static int run(List<String> args, PrintStream out) {
    MorphServer server = start(args, out);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      out.println("morph server: stopping (open transactions roll back)");
      server.close();
      out.println("morph server: stopped");
      out.flush();
      stopped.countDown();
    }, "morph-server-shutdown"));
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.close();
    }
    return 0;
  }

  /** Starts the server the arguments describe and prints where it listens. */
  static MorphServer start(List<String> args, PrintStream out) {
    ServerConfig config = config(args);
    MorphServer server;
    try {
      server = MorphServer.start(config);
    } catch (SQLException e) {
      throw new UsageException("cannot open a database: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted while starting");
    } catch (RuntimeException e) {
      throw new UsageException("cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage());
    }
    String where = config.host() + ":" + server.port();
    out.println("MorphDB server listening on " + where + " (protocol " + Protocol.VERSION + ")");
    for (Map.Entry<String, String> db : config.databases().entrySet()) {
      out.println("  jdbc:morph://" + where + "/" + db.getKey() + "   (" + db.getValue() + ")");
    }
    out.println(config.allowCreate()
        ? "  clients may create in-memory databases by naming them (--allow-create)"
        : "  other database names are refused (no --allow-create)");
    out.println("Stop with Ctrl-C or SIGTERM.");
    out.flush();
    return server;
  }

  static ServerConfig config(List<String> args) {
    Map<String, String> databases = new LinkedHashMap<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--db") || arg.startsWith("--db=")) {
        String value = arg.equals("--db") ? (i + 1 < args.size() ? args.get(++i) : null) : arg.substring(5);
        addDatabase(databases, value);
      } else {
        rest.add(arg);
      }
    }
    Args a = Args.parse(rest, Set.of("port", "host", "idle-timeout", "max-frame"), Set.of("allow-create"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument '" + a.positional().get(0) + "'");
    }
    boolean allowCreate = a.flag("allow-create");
    if (databases.isEmpty() && !allowCreate) {
      databases.put(DEFAULT_DATABASE, "jdbc:morph:mem:" + DEFAULT_DATABASE);
    }
    return new ServerConfig(a.option("host", "localhost"), a.intOption("port", Protocol.DEFAULT_PORT, 0),
        databases, allowCreate, a.millisOption("idle-timeout", ServerConfig.DEFAULT_IDLE_TIMEOUT_MS),
        a.intOption("max-frame", Protocol.MAX_FRAME_BYTES, 1024));
  }

  private static void addDatabase(Map<String, String> databases, String value) {
    int eq = value == null ? -1 : value.indexOf('=');
    if (eq <= 0 || eq == value.length() - 1) {
      throw new UsageException("--db needs NAME=URL, e.g. --db sales=jdbc:morph:mem:sales");
    }
    String name = value.substring(0, eq).trim();
    if (databases.put(name, value.substring(eq + 1).trim()) != null) {
      throw new UsageException("--db " + name + " is given twice");
    }
  }
}
