package org.morphdb.slt;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs sqllogictest files on several engines side by side, file by file (every engine runs a
 * file before the next file starts, so that a noisy machine hurts them alike), prints one
 * progress line per file and collects an {@link SltReport}.
 */
public final class SltReportRun {
  private final List<SltRunner> runners;
  private final PrintStream progress;

  /** {@code runners}: one per engine, in the report's order; progress goes to {@code progress}. */
  public SltReportRun(List<SltRunner> runners, PrintStream progress) {
    if (runners.isEmpty()) {
      throw new IllegalArgumentException("no engine to run");
    }
    this.runners = List.copyOf(runners);
    this.progress = progress;
  }

  /** Runs every source on every engine. */
  public SltReport run(List<SltSource> sources) {
    List<SltReport.Engine> engines = new ArrayList<>();
    for (SltRunner r : runners) {
      engines.add(new SltReport.Engine(r.target().engine(), describe(r.target())));
    }
    SltReport report = new SltReport(engines);
    int n = 0;
    for (SltSource source : sources) {
      n++;
      progress.printf(Locale.ROOT, "[%d/%d] %s:", n, sources.size(), source.name());
      progress.flush();
      SltScript script = null;
      String unreadable = null;
      try {
        script = source.parse();
      } catch (SltParseException e) {
        unreadable = e.getMessage();
      } catch (IOException e) {
        unreadable = "cannot read: " + e;
      }
      for (SltRunner runner : runners) {
        SltFileResult r = script == null ? SltFileResult.error(source.name(), unreadable)
            : runner.run(script);
        report.add(directoryOf(source.name()), runner.target().engine(), r);
        progress.print("  " + brief(runner.target().engine(), r));
        progress.flush();
      }
      progress.println();
    }
    return report;
  }

  /** {@code h2 1031/0/0 1.2s}, with TIMEOUT or ERROR in front when so. */
  static String brief(String engine, SltFileResult r) {
    String mark = r.timedOut() ? " TIMEOUT" : r.error() != null ? " ERROR" : "";
    return engine + mark + " " + r.passed() + "/" + r.failed() + "/" + r.skipped() + " "
        + SltReport.seconds(r.millis()) + "s";
  }

  /** Product, version and URL of an engine, read from a throwaway database of it. */
  static String describe(SltTarget target) {
    String url = target.description();
    try (Connection c = target.newDatabase().connect()) {
      if (c == null) {
        return "no JDBC driver for `" + url + "`";
      }
      DatabaseMetaData md = c.getMetaData();
      return md.getDatabaseProductName() + " " + md.getDatabaseProductVersion() + ", `" + url
          + "`";
    } catch (SQLException | RuntimeException e) {
      return "`" + url + "` (cannot connect: " + e.getMessage() + ")";
    }
  }

  /**
   * The directory a file is counted under: its path without the file name (and without
   * {@code corpus:}), {@code (top level)} for the corpus's {@code select*.test}.
   */
  public static String directoryOf(String name) {
    String path = name.startsWith(SltSource.CORPUS) ? name.substring(SltSource.CORPUS.length())
        : name.replace('\\', '/');
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "(top level)" : path.substring(0, slash);
  }

  /**
   * The first {@code perDirectory} files of each directory, in natural order of their names
   * ({@code slt_good_2} before {@code slt_good_10}); directories keep their order.
   */
  public static List<SltSource> sample(List<SltSource> sources, int perDirectory) {
    Map<String, List<SltSource>> byDirectory = new LinkedHashMap<>();
    for (SltSource s : sources) {
      byDirectory.computeIfAbsent(directoryOf(s.name()), d -> new ArrayList<>()).add(s);
    }
    List<SltSource> out = new ArrayList<>();
    for (List<SltSource> files : byDirectory.values()) {
      files.sort(Comparator.comparing(SltSource::name, SltReportRun::compareNatural));
      out.addAll(files.subList(0, Math.min(perDirectory, files.size())));
    }
    return out;
  }

  /** Compares names with runs of digits as numbers. */
  static int compareNatural(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char ca = a.charAt(i);
      char cb = b.charAt(j);
      if (Character.isDigit(ca) && Character.isDigit(cb)) {
        int ei = digitsEnd(a, i);
        int ej = digitsEnd(b, j);
        String na = a.substring(i, ei).replaceFirst("^0+(?=.)", "");
        String nb = b.substring(j, ej).replaceFirst("^0+(?=.)", "");
        int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length())
            : na.compareTo(nb);
        if (c != 0) {
          return c;
        }
        i = ei;
        j = ej;
      } else {
        if (ca != cb) {
          return Character.compare(ca, cb);
        }
        i++;
        j++;
      }
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static int digitsEnd(String s, int from) {
    int k = from;
    while (k < s.length() && Character.isDigit(s.charAt(k))) {
      k++;
    }
    return k;
  }
}
