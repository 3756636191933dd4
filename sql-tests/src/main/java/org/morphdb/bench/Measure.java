package org.morphdb.bench;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;

/** Timing helpers of the harness. */
final class Measure {
  /** Runs at least this many operations in the measured window, however slow they are. */
  private static final int MIN_OPS = 3;

  /** One operation; {@code i} counts from 0 over warm-up and measurement. */
  @FunctionalInterface
  interface Op {
    void run(long i) throws SQLException;
  }

  private Measure() {
  }

  /** Runs {@code op} in a loop for the warm-up, then measures; returns operations per second. */
  static double opsPerSecond(Op op, double warmupSeconds, double measureSeconds)
      throws SQLException {
    long i = 0;
    long end = System.nanoTime() + nanos(warmupSeconds);
    while (System.nanoTime() < end) {
      op.run(i++);
    }
    long start = System.nanoTime();
    end = start + nanos(measureSeconds);
    long n = 0;
    long now = start;
    while (now < end || n < MIN_OPS) {
      op.run(i++);
      n++;
      now = System.nanoTime();
    }
    return n / ((now - start) / 1e9);
  }

  static long nanos(double seconds) {
    return Math.round(seconds * 1e9);
  }

  static void sleep(double seconds) throws InterruptedException {
    Thread.sleep(Math.round(seconds * 1000));
  }

  /**
   * A full collection before a database's turn, as JMH's {@code -gc true} does before each
   * iteration: the databases share one heap, and without it a turn paid for collecting what
   * the others left behind. A young collection that found the previous turns' freshly
   * inserted rows of all three databases alive copied 1.9 GB in one 1.5 s pause, and the
   * database whose turn it was ran a round of the insert benchmark at 17,000-93,000 rows/s
   * instead of 400,000-500,000.
   */
  static void collectGarbage() {
    System.gc();
  }

  /** Heap in use after full collections, in bytes. */
  static long usedHeapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
