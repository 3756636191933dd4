package org.morphdb.bench;

import java.util.Arrays;

/**
 * Operations of one paced writer thread: when each was meant to start and when it ended,
 * in nanoseconds. Latency counts from the intended start, so time spent waiting behind a
 * stalled operation counts too (no coordinated omission). Thread-confined while recording.
 */
final class LatencyLog {
  private long[] intended = new long[1 << 14];
  private long[] ended = new long[1 << 14];
  private int size;

  void add(long intendedNanos, long endNanos) {
    if (size == intended.length) {
      intended = Arrays.copyOf(intended, size * 2);
      ended = Arrays.copyOf(ended, size * 2);
    }
    intended[size] = intendedNanos;
    ended[size] = endNanos;
    size++;
  }

  /** Latencies (ns) of the operations meant to start in [from, to), over every log. */
  static long[] latencies(Iterable<LatencyLog> logs, long from, long to) {
    long[] out = new long[16];
    int n = 0;
    for (LatencyLog log : logs) {
      for (int i = 0; i < log.size; i++) {
        if (log.intended[i] >= from && log.intended[i] < to) {
          if (n == out.length) {
            out = Arrays.copyOf(out, n * 2);
          }
          out[n++] = log.ended[i] - log.intended[i];
        }
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** Operations that ended in [from, to), over every log. */
  static long endedBetween(Iterable<LatencyLog> logs, long from, long to) {
    long n = 0;
    for (LatencyLog log : logs) {
      for (int i = 0; i < log.size; i++) {
        n += log.ended[i] >= from && log.ended[i] < to ? 1 : 0;
      }
    }
    return n;
  }

  /** The {@code p}-th percentile (0..100) of {@code values}, NaN when empty. */
  static double percentile(long[] values, double p) {
    if (values.length == 0) {
      return Double.NaN;
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int index = (int) Math.ceil(p / 100 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(index, sorted.length - 1))];
  }
}
