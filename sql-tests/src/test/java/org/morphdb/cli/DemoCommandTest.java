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

/** {@code morph demo --rows 20000 --quick}: the schema changes under load, end to end. */
class DemoCommandTest {
  @TempDir
  Path dir;

  @Test
  void quickDemoSurfacesNoErrorKeepsTheTableConsistentAndDrawsItsChart() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    Path chart = dir.resolve("demo.svg");

    int rc = Main.run(new String[] {"demo", "--rows", "20000", "--quick", "--chart",
        chart.toString()}, out, out);

    String o = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, o);
    for (String ddl : new String[] {"CREATE INDEX demo_a", "CREATE UNIQUE INDEX demo_u",
        "ADD COLUMN flag DEFAULT 7", "DROP COLUMN d", "DROP INDEX demo_a"}) {
      assertTrue(o.lines().anyMatch(l -> l.startsWith("  " + ddl + " ") && l.contains(" ok ")),
          ddl + " in the summary: " + o);
    }
    assertTrue(o.lines().anyMatch(l -> l.startsWith("  CREATE UNIQUE INDEX demo_d ")
        && l.contains("failed 23505, as expected")), o);
    assertTrue(o.contains(", 0 errors surfaced to the application"), o);
    assertTrue(o.contains("CHECK TABLE demo: clean"), o);
    assertTrue(o.contains("OK: 0 errors surfaced, CHECK TABLE clean"), o);
    assertTrue(o.contains("Chart: " + chart.toAbsolutePath()), o);
    String svg = Files.readString(chart);
    assertTrue(svg.startsWith("<svg ") && svg.strip().endsWith("</svg>"), svg);
    assertTrue(svg.contains("MorphDB: writer and reader throughput") && svg.contains("WRITE_ONLY"),
        "chart has the MorphDB panel and the F1 steps");
  }

  @Test
  void quickDemoRunsThroughAServer() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    int rc = Main.run(new String[] {"demo", "--server", "--rows", "10000", "--quick", "--chart",
        dir.resolve("server.svg").toString()}, out, out);
    String o = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, o);
    assertTrue(o.contains("Through a MorphDB server at jdbc:morph://localhost:"), o);
    assertTrue(o.contains(", 0 errors surfaced to the application"), o);
    assertTrue(o.contains("OK: 0 errors surfaced, CHECK TABLE clean"), o);
  }
}
