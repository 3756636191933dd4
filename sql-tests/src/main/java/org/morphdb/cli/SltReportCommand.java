package org.morphdb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.morphdb.slt.SltReport;
import org.morphdb.slt.SltReportRun;
import org.morphdb.slt.SltRunner;
import org.morphdb.slt.SltSkips;
import org.morphdb.slt.SltSource;
import org.morphdb.slt.SltTally;
import org.morphdb.slt.SltTarget;

/**
 * {@code morph slt --report [--sample N] [--engines morphdb,h2,hsqldb] [--out FILE]
 * [--file-timeout T] [--skips FILE] [PATH...]}: runs the files on every engine side by side and
 * writes the markdown report.
 */
final class SltReportCommand {
  static final String DEFAULT_OUT = "docs/slt.md";
  static final String DEFAULT_SKIPS = "docs/slt-skips.md";
  static final String DEFAULT_TIME_LIMIT = "300s";
  private static final long DEFAULT_TIME_LIMIT_MILLIS = 300_000;
  static final List<String> ENGINES = List.of("morphdb", "h2", "hsqldb");

  private SltReportCommand() {
  }

  static int run(Args a, PrintStream out) throws IOException {
    if (a.has("url")) {
      throw new UsageException("--report runs the engines of --engines; --url does not go with it");
    }
    int sample = a.intOption("sample", 0, 1);
    List<String> engines = engines(a.option("engines", String.join(",", ENGINES)));
    String limitText = a.option("file-timeout", DEFAULT_TIME_LIMIT);
    long limit = a.millisOption("file-timeout", DEFAULT_TIME_LIMIT_MILLIS);
    if (limit <= 0) {
      throw new UsageException("--file-timeout must be more than 0 with --report: the run "
          + "must not hang");
    }
    Path outFile = Path.of(a.option("out", DEFAULT_OUT));
    Path parent = outFile.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new UsageException("cannot write " + outFile + ": no directory " + parent);
    }
    String skipsFile = a.option("skips", DEFAULT_SKIPS);
    SltSkips skips = engines.contains("morphdb") ? readSkips(skipsFile) : SltSkips.NONE;
    List<String> paths = a.positional().isEmpty() ? List.of(SltSource.CORPUS) : a.positional();
    List<SltSource> sources = resolve(paths);
    if (sample > 0) {
      sources = SltReportRun.sample(sources, sample);
    }
    List<SltRunner> runners = new ArrayList<>();
    for (String e : engines) {
      runners.add(new SltRunner(target(e), 1, e.equals("morphdb") ? skips : SltSkips.NONE)
          .withTimeLimit(limit));
    }
    String command = command(sample, engines, limitText, outFile.toString(), skipsFile, paths);
    String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    String machine = machine();
    out.printf(Locale.ROOT, "slt report: %d files on %s, time limit %s per file; progress per "
            + "file: engine passed/failed/skipped time%n", sources.size(),
        String.join(", ", engines), limitText);
    SltReport report = new SltReportRun(runners, out).run(sources);
    String files = sources.size() + " files: " + (sample > 0 ? "the first " + sample
        + " (in natural order) of each directory of " : "every file of ") + quoted(paths);
    Files.writeString(outFile, report.markdown(new SltReport.Setup(command, files, limitText,
        "`" + skipsFile + "` (" + skips.recordCount() + " records and " + skips.fileCount()
            + " whole files)", machine, started)));
    printTotals(report, out);
    out.println("Wrote " + outFile);
    return 0;
  }

  private static List<String> engines(String list) {
    Set<String> out = new LinkedHashSet<>();
    for (String e : list.split(",")) {
      String name = e.trim().toLowerCase(Locale.ROOT);
      if (!ENGINES.contains(name)) {
        throw new UsageException("unknown engine '" + e.trim() + "' in --engines; known: "
            + String.join(", ", ENGINES));
      }
      if (!out.add(name)) {
        throw new UsageException("engine " + name + " named twice in --engines");
      }
    }
    return List.copyOf(out);
  }

  /**
   * The engines' databases. HSQLDB gets PostgreSQL syntax (TEXT columns and the like), as the
   * sql-logic-test library's own HSQLDB executor gives it ({@code SET DATABASE SQL SYNTAX PGS
   * TRUE}); without it nearly every corpus file fails at its CREATE TABLE.
   */
  static SltTarget target(String engine) {
    return switch (engine) {
      case "morphdb" -> SltTarget.morph();
      case "h2" -> SltTarget.h2();
      case "hsqldb" -> SltTarget.url("jdbc:hsqldb:mem:" + SltTarget.DB_PLACEHOLDER
          + ";shutdown=true;hsqldb.tx=mvcc;sql.syntax_pgs=true");
      default -> throw new UsageException("unknown engine " + engine);
    };
  }

  private static SltSkips readSkips(String file) throws IOException {
    try {
      return SltSkips.read(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new UsageException("cannot read the skip list " + file + " (run from the "
          + "repository's root, or name it with --skips FILE)");
    } catch (IllegalArgumentException e) {
      throw new UsageException("bad skip list " + file + ": " + e.getMessage());
    }
  }

  private static List<SltSource> resolve(List<String> paths) throws IOException {
    List<SltSource> sources = new ArrayList<>();
    try {
      for (String p : paths) {
        sources.addAll(SltSource.resolve(p));
      }
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new UsageException(e.getMessage());
    }
    return sources;
  }

  /** The command line that makes the same run, every option spelled out. */
  static String command(int sample, List<String> engines, String limit, String out,
                        String skips, List<String> paths) {
    List<String> words = new ArrayList<>(List.of("./morph", "slt", "--report"));
    if (sample > 0) {
      words.addAll(List.of("--sample", String.valueOf(sample)));
    }
    words.addAll(List.of("--engines", String.join(",", engines), "--file-timeout", limit,
        "--out", out));
    if (!skips.equals(DEFAULT_SKIPS)) {
      words.addAll(List.of("--skips", skips));
    }
    words.addAll(paths);
    return String.join(" ", words.stream().map(SltReportCommand::shellWord).toList());
  }

  private static String shellWord(String w) {
    return w.matches("[A-Za-z0-9_./:,=@%+-]+") ? w : "'" + w.replace("'", "'\\''") + "'";
  }

  private static String quoted(List<String> paths) {
    return String.join(", ", paths.stream().map(p -> "`" + p + "`").toList());
  }

  static String machine() {
    Runtime rt = Runtime.getRuntime();
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return String.format(Locale.ROOT, "%d cores, Java %s (%s %s), %s %s, max heap %.1f GB%s",
        rt.availableProcessors(), System.getProperty("java.version"),
        System.getProperty("java.vm.vendor"), System.getProperty("java.vm.name"),
        System.getProperty("os.name"), System.getProperty("os.arch"),
        rt.maxMemory() / (double) (1L << 30),
        load < 0 ? "" : String.format(Locale.ROOT, ", load average %.1f at the start", load));
  }

  private static void printTotals(SltReport report, PrintStream out) {
    for (SltReport.Engine e : report.engines()) {
      SltTally t = report.total(e.name());
      out.printf(Locale.ROOT, "%s: %d passed, %d failed, %d skipped, %d not run, %d timed out "
              + "in %.1f s (%.1f records/s)%n", e.label(), t.passed(), t.failed(), t.skipped(),
          t.notRun(), t.timedOut(), t.millis() / 1000.0, t.recordsPerSecond());
    }
    boolean both = report.engines().stream().anyMatch(e -> e.name().equals("morphdb"))
        && report.engines().stream().anyMatch(e -> e.name().equals("h2"));
    if (both) {
      out.printf(Locale.ROOT, "MorphDB / H2 records per second: %.2f%n",
          report.morphToH2(report.total("morphdb"), report.total("h2")));
    }
  }
}
