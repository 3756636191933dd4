package org.morphdb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** The {@code morph} command line: {@code shell}, {@code slt} and {@code demo}. */
public final class Main {
  static final String USAGE = """
      Usage: morph <command> [options]

      Commands:
        shell [URL] [SQLLINE-OPTIONS...]
            Interactive SQL shell (sqlline) on URL, default jdbc:morph:mem:shell.
            Further options go to sqlline, e.g. -e "SELECT 1" runs one command and exits;
            type !help in the shell for its commands, !quit to leave.

        slt [--url URL] [--failures N] PATH...
            Run sqllogictest files and print passed / failed / skipped records per file and
            in total. PATH is a .test file, a directory (every *.test below it), or
            corpus:NAME for the SQLite corpus on the classpath: corpus:select1.test,
            corpus:evidence, corpus:index/between/10, or corpus: for all 622 files.
            --url URL     JDBC URL of the databases, a fresh one per file: {db} is replaced
                          by its name, a URL ending in ':' gets the name appended
                          (default jdbc:morph:mem:{db}; e.g. jdbc:h2:mem: to compare with H2).
                          skipif/onlyif compare with the engine named by the URL: morphdb,
                          h2, hsqldb, ...
            --failures N  failures shown per file (default 3)
            Exit code 1 when a record fails or a file cannot be run.

        demo [--rows N]
            A first look at MorphDB through plain JDBC on jdbc:morph:mem:demo: create a
            table, load N rows (default 100000) with batched inserts, CREATE INDEX, a point
            select, EXPLAIN and a range select through the index, a GROUP BY, then
            CHECK TABLE; prints what happened with timings. Exit code 1 when a result is
            wrong or CHECK TABLE reports a problem.

        --help
            This text.

      The first run of ./morph builds the project with Maven; set MORPH_JAVA_OPTS for JVM
      options (e.g. -Xmx4g).
      """;

  private Main() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command; returns the exit code (0 ok, 1 failed, 2 usage error). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.print(USAGE);
      return 2;
    }
    List<String> rest = Arrays.asList(args).subList(1, args.length);
    try {
      return switch (args[0]) {
        case "--help", "-h", "help" -> {
          out.print(USAGE);
          yield 0;
        }
        case "shell" -> ShellCommand.run(rest, err);
        case "slt" -> SltCommand.run(rest, out);
        case "demo" -> DemoCommand.run(rest, out);
        default -> throw new UsageException("unknown command '" + args[0] + "'");
      };
    } catch (UsageException e) {
      err.println("morph: " + e.getMessage());
      err.println("Run 'morph --help' for usage.");
      return 2;
    } catch (IOException e) {
      err.println("morph: " + e);
      return 1;
    }
  }
}
