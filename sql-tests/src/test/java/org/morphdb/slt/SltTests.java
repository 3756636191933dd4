package org.morphdb.slt;

import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/** JUnit glue for sqllogictest files. */
public final class SltTests {
  private SltTests() {
  }

  /** Fails with the file's summary and its first failures unless every record passed. */
  public static void assertPassed(SltFileResult r) {
    if (!r.ok()) {
      fail(r.summary() + r.failures().stream().map(f -> "\n\n" + f).collect(joining()));
    }
    assertTrue(r.passed() > 0, "no record ran: " + r.summary());
  }

  /**
   * One dynamic test per file that {@code path} names (a file, a directory, or corpus:NAME),
   * each on a fresh database of {@code target}; return it from a {@code @TestFactory}.
   */
  public static Stream<DynamicTest> eachFile(SltTarget target, String path) throws IOException {
    SltRunner runner = new SltRunner(target);
    return SltSource.resolve(path).stream()
        .map(s -> DynamicTest.dynamicTest(s.name(), () -> assertPassed(runner.run(s))));
  }
}
