package org.morphdb.server;

/**
 * How long a prepared statement's runs typically take, for the choice whether its next run
 * may go on the I/O thread: a moving average of its runs' wall times, each run weighing an
 * eighth. Not its last run's time: with 16 clients on two cores, an I/O thread is now and
 * then preempted in the middle of a 10-µs insert, and that one run measured over a
 * millisecond sent the statement's next runs through the worker pool (two more thread hand-
 * offs per round trip) until a run there was quick again. A statement that keeps taking long
 * still leaves the I/O thread within a few runs; its first run, of unknown cost, never runs
 * there. Not thread safe: used by the connection's one running request at a time.
 */
final class RunCost {
  /** A statement whose runs typically take less than this may run on the I/O thread. */
  static final long INLINE_NANOS = 1_000_000;

  private long typicalNanos = -1; // never run

  void record(long nanos) {
    typicalNanos = typicalNanos < 0 ? nanos : typicalNanos + (nanos - typicalNanos) / 8;
  }

  boolean quick() {
    return typicalNanos >= 0 && typicalNanos < INLINE_NANOS;
  }
}
