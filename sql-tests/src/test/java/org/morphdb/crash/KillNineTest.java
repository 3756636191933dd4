package org.morphdb.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The short CI version of {@code ./morph crashtest}, and the one-process-at-a-time lock, with real child JVMs. */
class KillNineTest {
  @TempDir
  Path dir;

  @Test
  void killedChildrenLoseNothingAcknowledged() throws IOException {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    CrashTest test = new CrashTest(new CrashTest.Config(3, dir, 7, 2, false, 800),
        new PrintStream(log, true, StandardCharsets.UTF_8));
    List<String> failures = test.run();
    String report = log.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(), failures, report);
    assertTrue(report.contains("kill 3:"), report);
    assertTrue(!report.contains("(0 in all)"), "a round without any acknowledged commit checks nothing: " + report);
  }

  @Test
  void aSecondProcessIsToldTheDatabaseIsInUse() throws Exception {
    String url = "jdbc:morph:file:" + dir.resolve("db");
    try (Connection c = DriverManager.getConnection(url)) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process probe = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
          CrashWorker.class.getName(), "probe", url).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      String answer = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      assertTrue(probe.waitFor(60, TimeUnit.SECONDS));
      assertTrue(answer.startsWith("STATE 08001"), answer);
      assertTrue(answer.contains("in use"), answer);
    }
  }
}
