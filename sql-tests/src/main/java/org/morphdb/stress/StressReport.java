package org.morphdb.stress;

import java.util.List;

/**
 * The outcome of a stress run: one result per seed. In the safe mode a run passes when no
 * seed found anything; in an unsafe mode the interesting number is how many seeds found an
 * anomaly (the checkers work when it is above zero).
 */
public record StressReport(StressConfig config, List<SeedResult> seeds, long millis) {

  public int seedsRun() { return seeds.size(); }

  public int seedsWithAnomalies() {
    return (int) seeds.stream().filter(s -> s.anomalyCount() > 0).count();
  }

  /** Seeds whose checks found a child without its parent under a VALID key. */
  public int seedsWithForeignKeyOrphans() {
    return (int) seeds.stream().filter(s -> s.counter("found.fk-orphans") > 0).count();
  }

  public int seedsWithUnexpectedErrors() {
    return (int) seeds.stream().filter(s -> s.unexpectedCount() > 0).count();
  }

  public List<SeedResult> failedSeeds() {
    return seeds.stream().filter(s -> !s.clean()).toList();
  }

  /** Safe mode: every seed clean. Unsafe modes always "pass": read {@link #seedsWithAnomalies()}. */
  public boolean passed() {
    return config.unsafe() != null || failedSeeds().isEmpty();
  }

  public long total(String counterPrefix) {
    return seeds.stream().mapToLong(s -> s.sum(counterPrefix)).sum();
  }

  public String summary() {
    String mode = config.unsafe() == null ? "safe" : "unsafe=" + config.unsafe();
    StringBuilder b = new StringBuilder();
    b.append("stress (").append(mode).append(", nodes=").append(config.nodes()).append(", delay=")
        .append(config.delayMillis()).append(" ms, lag=").append(config.lagMillis()).append(" ms, ")
        .append(config.writersPerNode()).append(" writers per node): ").append(seedsRun()).append(" seeds, ")
        .append(seedsWithAnomalies()).append(" with anomalies, ").append(seedsWithUnexpectedErrors())
        .append(" with unexpected errors; ").append(total("ddl.")).append(" jobs, ")
        .append(total("commits") - total("commits.multi-statement")).append(" commits, ")
        .append(total("retry.")).append(" retries, ").append(total("checks.index-queries")
            - total("checks.index-queries.through-an-index"))
        .append(" + ").append(total("checks.index-queries.through-an-index"))
        .append(" index queries (plain + through an index), ").append(millis / 1000.0).append(" s");
    if (config.unsafe() != null) {
      b.append("\n").append(seedsWithAnomalies()).append(" of ").append(seedsRun())
          .append(" seeds found anomalies with the safety off")
          .append("; ").append(seedsWithForeignKeyOrphans()).append(" found FOREIGN KEY orphans");
    } else {
      b.append(failedSeeds().isEmpty() ? "\nPASSED" : "\nFAILED: seeds " + failedSeeds().stream()
          .map(s -> String.valueOf(s.seed())).toList());
    }
    return b.toString();
  }
}
