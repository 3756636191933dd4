package org.morphdb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import sqlline.SqlLine;

/** {@code morph shell [URL | --url URL] [SQLLINE-OPTIONS...]}: sqlline connected to a database. */
final class ShellCommand {
  static final String DEFAULT_URL = "jdbc:morph:mem:shell";
  static final String MORPH_DRIVER = "org.morphdb.jdbc.MorphDriver";
  /** Result width when output is not a terminal (sqlline would use 0 and show no columns). */
  private static final String PIPE_WIDTH = "200";

  private ShellCommand() {
  }

  static int run(List<String> args, PrintStream err) throws IOException {
    List<String> rest = new ArrayList<>(args);
    String url = takeUrl(rest);
    if (url.startsWith("jdbc:morph:") && !driverPresent()) {
      err.println("morph: the MorphDB JDBC driver (" + MORPH_DRIVER + ") is not on the classpath;"
          + " build the jdbc-driver module (mvn -DskipTests install)");
      return 1;
    }
    boolean terminal = System.console() != null;
    if (!terminal) {
      // piped input or output: no system terminal, so no warning about falling back to one
      System.setProperty("org.jline.terminal.dumb", "true");
    }
    String[] sqlline = sqllineArgs(url, rest, terminal).toArray(String[]::new);
    return SqlLine.start(sqlline, null, terminal) == SqlLine.Status.OK ? 0 : 1;
  }

  /** Removes the URL from the front of {@code rest}: {@code URL}, {@code --url URL} or {@code --url=URL}. */
  static String takeUrl(List<String> rest) {
    if (rest.size() >= 2 && rest.get(0).equals("--url")) {
      rest.remove(0);
      return rest.remove(0);
    }
    if (!rest.isEmpty() && rest.get(0).startsWith("--url=")) {
      return rest.remove(0).substring("--url=".length());
    }
    return !rest.isEmpty() && !rest.get(0).startsWith("-") ? rest.remove(0) : DEFAULT_URL;
  }

  /** sqlline's arguments: the URL, empty credentials, our driver class for our URLs. */
  static List<String> sqllineArgs(String url, List<String> extra, boolean terminal) {
    List<String> args = new ArrayList<>(List.of("-u", url, "-n", "", "-p", ""));
    if (url.startsWith("jdbc:morph:")) {
      // sqlline asks for REPEATABLE READ by default; MorphDB's read-write transactions are
      // serializable
      args.addAll(List.of("-d", MORPH_DRIVER, "--isolation=TRANSACTION_SERIALIZABLE"));
    }
    if (!terminal && extra.stream().noneMatch(a -> a.startsWith("--maxWidth"))) {
      args.add("--maxWidth=" + PIPE_WIDTH);
    }
    args.addAll(extra);
    return args;
  }

  private static boolean driverPresent() {
    try {
      Class.forName(MORPH_DRIVER, false, ShellCommand.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
