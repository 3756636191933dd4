package org.morphdb.cli.demo;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/** What the demo's writers and readers did, counted as they go. */
final class Counters {
  /** The counters at one moment. */
  record Snapshot(long nanos, long writes, long reads, long retried, long errors) {
    double writesPerSec(Snapshot later) {
      return rate(later.writes - writes, later);
    }

    double readsPerSec(Snapshot later) {
      return rate(later.reads - reads, later);
    }

    double seconds(Snapshot later) {
      return (later.nanos - nanos) / 1e9;
    }

    private double rate(long n, Snapshot later) {
      double s = seconds(later);
      return s <= 0 ? Double.NaN : n / s;
    }
  }

  private static final int ERRORS_KEPT = 5;

  private final LongAdder writes = new LongAdder();
  private final LongAdder reads = new LongAdder();
  private final LongAdder inserted = new LongAdder();
  private final LongAdder retried = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final java.util.concurrent.atomic.AtomicInteger mostAttempts =
      new java.util.concurrent.atomic.AtomicInteger(1);
  private final List<String> firstErrors = new ArrayList<>();

  void write(boolean insert) {
    writes.increment();
    if (insert) {
      inserted.increment();
    }
  }

  void read() {
    reads.increment();
  }

  /** A transaction that had to run again after a 40001; it took {@code attempts} in all. */
  void retried(int attempts) {
    retried.increment();
    mostAttempts.accumulateAndGet(attempts, Math::max);
  }

  /** The most attempts one transaction needed (1 when none was retried). */
  int mostAttempts() {
    return mostAttempts.get();
  }

  /** A failure the application saw: an exception, or a read that found the wrong thing. */
  void error(String what) {
    errors.increment();
    synchronized (firstErrors) {
      if (firstErrors.size() < ERRORS_KEPT) {
        firstErrors.add(what);
      }
    }
  }

  void error(String what, SQLException e) {
    error(what + ": " + e.getSQLState() + (e.getErrorCode() != 0 ? "/" + e.getErrorCode() : "")
        + " " + e.getMessage());
  }

  long inserted() {
    return inserted.sum();
  }

  long errors() {
    return errors.sum();
  }

  List<String> firstErrors() {
    synchronized (firstErrors) {
      return List.copyOf(firstErrors);
    }
  }

  Snapshot snapshot() {
    return new Snapshot(System.nanoTime(), writes.sum(), reads.sum(), retried.sum(), errors.sum());
  }
}
