package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.stress.SeedResult;
import org.morphdb.stress.StressConfig;
import org.morphdb.stress.StressReport;
import org.morphdb.stress.StressRunner;

/**
 * The randomized stress of {@link org.morphdb.stress} for a bounded number of seeds: in the
 * safe mode it must find nothing; with unsafe=stale-cache and a lag far above the delay it
 * must find at least one anomaly (which shows the checkers work). {@code ./morph stress}
 * runs the same harness for longer.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class StressTest {

  @Test
  void safeEngineStressFindsNothing() {
    StressConfig config = StressConfig.defaults().withSeeds(3).withMillisPerSeed(6_000).withWorkload(3, 60);
    StressReport report = StressRunner.run(config);
    assertTrue(report.failedSeeds().isEmpty(), () -> "failed seeds:\n" + report.failedSeeds().stream()
        .map(SeedResult::describe).collect(Collectors.joining("\n")));
    assertTrue(report.total("ddl.") > 10, () -> "the DDL loop ran jobs: " + report.summary());
    assertTrue(report.total("commits") > 100, () -> "the writers committed: " + report.summary());
    assertTrue(report.total("checks.index-queries.through-an-index") > 0,
        () -> "index queries went through indexes: " + report.summary());
  }

  @Test
  void staleCacheStressFindsAnomalies() {
    StressConfig config = StressConfig.defaults().withUnsafe("stale-cache").withSeeds(4).withMillisPerSeed(4_000)
        .withWorkload(3, 60).withFirstSeed(1_001);
    StressReport report = StressRunner.run(config);
    assertTrue(report.seedsWithAnomalies() >= 1, () -> "no seed found an anomaly with the safety off:\n"
        + report.seeds().stream().map(SeedResult::describe).collect(Collectors.joining("\n")));
  }
}
