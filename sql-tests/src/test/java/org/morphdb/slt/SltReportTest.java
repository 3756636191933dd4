package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The side-by-side report: sampling, time limits, sums and the markdown, on H2 and HSQLDB. */
class SltReportTest {
  private static final String OWN_FILES = "src/test/resources/slt";

  @Test
  void sampleTakesTheFirstFilesOfEachDirectoryInNaturalOrder() throws IOException {
    // index/delete/1 holds one file, the others several
    List<SltSource> all = SltSource.resolve("corpus:index/delete");
    List<String> sample = SltReportRun.sample(all, 2).stream().map(SltSource::name).toList();
    assertEquals(List.of(
        "corpus:index/delete/1/slt_good_0.test",
        "corpus:index/delete/10/slt_good_0.test", "corpus:index/delete/10/slt_good_1.test",
        "corpus:index/delete/100/slt_good_0.test", "corpus:index/delete/100/slt_good_1.test",
        "corpus:index/delete/1000/slt_good_0.test", "corpus:index/delete/1000/slt_good_1.test",
        "corpus:index/delete/10000/slt_good_0.test"), sample);
    assertTrue(SltReportRun.compareNatural("slt_good_2.test", "slt_good_10.test") < 0);
    assertTrue(SltReportRun.compareNatural("a10b", "a9c") > 0);
    assertEquals(0, SltReportRun.compareNatural("x007", "x7"));
  }

  @Test
  void directoriesOfCorpusAndDiskFiles() {
    assertEquals("(top level)", SltReportRun.directoryOf("corpus:select1.test"));
    assertEquals("index/between/10", SltReportRun.directoryOf(
        "corpus:index/between/10/slt_good_3.test"));
    assertEquals("src/test/resources/slt", SltReportRun.directoryOf(
        "src/test/resources/slt/halt.test"));
  }

  @Test
  void aFileThatReachesItsTimeLimitIsStoppedAndCountedWithWhatItDid() {
    SltFileResult r = new SltRunner(SltTarget.h2()).withTimeLimit(50)
        .run(SltSource.corpus("select1.test"));
    assertTrue(r.timedOut(), r.summary());
    assertFalse(r.ok());
    assertTrue(r.passed() < 1031, r.summary());
    assertEquals(1031, r.passed() + r.failed() + r.skipped() + r.notRun(), r.summary());
    assertTrue(r.millis() < 50 + SltRunner.STOP_GRACE_MILLIS, r.summary());
    assertTrue(r.summary().startsWith("TIME corpus:select1.test: "), r.summary());
  }

  @Test
  void withinItsTimeLimitAFileRunsAsWithout() {
    SltFileResult r = new SltRunner(SltTarget.h2()).withTimeLimit(120_000)
        .run(SltSource.corpus("select1.test"));
    assertTrue(r.ok(), r.summary());
    assertEquals(1031, r.passed());
    assertEquals(0, r.notRun());
  }

  @Test
  void reportSumsEveryEngineByDirectoryAndWritesMarkdown() throws IOException {
    List<SltSource> sources = SltSource.resolve(OWN_FILES);
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    SltReport report = new SltReportRun(List.of(new SltRunner(SltTarget.h2()),
        new SltRunner(SltTarget.hsqldb())), new PrintStream(progress, true, StandardCharsets.UTF_8))
        .run(sources);
    for (SltTarget target : List.of(SltTarget.h2(), SltTarget.hsqldb())) {
      SltTally expected = new SltTally();
      new SltRunner(target).runAll(sources, expected::add);
      SltTally got = report.total(target.engine());
      assertEquals(sources.size(), got.files());
      assertEquals(expected.passed(), got.passed(), target.engine());
      assertEquals(expected.skipped(), got.skipped(), target.engine());
      assertEquals(0, got.failed());
    }
    String lines = progress.toString(StandardCharsets.UTF_8);
    assertEquals(sources.size(), lines.lines().count(), "one progress line per file: " + lines);
    assertTrue(lines.contains("halt.test:  h2 3/0/0 "), lines);
    String md = report.markdown(new SltReport.Setup("./morph slt --report x", "3 files",
        "60s", "`skips.md` (0 records)", "2 cores", "today"));
    assertTrue(md.startsWith("# sqllogictest: MorphDB, H2 and HSQLDB side by side"), md);
    assertTrue(md.contains("- Command: `./morph slt --report x`"), md);
    SltTally h2 = report.total("h2");
    assertTrue(md.contains("| H2 | 3 | " + h2.passed() + " | 0 | " + h2.skipped() + " | 0 | 0 "
        + "| 0 | "), md);
    assertTrue(md.contains("| " + OWN_FILES + " | 3 | " + h2.passed() + " / 0 / "
        + h2.skipped() + " | "), md);
    assertTrue(md.contains("### H2\n\nEvery file passed."), md);
    assertFalse(md.contains("MorphDB / H2"), "no ratio without MorphDB: " + md);
  }

  @Test
  void ratioIsMorphRecordsPerSecondOverH2s() {
    SltReport report = new SltReport(List.of(new SltReport.Engine("morphdb", "m"),
        new SltReport.Engine("h2", "h")));
    report.add("d", "morphdb", new SltFileResult("f", 90, 10, 0, List.of(), null, 0, 10_000));
    report.add("d", "h2", new SltFileResult("f", 100, 0, 0, List.of(), null, 0, 1_000));
    assertEquals(10.0, report.total("morphdb").recordsPerSecond(), 1e-9);
    assertEquals(0.1, report.morphToH2(report.total("morphdb"), report.total("h2")), 1e-9);
    String md = report.markdown(new SltReport.Setup("c", "f", "t", "s", "m", "d"));
    assertTrue(md.contains("MorphDB / H2 records per second: **0.10**"), md);
    assertTrue(md.contains("| d | 1 | 90 / 10 / 0 | 10.0 | 10.0 | 100 / 0 / 0 | 1.0 | 100 | 0.10 |"),
        md);
    assertThrows(IllegalArgumentException.class, () -> report.add("d", "hsqldb",
        new SltFileResult("f", 1, 0, 0, List.of(), null, 0, 1)));
  }
}
