package org.morphdb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ratios, verdicts and the refresh of the generated section of docs/benchmarks.md. */
class BenchReportTest {
  @TempDir
  Path dir;

  private static BenchResults results() {
    BenchResults r = new BenchResults();
    r.put(Bench.POINT_SELECT, Dbms.MORPHDB, 150, null);
    r.put(Bench.POINT_SELECT, Dbms.H2, 100, null);
    r.put(Bench.POINT_SELECT, Dbms.HSQLDB, 300, null);
    r.put(Bench.HEAP, Dbms.MORPHDB, 300, "6 MB for 20,000 rows");
    r.put(Bench.HEAP, Dbms.H2, 100, null);
    r.put(Bench.WRITERS_DURING_INDEX, Dbms.MORPHDB, 0.9, null);
    return r;
  }

  @Test
  void ratiosFollowEachTargetsBasisAndVerdictsSayByHowMuch() {
    BenchResults r = results();
    assertEquals(0.5, r.ratio(Bench.POINT_SELECT), 1e-9, "against the faster of H2 and HSQLDB");
    assertEquals("MISSED: 0.500 < 1.00 (2.00× short)", r.verdict(Bench.POINT_SELECT));
    assertEquals(3.0, r.ratio(Bench.HEAP), 1e-9, "against H2");
    assertEquals("MISSED: 3.00 > 1.50 (2.00× over)", r.verdict(Bench.HEAP));
    assertEquals(0.9, r.ratio(Bench.WRITERS_DURING_INDEX), 1e-9, "MorphDB's own ratio");
    assertEquals("met", r.verdict(Bench.WRITERS_DURING_INDEX));
    assertEquals("not measured", r.verdict(Bench.JOIN_GROUP_BY));
  }

  @Test
  void refreshingTheDocReplacesOnlyTheGeneratedSection() throws IOException {
    Path doc = dir.resolve("benchmarks.md");
    Files.writeString(doc, "# Benchmarks\n\nHand-written analysis.\n\n" + BenchReport.BEGIN
        + "\nold figures\n" + BenchReport.END + "\n\n## What is in the way\n\nMore prose.\n");

    new BenchReport(results()).writeDoc(doc, "./morph bench", "commit abc1234", false);

    String md = Files.readString(doc);
    assertTrue(md.startsWith("# Benchmarks\n\nHand-written analysis.\n\n" + BenchReport.BEGIN), md);
    assertTrue(md.endsWith(BenchReport.END + "\n\n## What is in the way\n\nMore prose.\n"), md);
    assertTrue(!md.contains("old figures"), md);
    assertTrue(md.contains("| heap per 1M rows (4 columns) | MB | 300 | 100 | - | 3.00× "
        + "| ≤ 1.5× H2 | **MISSED: 3.00 > 1.50 (2.00× over)** |"), md);
    assertTrue(md.contains("- heap per 1M rows — MorphDB: 6 MB for 20,000 rows"), md);
    assertTrue(md.contains("- MorphDB build measured: commit abc1234\n"
        + "- reproduce: `./morph bench`"), md);
  }

  @Test
  void percentilesOfLatencyLogsCountFromTheIntendedStart() {
    LatencyLog log = new LatencyLog();
    for (int i = 1; i <= 100; i++) {
      log.add(i * 10L, i * 10L + i);
    }
    long[] all = LatencyLog.latencies(java.util.List.of(log), 0, 10_000);
    assertEquals(100, all.length);
    assertEquals(99.0, LatencyLog.percentile(all, 99));
    assertEquals(50.0, LatencyLog.percentile(all, 50));
    assertEquals(10, LatencyLog.endedBetween(java.util.List.of(log), 0, 111));
  }
}
