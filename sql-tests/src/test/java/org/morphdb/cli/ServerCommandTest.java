package org.morphdb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.morphdb.server.MorphServer;
import org.morphdb.server.ServerConfig;

/** {@code morph server}: its options, what it prints, and a client and the shell reaching it. */
class ServerCommandTest {
  @Test
  void theServerListensOnLocalhostAndHostsTheNamedDatabases() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String dbUrl = "jdbc:morph:mem:cli_sales_" + System.nanoTime();
    try (MorphServer server = ServerCommand.start(List.of("--port", "0", "--db", "sales=" + dbUrl),
        new PrintStream(out, true, StandardCharsets.UTF_8))) {
      String printed = out.toString(StandardCharsets.UTF_8);
      Matcher m = Pattern.compile("jdbc:morph://localhost:(\\d+)/sales").matcher(printed);
      assertTrue(m.find(), printed);
      assertTrue(printed.contains("other database names are refused"), printed);
      assertEquals("127.0.0.1", server.hostAddress());
      String url = "jdbc:morph://localhost:" + m.group(1) + "/sales";
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
        s.execute("INSERT INTO t VALUES (42)");
      }
      assertEquals("08001", assertThrows(SQLException.class,
          () -> DriverManager.getConnection("jdbc:morph://localhost:" + m.group(1) + "/other")).getSQLState());
      // the shell's URL: positional or --url, and our driver for it
      List<String> shellArgs = new java.util.ArrayList<>(List.of("--url", url, "-e", "SELECT 1"));
      assertEquals(url, ShellCommand.takeUrl(shellArgs));
      assertEquals(List.of("-e", "SELECT 1"), shellArgs);
      assertTrue(ShellCommand.sqllineArgs(url, shellArgs, true).containsAll(List.of("-u", url, "-d", ShellCommand.MORPH_DRIVER)));
    }
  }

  @Test
  void optionsBecomeTheServerConfig() {
    ServerConfig c = ServerCommand.config(List.of("--host", "0.0.0.0", "--port", "7000", "--db", "a=jdbc:morph:mem:a",
        "--db=b=jdbc:morph:mem:b;nodes=2", "--allow-create", "--idle-timeout", "30s", "--max-frame", "2048"));
    assertEquals("0.0.0.0", c.host());
    assertEquals(7000, c.port());
    assertEquals("jdbc:morph:mem:b;nodes=2", c.databases().get("b"));
    assertEquals(2, c.databases().size());
    assertTrue(c.allowCreate());
    assertEquals(30_000, c.idleTimeoutMs());
    assertEquals(2048, c.maxFrameBytes());
    ServerConfig defaults = ServerCommand.config(List.of());
    assertEquals("localhost", defaults.host());
    assertFalse(defaults.allowCreate());
    assertEquals(List.of("main"), List.copyOf(defaults.databases().keySet()));
    assertThrows(UsageException.class, () -> ServerCommand.config(List.of("--db", "nourl")));
    assertThrows(UsageException.class, () -> ServerCommand.config(List.of("--users", "f")));
  }

  @Test
  void aBadDatabaseUrlIsAUsageErrorNotAStackTrace() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(new String[] {"server", "--port", "0", "--db", "x=jdbc:morph:mem:x;nodes=banana"},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, code);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("nodes"), err.toString(StandardCharsets.UTF_8));
  }


  @Test
  void sigtermStopsTheServerProcessCleanly() throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "server", "--port", "0", "--allow-create").redirectErrorStream(true).start();
    try {
      java.io.BufferedReader lines = new java.io.BufferedReader(
          new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      String first = lines.readLine();
      Matcher m = Pattern.compile("listening on localhost:(\\d+)").matcher(String.valueOf(first));
      assertTrue(m.find(), first);
      Connection c = DriverManager.getConnection("jdbc:morph://localhost:" + m.group(1) + "/sig");
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
        s.execute("INSERT INTO t VALUES (1)");
      }
      p.toHandle().destroy(); // SIGTERM (Process.destroy would also close our end of its output)
      String rest = lines.lines().collect(java.util.stream.Collectors.joining("\n")); // up to its exit
      assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the server exits");
      assertTrue(rest.contains("morph server: stopped"), rest);
      String state = assertThrows(SQLException.class, c::commit).getSQLState();
      assertTrue(state.equals("08006") || state.equals("08007"), state);
    } finally {
      p.destroyForcibly();
    }
  }
}
