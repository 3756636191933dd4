package org.morphdb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.morphdb.slt.SltFailure;
import org.morphdb.slt.SltFileResult;
import org.morphdb.slt.SltRunner;
import org.morphdb.slt.SltSource;
import org.morphdb.slt.SltTarget;

/**
 * {@code morph slt [--url URL] [--failures N] [--file-timeout T] PATH...}: runs sqllogictest
 * files; with {@code --report}, {@link SltReportCommand}.
 */
final class SltCommand {
  static final String DEFAULT_URL = "jdbc:morph:mem:" + SltTarget.DB_PLACEHOLDER;
  private static final Set<String> REPORT_ONLY = Set.of("sample", "engines", "out", "skips");

  private SltCommand() {
  }

  static int run(List<String> args, PrintStream out) throws IOException {
    Set<String> valued = new java.util.HashSet<>(REPORT_ONLY);
    valued.addAll(Set.of("url", "failures", "file-timeout"));
    Args a = Args.parse(args, valued, Set.of("report"));
    if (a.flag("report")) {
      return SltReportCommand.run(a, out);
    }
    for (String option : REPORT_ONLY) {
      if (a.has(option)) {
        throw new UsageException("--" + option + " goes with --report");
      }
    }
    if (a.positional().isEmpty()) {
      throw new UsageException("slt needs at least one file, directory or corpus:NAME");
    }
    int failuresShown = a.intOption("failures", 3, 0);
    long timeLimit = a.millisOption("file-timeout", 0);
    SltTarget target;
    List<SltSource> sources = new ArrayList<>();
    try {
      target = SltTarget.url(a.option("url", DEFAULT_URL));
      for (String p : a.positional()) {
        sources.addAll(SltSource.resolve(p));
      }
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new UsageException(e.getMessage());
    }
    out.println("Running " + plural(sources.size(), "file") + " on " + target);
    long start = System.nanoTime();
    List<SltFileResult> results = new SltRunner(target, failuresShown)
        .withTimeLimit(timeLimit).runAll(sources, r -> print(r, out));
    return printTotal(results, (System.nanoTime() - start) / 1_000_000, out) ? 0 : 1;
  }

  private static void print(SltFileResult r, PrintStream out) {
    out.println(r.summary());
    for (SltFailure f : r.failures()) {
      out.println("  " + f.toString().replace("\n", "\n    "));
    }
    if (r.failed() > r.failures().size()) {
      out.println("  ... " + (r.failed() - r.failures().size()) + " more failures");
    }
    out.flush();
  }

  /** Prints the totals; true when everything passed. */
  private static boolean printTotal(List<SltFileResult> results, long millis, PrintStream out) {
    long passed = 0;
    long failed = 0;
    long skipped = 0;
    int badFiles = 0;
    int errors = 0;
    int timedOut = 0;
    for (SltFileResult r : results) {
      timedOut += r.timedOut() ? 1 : 0;
      passed += r.passed();
      failed += r.failed();
      skipped += r.skipped();
      badFiles += r.ok() ? 0 : 1;
      errors += r.error() == null ? 0 : 1;
    }
    String rate = passed + failed == 0 ? "no records run" : String.format(Locale.ROOT,
        "%.2f %% of run records passed", 100.0 * passed / (passed + failed));
    out.printf(Locale.ROOT, "Total: %s, %d failed%s; records: %d passed, %d failed, %d skipped "
            + "(%s) in %.1f s%n",
        plural(results.size(), "file"), badFiles,
        (errors == 0 ? "" : " (" + errors + " could not run)")
            + (timedOut == 0 ? "" : " (" + timedOut + " timed out)"),
        passed, failed, skipped, rate,
        millis / 1000.0);
    return badFiles == 0;
  }

  private static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
