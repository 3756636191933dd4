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
    assertTrue(report.total("fk-jobs.added") > 0, () -> "the DDL loop added the FOREIGN KEY: " + report.summary());
    assertTrue(report.total("commits.family") > 100, () -> "the parent/child pair was written: " + report.summary());
  }

  /**
   * unsafe=skip-states, where ADD FOREIGN KEY validates at the job's start snapshot and goes
   * straight to VALID: writes that orphan a child between that snapshot and VALID are never
   * checked, and the checks must find the orphans (each seed keeps going past its first
   * anomaly, since the naive CREATE INDEX corrupts indexes too).
   */
  @Test
  void skipStatesStressFindsForeignKeyOrphans() {
    StressConfig config = StressConfig.defaults().withUnsafe("skip-states").withSeeds(4).withMillisPerSeed(5_000)
        .withWorkload(3, 60).withFirstSeed(2_001).withStopSeedOnAnomaly(false);
    StressReport report = StressRunner.run(config);
    assertTrue(report.seedsWithForeignKeyOrphans() >= 1,
        () -> "no seed found a FOREIGN KEY orphan with the naive add:\n"
        + report.seeds().stream().map(SeedResult::describe).collect(Collectors.joining("\n")));
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
