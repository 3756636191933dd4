package org.morphdb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line, with H2 standing in for MorphDB where a database is needed. */
class MainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void helpListsTheCommands() {
    assertEquals(0, run("--help"));
    assertTrue(out().startsWith("Usage: morph <command> [options]"), out());
    for (String command : List.of("shell [URL]", "slt [--url URL]", "demo [--rows N]",
        "bench [--quick]")) {
      assertTrue(out().contains("\n  " + command), command);
    }
  }

  @Test
  void usageErrorsExitWith2() {
    assertEquals(2, run());
    assertEquals(2, run("frobnicate"));
    assertTrue(err().contains("morph: unknown command 'frobnicate'"), err());
    assertEquals(2, run("slt"));
    assertEquals(2, run("slt", "--url", "jdbc:h2:mem:shared", "src/test/resources/slt"));
    assertTrue(err().contains("must contain {db} or end with ':'"), err());
    assertEquals(2, run("slt", "--bogus", "x"));
    assertEquals(2, run("slt", "no/such/dir"));
    assertEquals(2, run("demo", "--rows", "0"));
    assertEquals(2, run("demo", "--rows", "lots"));
    assertEquals(2, run("demo", "--quick=yes"));
    assertEquals(2, run("demo", "extra"));
    assertEquals(2, run("bench", "--bogus"));
    assertEquals(2, run("bench", "--rows", "10"));
  }

  @Test
  void sltOnH2PassesOurFilesAndTheCorpusFile() {
    assertEquals(0, run("slt", "--url", "jdbc:h2:mem:", "src/test/resources/slt",
        "corpus:select1.test"), out());
    assertTrue(out().contains("PASS corpus:select1.test: 1031 passed, 0 failed, 0 skipped"), out());
    assertTrue(out().contains("Total: 4 files, 0 failed; records: "), out());
  }

  @Test
  void sltFailuresExitWith1AndShowFileLineSqlExpectedGot() {
    assertEquals(1, run("slt", "--url=jdbc:h2:mem:{db};MODE=Regular", "--failures", "1",
        "src/test/resources/slt-runner"));
    String o = out();
    assertTrue(o.contains("FAIL src/test/resources/slt-runner/wrong.test: 2 passed, 7 failed"), o);
    assertTrue(o.contains("  src/test/resources/slt-runner/wrong.test:9\n"
        + "    sql:      INSERT INTO w VALUES (1)\n"
        + "    expected: ok\n"
        + "    got:      error 23505"), o);
    assertTrue(o.contains("  ... 6 more failures"), o);
    assertTrue(o.contains("  error: src/test/resources/slt-runner/malformed.test:4: query needs "
        + "its column types"), o);
    assertTrue(o.contains("Total: 2 files, 2 failed (1 could not run)"), o);
  }

  @Test
  void shellPassesOurDriverOnlyForOurUrls() {
    assertEquals(List.of("-u", "jdbc:morph:mem:shell", "-n", "", "-p", "", "-d",
            "org.morphdb.jdbc.MorphDriver", "--isolation=TRANSACTION_SERIALIZABLE", "-e", "SELECT 1"),
        ShellCommand.sqllineArgs("jdbc:morph:mem:shell", List.of("-e", "SELECT 1"), true));
    assertEquals(List.of("-u", "jdbc:h2:mem:x", "-n", "", "-p", "", "--maxWidth=200"),
        ShellCommand.sqllineArgs("jdbc:h2:mem:x", List.of(), false));
  }
}
