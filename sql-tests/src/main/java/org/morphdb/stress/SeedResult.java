package org.morphdb.stress;

import java.util.List;
import java.util.Map;

/**
 * What one seed did and found.
 *
 * @param seed             the seed (replays the same workload)
 * @param millis           wall time of the seed
 * @param anomalyCount     checker findings: CHECK TABLE problems, index ≠ scan, table ≠ model,
 *                         a writer reading back something it did not commit
 * @param anomalies        the first few of them, described
 * @param unexpectedCount  exceptions no rule explains (and jobs that failed or succeeded
 *                         against the rules)
 * @param unexpected       the first few of them, described
 * @param counters         commits, retries by SQLState/vendor code, refused writes, jobs, checks
 * @param jobs             every DDL job of the seed with its outcome, in order
 * @param replay           the command line that runs this seed again
 */
public record SeedResult(long seed, long millis, int anomalyCount, List<String> anomalies, int unexpectedCount,
    List<String> unexpected, Map<String, Long> counters, List<String> jobs, String replay) {

  public boolean clean() {
    return anomalyCount == 0 && unexpectedCount == 0;
  }

  public long counter(String name) {
    return counters.getOrDefault(name, 0L);
  }

  /** Sum of the counters whose name starts with {@code prefix}. */
  public long sum(String prefix) {
    return counters.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).mapToLong(Map.Entry::getValue).sum();
  }

  /** One line, then the findings indented. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    b.append("seed ").append(seed).append(": ")
        .append(clean() ? "clean" : (anomalyCount > 0 ? anomalyCount + " ANOMALIES" : "")
            + (anomalyCount > 0 && unexpectedCount > 0 ? ", " : "")
            + (unexpectedCount > 0 ? unexpectedCount + " UNEXPECTED ERRORS" : ""))
        .append(" — ").append(jobs.size()).append(" jobs (").append(sum("ddl.done")).append(" done, ")
        .append(sum("ddl.failed-as-allowed")).append(" failed as the rules allow), ")
        .append(counter("commits")).append(" commits (").append(counter("commits.multi-statement"))
        .append(" multi-statement) + ").append(counter("commits.family")).append(" on the parent/child pair, ")
        .append(counter("read-backs")).append(" read-backs, retries ")
        .append(retries()).append(", refused writes ").append(refused()).append(", ")
        .append(counter("checks.index-queries")).append(" index queries checked (")
        .append(counter("checks.index-queries.through-an-index")).append(" through an index), ")
        .append(millis).append(" ms (jobs ").append(counter("millis.ddl")).append(" ms, checks ")
        .append(counter("millis.checks")).append(" ms, setup ").append(counter("millis.setup"))
        .append(" ms, stopping ").append(counter("millis.stop")).append(" ms, final checks ")
        .append(counter("millis.final")).append(" ms)");
    if (counter("found.fk-orphans") > 0) {
      b.append("; FOREIGN KEY orphans found by ").append(counter("found.fk-orphans")).append(" check(s)");
    }
    for (String a : anomalies) {
      b.append("\n    anomaly: ").append(a);
    }
    for (String u : unexpected) {
      b.append("\n    unexpected: ").append(u);
    }
    if (!clean()) {
      b.append("\n    replay: ").append(replay);
    }
    return b.toString();
  }

  private String retries() {
    StringBuilder b = new StringBuilder("{");
    counters.forEach((k, v) -> {
      if (k.startsWith("retry.") || k.startsWith("gave-up.")) {
        b.append(b.length() > 1 ? ", " : "").append(k.substring(k.indexOf('.') + 1))
            .append(k.startsWith("gave-up.") ? " gave up" : "").append(": ").append(v);
      }
    });
    return b.append('}').toString();
  }

  private String refused() {
    StringBuilder b = new StringBuilder("{");
    counters.forEach((k, v) -> {
      if (k.startsWith("rejected.")) {
        b.append(b.length() > 1 ? ", " : "").append(k.substring("rejected.".length())).append(": ").append(v);
      }
    });
    return b.append('}').toString();
  }
}
