package org.morphdb.bench;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The bench's bulk load in a loop, in one JVM, to see where a warm load settles and what it
 * costs: each repetition loads {@code big} ({@link Tables#loadBig}) into a fresh in-memory
 * database, prints rows/s and the loading thread's CPU time and allocated bytes per row, and
 * drops the database; the last one first prints the heap it left. Run: {@code java -cp ...
 * org.morphdb.bench.LoadProbe MORPHDB 1000000 8} (or {@code H2}, {@code HSQLDB}).
 */
public final class LoadProbe {
  private LoadProbe() {
  }

  public static void main(String[] args) throws Exception {
    Dbms dbms = Dbms.valueOf(args[0].toUpperCase(Locale.ROOT));
    int rows = Integer.parseInt(args[1]);
    int reps = Integer.parseInt(args[2]);
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    for (int r = 0; r < reps; r++) {
      try (Dbms.Db db = dbms.open("load_probe_" + r)) {
        Tables.createBig(db);
        long wall = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        long allocated = threads.getCurrentThreadAllocatedBytes();
        Tables.loadBig(db, rows);
        double seconds = (System.nanoTime() - wall) / 1e9;
        double cpuPerRow = (double) (threads.getCurrentThreadCpuTime() - cpu) / rows;
        double bytesPerRow = (double) (threads.getCurrentThreadAllocatedBytes() - allocated) / rows;
        System.out.printf("rep %d: %,.0f rows/s, %,.0f ns of CPU and %,.0f bytes allocated per row%n",
            r, rows / seconds, cpuPerRow, bytesPerRow);
        if (r == reps - 1) {
          System.out.printf("heap after the last load: %d MB%n", Measure.usedHeapAfterGc() >> 20);
        }
      }
    }
  }
}
