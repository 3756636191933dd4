package org.morphdb.bench;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether threads of one database get in each other's way: the same auto-commit statements
 * by one thread, by N threads in one database, and by N threads each in its own database of
 * this JVM. N threads in N databases share only the machine and the JVM (GC), so what one
 * database does worse than that is contention inside it. Session 14 found two writers of one
 * database doing about the throughput of one this way (7 µs of CPU per write against 4 µs).
 * Run: {@code java -cp ... org.morphdb.bench.ScalingProbe [update|select] [threads] [rows]
 * [dbms]} (dbms: MORPHDB, H2 or HSQLDB).
 */
public final class ScalingProbe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final long WARM_UP_MILLIS = 3_000;
  private static final long MEASURE_MILLIS = 4_000;

  private ScalingProbe() {
  }

  public static void main(String[] args) throws Exception {
    boolean update = args.length == 0 || args[0].equals("update");
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int rows = args.length > 2 ? Integer.parseInt(args[2]) : 300_000;
    Dbms dbms = args.length > 3 ? Dbms.valueOf(args[3]) : Dbms.MORPHDB;
    System.out.printf("%s, %s, %,d rows per table%n", dbms.label(), update ? "UPDATE by id" : "SELECT by id", rows);
    report("1 thread", run(dbms, update, 1, rows, false));
    report(threads + " threads, one database", run(dbms, update, threads, rows, false));
    report(threads + " threads, a database each", run(dbms, update, threads, rows, true));
  }

  private static void report(String what, long[] opsAndCpu) {
    double seconds = MEASURE_MILLIS / 1000.0;
    System.out.printf("  %-28s %,10.0f ops/s  CPU per op %,6d ns%n", what, opsAndCpu[0] / seconds,
        opsAndCpu[0] == 0 ? 0 : opsAndCpu[1] / opsAndCpu[0]);
  }

  /** Runs the threads; returns the operations and the threads' CPU nanoseconds measured. */
  private static long[] run(Dbms dbms, boolean update, int threads, int rows, boolean ownDatabases)
      throws Exception {
    List<Dbms.Db> dbs = new ArrayList<>();
    try {
      int databases = ownDatabases ? threads : 1;
      for (int i = 0; i < databases; i++) {
        Dbms.Db db = dbms.open("scaling" + System.nanoTime() + "_" + i);
        dbs.add(db);
        Tables.createBig(db);
        Tables.loadBig(db, rows);
      }
      AtomicLong ops = new AtomicLong();
      AtomicLong cpu = new AtomicLong();
      long measureFrom = System.nanoTime() + WARM_UP_MILLIS * 1_000_000;
      long measureTo = measureFrom + MEASURE_MILLIS * 1_000_000;
      List<Thread> workers = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        Dbms.Db db = dbs.get(ownDatabases ? i : 0);
        Thread t = new Thread(() -> work(db, update, rows, measureFrom, measureTo, ops, cpu), "scaling-" + i);
        workers.add(t);
        t.start();
      }
      for (Thread t : workers) {
        t.join();
      }
      return new long[] {ops.get(), cpu.get()};
    } finally {
      for (Dbms.Db db : dbs) {
        db.close();
      }
    }
  }

  private static void work(Dbms.Db db, boolean update, int rows, long measureFrom, long measureTo,
      AtomicLong ops, AtomicLong cpu) {
    String sql = update ? "UPDATE big SET a = ?, b = ? WHERE id = ?" : "SELECT a, b, c FROM big WHERE id = ?";
    try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement(sql)) {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      long done = 0;
      long cpuFrom = 0;
      boolean measuring = false;
      for (long now = System.nanoTime(); now < measureTo; now = System.nanoTime()) {
        if (!measuring && now >= measureFrom) {
          measuring = true;
          cpuFrom = THREADS.getCurrentThreadCpuTime();
        }
        if (update) {
          ps.setInt(1, random.nextInt(rows));
          ps.setInt(2, random.nextInt(1000));
          ps.setLong(3, 1 + random.nextInt(rows));
          ps.executeUpdate();
        } else {
          ps.setLong(1, 1 + random.nextInt(rows));
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
          }
        }
        if (measuring) {
          done++;
        }
      }
      ops.addAndGet(done);
      cpu.addAndGet(THREADS.getCurrentThreadCpuTime() - cpuFrom);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
