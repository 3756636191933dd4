package org.morphdb.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.slt.SltSource;

/**
 * Seeded fuzzing with mutated statements against MorphDB with data in it ({@link FuzzRunner}):
 * every failure must be an SQLException with a SQLState; no other throwable, no hang, no dead
 * connection; afterwards CHECK TABLE is clean and the connection answers correctly. 10⁴
 * statements per run ({@code -Dfuzz.count}, {@code -Dfuzz.seed} to change). The negative
 * controls run the same runner on a driver that misbehaves on purpose
 * ({@link MisbehavingDriver}), so the checks are known to catch what they look for.
 */
class SqlFuzzTest {
  private static final long SEED = Long.getLong("fuzz.seed", 20240611L);
  private static final int COUNT = Integer.getInteger("fuzz.count", 10_000);

  @Test
  void mutatedStatementsFailCleanly() throws IOException {
    FuzzConfig config = FuzzConfig.of(SEED, COUNT).withOut(System.out);
    assertTrue(config.sources().stream().anyMatch(s -> !s.name().startsWith(SltSource.CORPUS)),
        "the project's own .test files are among the sources: " + config.sources());
    FuzzStats stats = FuzzRunner.run(config);
    String summary = stats.summary(config, 0);
    assertTrue(stats.passed(), summary);
    assertEquals(COUNT, stats.run(), summary);
    assertTrue(stats.ok() > COUNT / 100, "too few mutated statements ran at all: " + summary);
    assertTrue(stats.byClass().getOrDefault("42", 0) > COUNT / 10, summary);
    assertEquals(COUNT, stats.ok() + stats.byClass().values().stream().mapToInt(i -> i).sum(),
        "every statement is counted once: " + summary);
  }

  @Test
  void sameSeedSameStatements() throws IOException {
    List<String> seeds = FuzzRunner.statements(FuzzConfig.defaultSources());
    java.util.Random a = new java.util.Random(SEED);
    java.util.Random b = new java.util.Random(SEED);
    for (int i = 0; i < 200; i++) {
      assertEquals(SqlMutator.mutate(seeds, a), SqlMutator.mutate(seeds, b));
    }
  }

  @Test
  void anExceptionOtherThanSqlExceptionIsAFailure(@TempDir Path dir) throws IOException {
    FuzzStats stats = FuzzRunner.run(misbehaving(dir, "SELECT a FROM t1 WHERE y = 'boom'", 60,
        10_000));
    assertFalse(stats.passed(), "a RuntimeException from the driver must fail the run");
    assertTrue(stats.failures().stream().anyMatch(f -> f.contains("threw java.lang."
        + "IllegalStateException: boom")), String.join("\n", stats.failures()));
    assertEquals(60, stats.run(), "the run goes on after such a failure");
  }

  @Test
  void aHangIsAFailureAndEndsTheRun(@TempDir Path dir) throws IOException {
    FuzzStats stats = FuzzRunner.run(misbehaving(dir, "SELECT a FROM t1 WHERE y = 'slow'", 50,
        500));
    assertFalse(stats.passed());
    assertTrue(stats.failures().get(0).contains("hung: still running after"),
        String.join("\n", stats.failures()));
    assertTrue(stats.run() < 50, "the run stops at a hang: " + stats.run());
  }

  /** A run of {@code count} mutations of {@code statement} through {@link MisbehavingDriver}. */
  private static FuzzConfig misbehaving(Path dir, String statement, int count,
                                        long timeoutMillis) throws IOException {
    MisbehavingDriver.register();
    Path file = dir.resolve("one.test");
    Files.writeString(file, "statement ok\n" + statement + "\n");
    return new FuzzConfig(7, count, MisbehavingDriver.PREFIX + "fuzz_" + System.nanoTime(),
        timeoutMillis, List.of(SltSource.file(file)), null);
  }
}
