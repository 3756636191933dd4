package org.morphdb.bench;

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
    try (Dbms.Db db = Dbms.valueOf(System.getProperty("probe.dbms", "MORPHDB")).open("steady")) {
      Tables.createBig(db);
      Tables.loadBig(db, rows);
      BenchWriters writers = new BenchWriters(db, new BenchWriters.Ids(rows), 0);
      writers.start(Integer.getInteger("probe.writers", IndexBuildBenchmarks.WRITERS));
      try {
        BuildCostProbe.Sample last = BuildCostProbe.Sample.take(writers);
        Map<String, Long> half = null;
        for (int s = 0; s < seconds; s++) {
          if (s == seconds / 2) {
            half = BuildCostProbe.nativeCpu();
          }
          Thread.sleep(1000);
          BuildCostProbe.Sample now = BuildCostProbe.Sample.take(writers);
          long writes = now.writes() - last.writes();
          long writerCpu = now.writerCpu() - last.writerCpu();
          System.out.printf("%3d %,9d writes/s  writers' CPU/write %,6.0f ns  GC %4d ms  cores: process %.2f, writers %.2f%n",
              s, writes, writerCpu / (double) Math.max(1, writes), now.gcMillis() - last.gcMillis(),
              (now.processCpu() - last.processCpu()) / 1e9, writerCpu / 1e9);
          last = now;
        }
        System.out.println("second half:" + BuildCostProbe.nativeDelta(half, BuildCostProbe.nativeCpu()));
      } finally {
        writers.stop();
      }
    }
  }
}
