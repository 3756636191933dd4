package org.morphdb.fuzz;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** What a fuzz run saw: statements by outcome, failures (with the first examples) and checks. */
public final class FuzzStats {
  /** Failure descriptions kept; every failure is counted. */
  static final int FAILURES_KEPT = 20;
  private static final int SQL_CHARS = 300;
  private static final Map<String, String> CLASSES = Map.ofEntries(
      Map.entry("0A", "feature not supported"), Map.entry("08", "connection exception"),
      Map.entry("21", "cardinality violation"), Map.entry("22", "data exception"),
      Map.entry("23", "integrity constraint violation"),
      Map.entry("25", "invalid transaction state"), Map.entry("2B", "dependent objects exist"),
      Map.entry("40", "transaction rollback"), Map.entry("42", "syntax error or access rule"),
      Map.entry("54", "program limit exceeded"), Map.entry("57", "operator intervention"),
      Map.entry("HY", "driver (CLI-specific condition)"), Map.entry("MR", "MorphDB-specific"),
      Map.entry("XX", "internal error"));

  private int run;
  private int ok;
  private final Map<String, Integer> byClass = new TreeMap<>();
  private final List<String> internalExamples = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private int failureCount;
  private String checks = "not run";

  void countOk() {
    run++;
    ok++;
  }

  /** A statement that failed cleanly with a SQLState. */
  void sqlException(SQLException e, String sql) {
    run++;
    String state = e.getSQLState();
    byClass.merge(state.length() >= 2 ? state.substring(0, 2) : state, 1, Integer::sum);
    if (state.startsWith("XX") && internalExamples.size() < 5) {
      internalExamples.add(state + " " + e.getMessage() + "\n      " + shorten(sql));
    }
  }

  /** A statement that did something it must not: {@code what} says what. */
  void failure(int number, String what, String sql) {
    run += number > 0 ? 1 : 0;
    failureCount++;
    if (failures.size() < FAILURES_KEPT) {
      failures.add((number > 0 ? "#" + number + " " : "") + what
          + (sql == null ? "" : "\n      " + shorten(sql)));
    }
  }

  void checks(String outcome) {
    checks = outcome;
  }

  /** Statements run. */
  public int run() {
    return run;
  }

  public int ok() {
    return ok;
  }

  /** Statements that failed with an SQLException, by the first two characters of the SQLState. */
  public Map<String, Integer> byClass() {
    return Map.copyOf(byClass);
  }

  public int failureCount() {
    return failureCount;
  }

  /** The first failures, described. */
  public List<String> failures() {
    return List.copyOf(failures);
  }

  /** No failure, in the statements or in the checks afterwards. */
  public boolean passed() {
    return failureCount == 0;
  }

  /** The summary printed at the end. */
  public String summary(FuzzConfig c, long millis) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "fuzz: %d statements in %.1f s on %s (seed %d)%n", run, millis / 1000.0, c.url(),
        c.seed()));
    b.append(String.format(Locale.ROOT, "  %-52s %8d%n", "ok", ok));
    for (Map.Entry<String, Integer> e : byClass.entrySet()) {
      String name = "SQLException " + e.getKey() + "xxx (" + CLASSES.getOrDefault(e.getKey(),
          "other") + ")";
      b.append(String.format(Locale.ROOT, "  %-52s %8d%n", name, e.getValue()));
    }
    b.append(String.format(Locale.ROOT, "  %-52s %8d%n", "failures", failureCount));
    for (String f : failures) {
      b.append("    ").append(f).append('\n');
    }
    if (failureCount > failures.size()) {
      b.append("    ... ").append(failureCount - failures.size()).append(" more\n");
    }
    if (!internalExamples.isEmpty()) {
      b.append("  internal errors (clean SQLExceptions, but engine bugs to look at):\n");
      internalExamples.forEach(x -> b.append("    ").append(x).append('\n'));
    }
    b.append("  afterwards: ").append(checks).append('\n');
    String url = c.url().equals(FuzzConfig.defaultUrl(c.seed())) ? "" : " --url " + c.url();
    b.append(passed() ? "PASSED" : "FAILED").append(" (rerun: ./morph fuzz --seed ")
        .append(c.seed()).append(" --count ").append(c.count()).append(url).append(")\n");
    return b.toString();
  }

  static String shorten(String sql) {
    String one = sql.replaceAll("\\s+", " ");
    return one.length() <= SQL_CHARS ? one
        : one.substring(0, SQL_CHARS) + "... (" + one.length() + " chars)";
  }
}
