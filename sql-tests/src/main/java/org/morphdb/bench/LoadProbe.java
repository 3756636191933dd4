package org.morphdb.bench;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Random;

/**
 * The bench's bulk load in a loop, in one JVM, to see where a warm load settles and what it
 * costs: each repetition creates {@code big} in a fresh in-memory database (the URL's {@code
 * NAME} is replaced), loads it in batches of 1,000 rows, one transaction per batch, prints
 * rows/s and the loading thread's CPU time per row, and drops it; the last one prints the
 * heap it left. Run: {@code java -cp ... org.morphdb.bench.LoadProbe jdbc:morph:mem:NAME
 * 1000000 8} (or {@code jdbc:h2:mem:NAME}).
 */
public final class LoadProbe {
  private LoadProbe() {
  }

  public static void main(String[] args) throws Exception {
    String url = args[0];
    int rows = Integer.parseInt(args[1]);
    int reps = Integer.parseInt(args[2]);
    var threads = ManagementFactory.getThreadMXBean();
    for (int r = 0; r < reps; r++) {
      try (Connection c = DriverManager.getConnection(url.replace("NAME", "load_probe_" + r))) {
        c.createStatement().execute("CREATE TABLE big (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))");
        c.setAutoCommit(false);
        Random random = new Random(42);
        long wall = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO big VALUES (?, ?, ?, ?)")) {
          for (long id = 1; id <= rows; id++) {
            ps.setLong(1, id);
            ps.setInt(2, random.nextInt(rows));
            ps.setInt(3, (int) (id % 1000));
            ps.setString(4, "row " + id);
            ps.addBatch();
            if (id % Tables.BATCH == 0 || id == rows) {
              ps.executeBatch();
              c.commit();
            }
          }
        }
        double seconds = (System.nanoTime() - wall) / 1e9;
        double cpuPerRow = (double) (threads.getCurrentThreadCpuTime() - cpu) / rows;
        System.out.printf("rep %d: %,.0f rows/s, %,.0f ns of CPU per row%n", r, rows / seconds, cpuPerRow);
        c.setAutoCommit(true);
        if (r == reps - 1) {
          System.out.printf("heap after the last load: %d MB%n", Measure.usedHeapAfterGc() >> 20);
        }
        c.createStatement().execute("DROP TABLE big");
      }
    }
  }
}
