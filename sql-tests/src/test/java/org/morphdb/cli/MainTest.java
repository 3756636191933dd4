package org.morphdb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    for (String command : List.of("shell [URL]", "slt [--url URL]", "slt --report [--sample N]",
        "demo [--rows N]", "bench [--quick]", "stress [--seeds N]", "fuzz [--count N]")) {
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
    assertEquals(2, run("fuzz", "--count", "0"));
    assertTrue(err().contains("morph fuzz: --count needs a whole number of at least 1, not '0'"),
        err());
    assertEquals(2, run("fuzz", "--bogus", "1"));
    assertEquals(2, run("fuzz", "extra"));
  }

  @Test
  void sltReportUsageErrorsExitWith2() {
    assertEquals(2, run("slt", "--report", "--url", "jdbc:h2:mem:"));
    assertEquals(2, run("slt", "--report", "--sample", "0"));
    assertEquals(2, run("slt", "--report", "--engines", "h2,oracle"));
    assertTrue(err().contains("unknown engine 'oracle' in --engines"), err());
    assertEquals(2, run("slt", "--report", "--engines", "h2,h2"));
    assertEquals(2, run("slt", "--report", "--file-timeout", "0"));
    assertEquals(2, run("slt", "--report", "--file-timeout", "soon"));
    assertTrue(err().contains("--file-timeout needs a duration such as 120s"), err());
    assertEquals(2, run("slt", "--report", "--out", "no/such/dir/slt.md"));
    assertEquals(2, run("slt", "--report", "--out", "target/slt.md", "--skips",
        "no-such-skips.md"));
    assertTrue(err().contains("cannot read the skip list no-such-skips.md"), err());
    assertEquals(2, run("slt", "--sample", "1", "corpus:select1.test"));
    assertTrue(err().contains("--sample goes with --report"), err());
  }

  @Test
  void sltReportRunsEveryEngineAndWritesTheReport(@TempDir Path dir) throws IOException {
    Path md = dir.resolve("slt.md");
    assertEquals(0, run("slt", "--report", "--engines", "h2,hsqldb", "--out", md.toString(),
        "src/test/resources/slt", "corpus:select1.test"), err());
    String o = out();
    assertTrue(o.contains("[4/4] corpus:select1.test:  h2 1031/0/0 "), o);
    assertTrue(o.contains("H2: 1067 passed, 0 failed, 2 skipped, 0 not run, 0 timed out"), o);
    String report = Files.readString(md);
    assertTrue(report.contains("- Command: `./morph slt --report --engines h2,hsqldb "
        + "--file-timeout 300s --out " + md + " src/test/resources/slt corpus:select1.test`"),
        report);
    assertTrue(report.contains("| H2 | 4 | 1067 | 0 | 2 | 0 | 0 | 0 | "), report);
    assertTrue(report.contains("| (top level) | 1 | 1031 / 0 / 0 | "), report);
    assertTrue(report.contains("cores, Java " + System.getProperty("java.version")), report);
  }

  @Test
  void sltReportStopsAFileAtItsTimeLimitAndSaysSo(@TempDir Path dir) throws IOException {
    Path md = dir.resolve("slt.md");
    assertEquals(0, run("slt", "--report", "--engines", "h2", "--file-timeout", "50ms",
        "--out", md.toString(), "corpus:select1.test"), err());
    assertTrue(out().contains("corpus:select1.test:  h2 TIMEOUT "), out());
    String report = Files.readString(md);
    assertTrue(report.contains("| corpus:select1.test | "), report);
    assertTrue(report.contains("timed out after "), report);
    assertTrue(report.contains("(1 timed out)"), report);
  }

  @Test
  void sltReportSkipsForMorphWhatTheSkipListNames(@TempDir Path dir) throws IOException {
    Path md = dir.resolve("slt.md");
    assertEquals(0, run("slt", "--report", "--engines", "morphdb", "--skips",
        "../docs/slt-skips.md", "--out", md.toString(),
        "corpus:evidence/slt_lang_replace.test"), err());
    // the file's REPLACE records are skipped (8); its plain records run and pass (6)
    assertTrue(out().contains("slt_lang_replace.test:  morphdb 6/0/8 "), out());
    String report = Files.readString(md);
    assertTrue(report.contains("For MorphDB the records listed in `../docs/slt-skips.md` ("),
        report);
    assertTrue(report.contains("| MorphDB | 1 | 6 | 0 | 8 | 0 | 0 | 0 | "), report);
  }

  @Test
  void fuzzRunsTheCountAndSummarisesByOutcome() {
    assertEquals(0, run("fuzz", "--count", "200", "--seed", "3"), out() + err());
    String o = out();
    assertTrue(o.startsWith("fuzz: 200 statements mutated from "), o);
    assertTrue(o.contains("fuzz: 200 statements in "), o);
    assertTrue(o.contains("SQLException 42xxx (syntax error or access rule)"), o);
    assertTrue(java.util.regex.Pattern.compile("\n  failures +0\n").matcher(o).find(), o);
    assertTrue(o.contains("afterwards: CHECK TABLE on "), o);
    assertTrue(o.contains("PASSED (rerun: ./morph fuzz --seed 3 --count 200)"), o);
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
