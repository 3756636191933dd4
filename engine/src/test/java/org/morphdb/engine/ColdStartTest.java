package org.morphdb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.Session;

/**
 * A fresh JVM that opens databases and runs statements on several threads at once, while
 * Calcite's classes are still being initialized by the warm-up thread, finishes: class
 * initialization cycles in Calcite once deadlocked the first statement against the warm-up.
 * Each run is a new JVM, since class initialization happens once per JVM.
 */
class ColdStartTest {
  private static final int THREADS = 3;

  @Test
  void firstStatementsOfAFreshJvmOnSeveralThreadsFinish() throws Exception {
    for (int run = 0; run < 3; run++) {
      List<String> cmd = new ArrayList<>(List.of(
          System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
          "-cp", System.getProperty("java.class.path"), ColdStartTest.class.getName()));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      boolean finished = p.waitFor(120, TimeUnit.SECONDS);
      if (!finished) {
        p.destroyForcibly();
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(finished, "a fresh JVM hung on its first statements:\n" + out);
      assertEquals(0, p.exitValue(), out);
      assertTrue(out.contains("ok " + THREADS), out);
    }
  }

  /** Opens a database per thread and runs a query on each, all starting together. */
  public static void main(String[] args) throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    int[] ok = {0};
    for (int i = 0; i < THREADS; i++) {
      int n = i;
      Thread t = new Thread(() -> {
        try {
          start.await();
          Session s = Databases.connect("cold" + n, Map.of());
          s.execute(ExecuteRequest.sql("CREATE TABLE t (id INTEGER PRIMARY KEY, a VARCHAR(10))"));
          s.execute(ExecuteRequest.sql("INSERT INTO t VALUES (1, 'x')"));
          s.execute(ExecuteRequest.sql("SELECT a, COUNT(*) FROM t WHERE id > 0 GROUP BY a"));
          synchronized (ok) {
            ok[0]++;
          }
        } catch (Exception e) {
          e.printStackTrace();
        }
      });
      t.start();
      threads.add(t);
    }
    start.countDown();
    for (Thread t : threads) {
      t.join();
    }
    System.out.println("ok " + ok[0]);
    System.exit(0);
  }
}
