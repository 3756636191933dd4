package org.morphdb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.morphdb.bench.BenchConfig;
import org.morphdb.bench.BenchReport;
import org.morphdb.bench.BenchResults;
import org.morphdb.bench.BenchRunner;

/**
 * {@code morph bench [--quick] [--rows N] [--profile] [--doc FILE | --no-doc]}: MorphDB
 * against H2 and HSQLDB, in this JVM, same JDBC code; prints a table and refreshes the
 * generated part of docs/benchmarks.md (a full run only, unless {@code --doc} names a file).
 */
final class BenchCommand {
  static final int FULL_ROWS = 1_000_000;
  static final int QUICK_ROWS = 10_000;

  private BenchCommand() {
  }

  /** {@code --durable}: file databases side by side (see {@link org.morphdb.bench.DurableBench}). */
  private static int durable(boolean quick, int rows, PrintStream out) {
    out.printf("MorphDB durable bench%s: file databases, %,d rows bulk-loaded%n", quick ? " (quick)" : "", rows);
    try {
      new org.morphdb.bench.DurableBench(rows, quick ? 1.0 : 5.0, quick ? 2 : 10, out).run();
      return 0;
    } catch (Exception e) {
      out.println("bench failed: " + e);
      e.printStackTrace(out);
      return 1;
    }
  }

  static int run(List<String> args, PrintStream out) {
    Args a = Args.parse(args, Set.of("rows", "doc", "jfr"), Set.of("quick", "profile", "no-doc", "durable"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("bench takes no arguments besides its options, not '"
          + a.positional().get(0) + "'");
    }
    boolean quick = a.flag("quick");
    if (a.flag("durable")) {
      return durable(quick, a.intOption("rows", quick ? QUICK_ROWS : FULL_ROWS, 1000), out);
    }
    int rows = a.intOption("rows", quick ? QUICK_ROWS : FULL_ROWS, 1000);
    BenchConfig config = quick ? BenchConfig.quick(rows, a.flag("profile"))
        : BenchConfig.full(rows, a.flag("profile"));
    String docOption = a.option("doc", null);
    Path doc = a.flag("no-doc") ? null : docOption != null ? Path.of(docOption)
        : quick ? null : projectRoot().resolve("docs/benchmarks.md");
    Path jfr = Path.of(a.option("jfr", System.getProperty("java.io.tmpdir") + "/morph-bench-jfr"));
    out.printf("MorphDB bench%s: %,d rows in the big table, %s s warm-up + %s s measured per "
            + "figure%s%n", quick ? " (quick smoke run)" : "", config.bigRows(),
        config.warmupSeconds(), config.measureSeconds(),
        config.profile() ? "; MorphDB's runs recorded with JFR in " + jfr : "");
    try {
      BenchResults results = new BenchRunner(config, out, jfr).run();
      BenchReport report = new BenchReport(results);
      report.print(out);
      if (doc != null) {
        report.writeDoc(doc, command(args), build(), quick);
        out.println("Results written to " + doc.toAbsolutePath().normalize());
      }
      return 0;
    } catch (Exception e) {
      out.println("bench failed: " + e);
      e.printStackTrace(out);
      return 1;
    }
  }

  /** The command line that reproduces the run, with the JVM options the launcher was given. */
  private static String command(List<String> args) {
    String opts = System.getenv("MORPH_JAVA_OPTS");
    return (opts == null || opts.isBlank() ? "" : "MORPH_JAVA_OPTS='" + opts + "' ")
        + "./morph bench" + (args.isEmpty() ? "" : " " + String.join(" ", args));
  }

  /** {@code git describe --always --dirty} of the checkout, or "unknown". */
  private static String build() {
    try {
      Process git = new ProcessBuilder("git", "-C", projectRoot().toString(), "describe",
          "--always", "--dirty").redirectErrorStream(true).start();
      String out = new String(git.getInputStream().readAllBytes()).strip();
      return git.waitFor() == 0 && !out.isEmpty() ? "commit " + out : "unknown (no git)";
    } catch (IOException | RuntimeException e) {
      return "unknown (no git)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  /** The checkout this CLI was built from (sql-tests/target/classes → ../../..), or the cwd. */
  static Path projectRoot() {
    try {
      Path classes = Path.of(BenchCommand.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI());
      Path root = classes.getParent() == null ? null : classes.getParent().getParent();
      root = root == null ? null : root.getParent();
      if (root != null && Files.isRegularFile(root.resolve("morph"))) {
        return root;
      }
    } catch (URISyntaxException | RuntimeException e) {
      // fall back to the working directory
    }
    return Path.of("").toAbsolutePath();
  }
}
