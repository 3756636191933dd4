package org.morphdb.stress;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a seed found wrong, shared by its threads: anomalies (the checkers disagree with the
 * data: CHECK TABLE problems, index ≠ scan, table ≠ model, a writer reading back something
 * it did not write) and unexpected errors (an exception no rule of DESIGN.md explains).
 * Only the first few descriptions are kept; all are counted.
 */
final class Findings {
  private static final int KEEP = 40;

  private final boolean stopOnFirst;
  private final List<String> anomalies = new ArrayList<>();
  private final List<String> unexpected = new ArrayList<>();
  private final AtomicInteger anomalyCount = new AtomicInteger();
  private final AtomicInteger unexpectedCount = new AtomicInteger();
  private volatile boolean stop;

  Findings(boolean stopOnFirst) {
    this.stopOnFirst = stopOnFirst;
  }

  void anomaly(String what) {
    anomalyCount.incrementAndGet();
    synchronized (anomalies) {
      if (anomalies.size() < KEEP) {
        anomalies.add(what);
      }
    }
    if (stopOnFirst) {
      stop = true;
    }
  }

  void unexpected(String what) {
    unexpectedCount.incrementAndGet();
    synchronized (unexpected) {
      if (unexpected.size() < KEEP) {
        unexpected.add(what);
      }
    }
    if (stopOnFirst) {
      stop = true;
    }
  }

  /** Asks every thread of the seed to wind down. */
  void requestStop() { stop = true; }

  boolean stopRequested() { return stop; }

  int anomalyCount() { return anomalyCount.get(); }

  int unexpectedCount() { return unexpectedCount.get(); }

  List<String> anomalies() {
    synchronized (anomalies) {
      return List.copyOf(anomalies);
    }
  }

  List<String> unexpected() {
    synchronized (unexpected) {
      return List.copyOf(unexpected);
    }
  }
}
