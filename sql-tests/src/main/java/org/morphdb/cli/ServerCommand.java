package org.morphdb.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
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
import org.morphdb.server.UserStore;

/**
 * {@code morph server [--port P] [--host H] [--db NAME=URL ...] [--allow-create]
 * [--idle-timeout T] [--max-frame BYTES] [--users FILE] [--tls-cert F --tls-key F [--tls-client-ca F]]}: hosts databases for
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
    out.println("MorphDB server listening on " + where + " (protocol " + Protocol.VERSION + ", " + server.transport() + ")");
    for (Map.Entry<String, String> db : config.databases().entrySet()) {
      out.println("  jdbc:morph://" + where + "/" + db.getKey() + "   (" + db.getValue() + ")");
    }
    out.println(config.allowCreate()
        ? "  clients may create in-memory databases by naming them (--allow-create)"
        : "  other database names are refused (no --allow-create)");
    out.println(config.users() == null ? "  no login (start with --users FILE to require SCRAM-SHA-256 logins)"
        : "  users log in with SCRAM-SHA-256 (--users)");
    out.println(config.tls() == null ? "  plain TCP (--tls-cert/--tls-key for TLS)" : "  TLS");
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
    Args a = Args.parse(rest, Set.of("port", "host", "idle-timeout", "max-frame", "users", "tls-cert", "tls-key",
        "tls-client-ca"), Set.of("allow-create"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument '" + a.positional().get(0) + "'");
    }
    boolean allowCreate = a.flag("allow-create");
    if (databases.isEmpty() && !allowCreate) {
      databases.put(DEFAULT_DATABASE, "jdbc:morph:mem:" + DEFAULT_DATABASE);
    }
    return new ServerConfig(a.option("host", "localhost"), a.intOption("port", Protocol.DEFAULT_PORT, 0),
        databases, allowCreate, a.millisOption("idle-timeout", ServerConfig.DEFAULT_IDLE_TIMEOUT_MS),
        a.intOption("max-frame", Protocol.MAX_FRAME_BYTES, 1024), users(a), tls(a));
  }

  private static UserStore users(Args a) {
    if (!a.has("users")) {
      return null;
    }
    try {
      return UserStore.load(Path.of(a.option("users", "")));
    } catch (IOException e) {
      throw new UsageException("--users: " + e.getMessage());
    }
  }

  private static ServerConfig.TlsFiles tls(Args a) {
    if (!a.has("tls-cert") && !a.has("tls-key")) {
      if (a.has("tls-client-ca")) {
        throw new UsageException("--tls-client-ca needs --tls-cert and --tls-key");
      }
      return null;
    }
    if (!a.has("tls-cert") || !a.has("tls-key")) {
      throw new UsageException("TLS needs both --tls-cert FILE and --tls-key FILE (PEM)");
    }
    return new ServerConfig.TlsFiles(new File(a.option("tls-cert", "")), new File(a.option("tls-key", "")),
        a.has("tls-client-ca") ? new File(a.option("tls-client-ca", "")) : null);
  }

  /** {@code morph user NAME}: reads a password from the console or stdin, prints the users-file line. */
  static int user(List<String> args, PrintStream out) throws IOException {
    if (args.size() != 1 || args.get(0).startsWith("-") || args.get(0).contains(":")) {
      throw new UsageException("user needs one NAME (no ':'), e.g. morph user alice >> users.txt");
    }
    String password;
    if (System.console() != null) {
      char[] typed = System.console().readPassword("Password for %s: ", args.get(0));
      password = typed == null ? null : new String(typed);
    } else {
      password = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8))
          .readLine();
    }
    if (password == null || password.isEmpty()) {
      throw new UsageException("no password given");
    }
    out.println(args.get(0) + ":" + UserStore.verifier(password));
    return 0;
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
