package org.morphdb.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * What a CREATE INDEX under the closed-loop writers costs, in figures that do not depend on
 * how much of the machine other work leaves this JVM: the writers' CPU time and allocation
 * per write before and during the build, the DDL thread's (the backfill's) CPU time and
 * allocation, GC pauses and the process's CPU time; and the writers' rate through the build in
 * 50 ms slices with the job's step ({@link RateShape}). {@code -Dprobe.jfr=DIR} records each
 * window with JFR ({@code -Dprobe.jfc=FILE}: with that configuration). Run:
 * {@code java -cp ... org.morphdb.bench.BuildCostProbe [rows] [beforeSeconds] [builds]}.
 */
public final class BuildCostProbe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private BuildCostProbe() {
  }

  /** Counters read at one moment. */
  record Sample(long nanos, long writes, long writerCpu, long writerAlloc, long selfCpu,
      long selfAlloc, long gcMillis, long gcCount, long processCpu) {
    static Sample take(BenchWriters w) {
      long cpu = 0;
      long alloc = 0;
      for (Thread t : w.threads()) {
        cpu += THREADS.getThreadCpuTime(t.getId());
        alloc += THREADS.getThreadAllocatedBytes(t.getId());
      }
      long gcMs = 0;
      long gcN = 0;
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        gcMs += gc.getCollectionTime();
        gcN += gc.getCollectionCount();
      }
      return new Sample(System.nanoTime(), w.done(), cpu, alloc,
          THREADS.getCurrentThreadCpuTime(), THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()),
          gcMs, gcN, OS.getProcessCpuTime());
    }
  }

  /** CPU time (ns) of this process's native threads by kind (GC, JIT, ...), from /proc. */
  static java.util.Map<String, Long> nativeCpu() {
    java.util.Map<String, Long> byKind = new java.util.TreeMap<>();
    long tick = 10_000_000L; // USER_HZ 100
    java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
    if (tasks == null) {
      return byKind;
    }
    for (java.io.File task : tasks) {
      try {
        String stat = java.nio.file.Files.readString(task.toPath().resolve("stat"));
        int close = stat.lastIndexOf(')');
        String name = stat.substring(stat.indexOf('(') + 1, close);
        String[] f = stat.substring(close + 2).split(" ");
        long cpu = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * tick;
        String kind = name.startsWith("GC Thread") ? "gc-workers"
            : name.startsWith("G1 Conc") || name.startsWith("G1 Main") ? "g1-concurrent-mark"
            : name.startsWith("G1 Refine") ? "g1-refine"
            : name.startsWith("G1 Service") || name.startsWith("VM Thread") ? "vm"
            : name.startsWith("C2 Compiler") || name.startsWith("C1 Compiler") ? "jit"
            : name.startsWith("bench-writer") ? "writers"
            : name.startsWith("main") ? "main(ddl)"
            : name.startsWith("morph-purge") ? "purge" : "other";
        byKind.merge(kind, cpu, Long::sum);
      } catch (java.io.IOException | RuntimeException e) {
        // the thread ended
      }
    }
    return byKind;
  }

  static String nativeDelta(java.util.Map<String, Long> a, java.util.Map<String, Long> b) {
    StringBuilder sb = new StringBuilder("  native CPU s:");
    for (var e : b.entrySet()) {
      sb.append(String.format(" %s %.2f", e.getKey(), (e.getValue() - a.getOrDefault(e.getKey(), 0L)) / 1e9));
    }
    return sb.toString();
  }

  static String describe(String what, Sample a, Sample b, long rows) {
    double s = (b.nanos - a.nanos) / 1e9;
    long writes = b.writes - a.writes;
    return String.format(
        "%-8s %6.2f s  writes %,9d (%,8.0f/s)  writer CPU/write %,6.0f ns  alloc/write %,6.0f B"
            + "  writers' CPU %5.2f s  DDL thread CPU %5.2f s alloc %,6.0f MB (%,.0f B/row)"
            + "  GC %,5d ms in %d  process CPU %5.2f s (%.2f cores)",
        what, s, writes, writes / s, (b.writerCpu - a.writerCpu) / (double) Math.max(1, writes),
        (b.writerAlloc - a.writerAlloc) / (double) Math.max(1, writes), (b.writerCpu - a.writerCpu) / 1e9,
        (b.selfCpu - a.selfCpu) / 1e9, (b.selfAlloc - a.selfAlloc) / 1e6,
        (b.selfAlloc - a.selfAlloc) / (double) Math.max(1, rows),
        b.gcMillis - a.gcMillis, b.gcCount - a.gcCount, (b.processCpu - a.processCpu) / 1e9,
        (b.processCpu - a.processCpu) / 1e9 / s);
  }

  private static jdk.jfr.Recording jfr(String name) throws Exception {
    if (System.getProperty("probe.jfr") == null) {
      return null;
    }
    jdk.jfr.Recording r = new jdk.jfr.Recording(System.getProperty("probe.jfc") == null
        ? jdk.jfr.Configuration.getConfiguration("profile")
        : jdk.jfr.Configuration.create(java.nio.file.Path.of(System.getProperty("probe.jfc"))));
    r.setName(name);
    r.start();
    return r;
  }

  private static jdk.jfr.Recording stop(jdk.jfr.Recording r, int build, String name) throws Exception {
    if (r != null) {
      r.stop();
      r.dump(java.nio.file.Path.of(System.getProperty("probe.jfr"), "build" + build + "-" + name + ".jfr"));
      r.close();
    }
    return null;
  }

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    double before = args.length > 1 ? Double.parseDouble(args[1]) : 5;
    int builds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    try (Dbms.Db db = Dbms.MORPHDB.open("probe")) {
      Tables.createBig(db);
      Tables.loadBig(db, rows);
      BenchWriters.Ids ids = new BenchWriters.Ids(rows);
      for (int i = 0; i < builds; i++) {
        BenchWriters writers = new BenchWriters(db, ids, 0);
        writers.start(Integer.getInteger("probe.writers", IndexBuildBenchmarks.WRITERS));
        try {
          Measure.sleep(3);
          jdk.jfr.Recording rec = jfr("before");
          var n0 = nativeCpu();
          Sample s0 = Sample.take(writers);
          double u0 = ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
          Measure.sleep(before);
          rec = stop(rec, i, "before");
          rec = jfr("during");
          var n1 = nativeCpu();
          Sample s1 = Sample.take(writers);
          double u1 = ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
          String shape;
          try (RateShape sampler = new RateShape(writers, db)) {
            db.execute("CREATE INDEX probe_" + i + " ON big (a)");
            shape = sampler.describe();
          }
          rec = stop(rec, i, "during");
          var n2 = nativeCpu();
          Sample s2 = Sample.take(writers);
          double u2 = ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
          rec = jfr("after");
          Measure.sleep(before);
          stop(rec, i, "after");
          var n3 = nativeCpu();
          Sample s3 = Sample.take(writers);
          System.out.printf("uptime %.1f / %.1f / %.1f s%s%n", u0, u1, u2,
              IndexBuildBenchmarks.backfillNote(db));
          System.out.println(nativeDelta(n0, n1));
          System.out.println(nativeDelta(n1, n2));
          System.out.println(nativeDelta(n2, n3));
          System.out.println("build " + i + ", load " + String.format("%.2f", OS.getSystemLoadAverage()));
          System.out.println(describe("before", s0, s1, rows));
          System.out.println(describe("during", s1, s2, rows));
          System.out.println(shape);
          System.out.println(describe("after", s2, s3, rows));
          System.out.printf("ratio (writes/s) %.3f; writer CPU per write during/before %.2f%n",
              ((s2.writes - s1.writes) / (double) (s2.nanos - s1.nanos))
                  / ((s1.writes - s0.writes) / (double) (s1.nanos - s0.nanos)),
              ((s2.writerCpu - s1.writerCpu) / (double) (s2.writes - s1.writes))
                  / ((s1.writerCpu - s0.writerCpu) / (double) (s1.writes - s0.writes)));
        } finally {
          writers.stop();
        }
        db.execute("DROP INDEX probe_" + i);
        long dropped = System.nanoTime();
        org.morphdb.engine.api.TestHooks hooks = org.morphdb.engine.api.Databases.testHooks(db.name());
        while (hooks.purgesRunning()) {
          Thread.sleep(5);
        }
        System.out.printf("purge of probe_%d done %.2f s after DROP INDEX%n", i, (System.nanoTime() - dropped) / 1e9);
      }
      long t = System.nanoTime();
      long cpu = THREADS.getCurrentThreadCpuTime();
      db.execute("CREATE INDEX probe_idle ON big (a)");
      System.out.printf("idle build %.2f s, DDL thread CPU %.2f s%n", (System.nanoTime() - t) / 1e9,
          (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9);
    }
  }

  /** The writers' rate during the build, in thousands of writes per second per 50 ms slice. */
  static final class RateShape implements AutoCloseable {
    private static final long SLICE_NANOS = 50_000_000L;
    /** The writers' count at each slice's end, and the job's step (and rows done) then. */
    private final java.util.List<Long> counts = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    private final java.util.List<String> steps = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    private final Thread thread;
    private volatile boolean stop;

    RateShape(BenchWriters writers, Dbms.Db db) {
      counts.add(writers.done());
      steps.add("");
      thread = new Thread(() -> {
        try (java.sql.Connection c = db.connect(); java.sql.PreparedStatement q = c.prepareStatement(
            "SELECT step, rows_done FROM sys.ddl_jobs WHERE state = 'RUNNING'")) {
          long next = System.nanoTime() + SLICE_NANOS;
          while (!stop) {
            java.util.concurrent.locks.LockSupport.parkNanos(next - System.nanoTime());
            next += SLICE_NANOS;
            counts.add(writers.done());
            String step = "";
            try (java.sql.ResultSet rs = q.executeQuery()) {
              if (rs.next()) {
                step = rs.getString(1) + (rs.getLong(2) > 0 ? "(" + rs.getLong(2) / 1000 + "k)" : "");
              }
            }
            steps.add(step);
          }
        } catch (java.sql.SQLException e) {
          steps.add("error " + e.getMessage());
        }
      }, "probe-rate");
      thread.setDaemon(true);
      thread.start();
    }

    String describe() {
      StringBuilder sb = new StringBuilder("  k writes/s per 50 ms:");
      synchronized (counts) {
        for (int i = 1; i < counts.size(); i++) {
          sb.append(' ').append((counts.get(i) - counts.get(i - 1)) * 20 / 1000);
          if (i < steps.size() && !steps.get(i).equals(steps.get(i - 1))) {
            sb.append(" [").append(steps.get(i)).append(']');
          }
        }
      }
      return sb.toString();
    }

    @Override
    public void close() throws InterruptedException {
      stop = true;
      thread.join();
    }
  }
}
