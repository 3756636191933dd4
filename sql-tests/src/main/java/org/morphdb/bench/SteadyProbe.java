package org.morphdb.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * The closed-loop writers of the index-build benchmarks on {@code big}, with no build: where
 * the machine goes while they write. Prints, each second, the writes, the writers' CPU time
 * per write, GC time, and the cores the process and the writers used; at the end, the CPU
 * time of each kind of thread (writers, GC workers, concurrent refinement, JIT, ...) over the
 * second half of the run. Run: {@code java -cp ... org.morphdb.bench.SteadyProbe [rows]
 * [seconds]} ({@code -Dprobe.dbms=H2} for another database, {@code -Dprobe.writers=N}).
 */
public final class SteadyProbe {
  private SteadyProbe() {
  }

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    try (Dbms.Db db = Dbms.valueOf(System.getProperty("probe.dbms", "MORPHDB")).open("steady")) {
      Tables.createBig(db);
      Tables.loadBig(db, rows);
      BenchWriters writers = new BenchWriters(db, new BenchWriters.Ids(rows), 0);
      writers.start(Integer.getInteger("probe.writers", IndexBuildBenchmarks.WRITERS));
      try {
        long[] last = counters(writers, threads, os);
        Map<String, Long> half = null;
        for (int s = 0; s < seconds; s++) {
          if (s == seconds / 2) {
            half = BuildCostProbe.nativeCpu();
          }
          Thread.sleep(1000);
          long[] now = counters(writers, threads, os);
          long writes = now[0] - last[0];
          System.out.printf("%3d %,9d writes/s  writers' CPU/write %,6.0f ns  GC %4d ms  cores: process %.2f, writers %.2f%n",
              s, writes, (now[1] - last[1]) / (double) Math.max(1, writes), now[2] - last[2],
              (now[3] - last[3]) / 1e9, (now[1] - last[1]) / 1e9);
          last = now;
        }
        System.out.println("second half:" + BuildCostProbe.nativeDelta(half, BuildCostProbe.nativeCpu()));
      } finally {
        writers.stop();
      }
    }
  }

  /** Writes done, the writers' CPU time (ns), GC time (ms), the process's CPU time (ns). */
  private static long[] counters(BenchWriters writers, com.sun.management.ThreadMXBean threads,
      com.sun.management.OperatingSystemMXBean os) {
    long cpu = 0;
    for (Thread t : writers.threads()) {
      cpu += threads.getThreadCpuTime(t.getId());
    }
    long gc = 0;
    for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
      gc += g.getCollectionTime();
    }
    return new long[] {writers.done(), cpu, gc, os.getProcessCpuTime()};
  }
}
