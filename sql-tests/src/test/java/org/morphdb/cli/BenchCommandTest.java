package org.morphdb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.bench.Bench;
import org.morphdb.bench.BenchReport;

/** {@code morph bench --quick}: every benchmark runs and is reported. Speed is not asserted. */
class BenchCommandTest {
  @TempDir
  Path dir;

  @Test
  void quickBenchPrintsEveryBenchmarkAndWritesTheDoc() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    Path doc = dir.resolve("benchmarks.md");

    int rc = Main.run(new String[] {"bench", "--quick", "--doc", doc.toString()}, out, out);

    String o = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, o);
    String md = Files.readString(doc);
    for (Bench b : Bench.values()) {
      assertTrue(o.lines().anyMatch(l -> l.startsWith(b.label() + " ") && l.contains(b.unit())),
          "table row for " + b.label() + ": " + o);
      assertTrue(md.contains("| " + b.title() + " |"), b.title() + " in the doc: " + md);
    }
    assertTrue(o.contains(" targets met"), o);
    assertTrue(md.startsWith("# Benchmarks") && md.contains(BenchReport.BEGIN), md);
    assertTrue(md.contains("- reproduce: `./morph bench --quick --doc "), md);
  }
}
