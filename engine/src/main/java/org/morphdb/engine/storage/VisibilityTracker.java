package org.morphdb.engine.storage;

import java.util.ArrayDeque;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;

/**
 * Commit and snapshot timestamps of one store: the visibility watermark and the
 * reclamation low-water mark.
 *
 * <p>Commit timestamps and snapshot timestamps are both taken from the clock under one
 * small lock, and a commit is put in flight under that same lock. So when a snapshot ts
 * {@code t} is returned, every commit that will ever hold a ts {@code <= t} is already in
 * flight (or done), and waiting for the in-flight ones makes a read at {@code t} see each
 * commit entirely or not at all.
 *
 * <p>Reclamation: readers register the timestamps they may still read at; the low-water
 * mark is {@code min(registered, visibleTs)}, and it never moves back: registering below
 * the mark already handed to pruners is refused.
 */
final class VisibilityTracker {

  /** A commit between taking its ts and finishing. */
  static final class InFlight {
    final long ts;
    /** Guarded by the tracker's lock. */
    private boolean done;

    private InFlight(long ts) {
      this.ts = ts;
    }
  }

  /** How far ahead of the clock {@link #awaitVisible} accepts a ts (one hour). */
  private static final long MAX_FUTURE = HybridClock.fromMillis(3_600_000L);

  private final HybridClock clock;
  private final long timeoutNanos;
  private final Object lock = new Object();
  /** In-flight commits in ts order (they are added in ts order). Guarded by lock. */
  private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
  /** Registered read timestamps and how many registrations each has. Guarded by lock. */
  private final TreeMap<Long, Integer> registered = new TreeMap<>();
  /** Threads waiting in awaitVisible. Guarded by lock. */
  private int waiters;

  /** The ts of the oldest in-flight commit, or MAX_VALUE. Written under lock. */
  private volatile long oldestInFlight = Long.MAX_VALUE;
  /** Every commit ts at or below this one has been put in flight already. Written under lock. */
  private volatile long sealed = Long.MIN_VALUE;
  /** The low-water mark last computed; never decreases. Written under lock. */
  private volatile long horizon = Long.MIN_VALUE;

  VisibilityTracker(HybridClock clock, long timeoutNanos) {
    this.clock = clock;
    this.timeoutNanos = timeoutNanos;
  }

  HybridClock clock() {
    return clock;
  }

  /** Takes a commit ts and puts the commit in flight. */
  InFlight begin() {
    synchronized (lock) {
      InFlight commit = new InFlight(clock.now());
      inFlight.addLast(commit);
      if (inFlight.size() == 1) {
        oldestInFlight = commit.ts;
      }
      sealed = commit.ts;
      return commit;
    }
  }

  /** Marks the commit applied (or abandoned); readers waiting for it go on. Idempotent. */
  void finish(InFlight commit) {
    synchronized (lock) {
      if (commit.done) {
        return;
      }
      commit.done = true;
      boolean oldestMoved = false;
      while (!inFlight.isEmpty() && inFlight.peekFirst().done) {
        inFlight.pollFirst();
        oldestMoved = true;
      }
      if (oldestMoved) {
        oldestInFlight = inFlight.isEmpty() ? Long.MAX_VALUE : inFlight.peekFirst().ts;
        refreshHorizon();
        if (waiters > 0) {
          lock.notifyAll();
        }
      }
    }
  }

  long snapshotTs() {
    synchronized (lock) {
      long ts = clock.now();
      sealed = ts;
      return ts;
    }
  }

  /** Blocks until every commit with a ts at or below {@code ts} has finished. */
  void awaitVisible(long ts) {
    if (ts <= sealed && ts < oldestInFlight) {
      return; // the common case: no lock
    }
    synchronized (lock) {
      if (ts > sealed) {
        sealFuture(ts);
      }
      long deadline = System.nanoTime() + timeoutNanos;
      while (oldestInFlight <= ts) {
        waitForFinish(ts, deadline);
      }
    }
  }

  /** Makes every commit that begins from now on get a ts above {@code ts}. */
  private void sealFuture(long ts) {
    long now = clock.now();
    if (ts > now) {
      if (ts - now > MAX_FUTURE) {
        throw MorphException.of(ErrorCode.INTERNAL_ERROR,
            "cannot wait for commits at %s: it is far ahead of the clock (%s)",
            HybridClock.format(ts), HybridClock.format(now));
      }
      clock.observe(ts);
    }
    sealed = Math.max(now, ts);
  }

  private void waitForFinish(long ts, long deadline) {
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR,
          "commit %s did not finish within %d ms; reads at %s cannot proceed",
          HybridClock.format(oldestInFlight), TimeUnit.NANOSECONDS.toMillis(timeoutNanos),
          HybridClock.format(ts));
    }
    waiters++;
    try {
      TimeUnit.NANOSECONDS.timedWait(lock, left);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MorphException(ErrorCode.CANCELLED, "interrupted while waiting for commits", e);
    } finally {
      waiters--;
    }
  }

  long visibleTs() {
    synchronized (lock) {
      return visibleLocked();
    }
  }

  private long visibleLocked() {
    return inFlight.isEmpty() ? clock.current() : inFlight.peekFirst().ts - 1;
  }

  /** Takes a snapshot ts and registers it, in one step, then waits until it is visible. */
  long openSnapshot() {
    long ts;
    synchronized (lock) {
      ts = clock.now();
      sealed = ts;
      add(ts);
    }
    try {
      awaitVisible(ts);
    } catch (RuntimeException e) {
      release(ts);
      throw e;
    }
    return ts;
  }

  /** Registers a read at {@code ts}, which must not be below the low-water mark already used. */
  void register(long ts) {
    synchronized (lock) {
      if (ts < horizon) {
        throw MorphException.of(ErrorCode.INTERNAL_ERROR,
            "snapshot %s is older than the reclamation low-water mark %s",
            HybridClock.format(ts), HybridClock.format(horizon));
      }
      add(ts);
    }
  }

  private void add(long ts) {
    registered.merge(ts, 1, Integer::sum);
  }

  void release(long ts) {
    synchronized (lock) {
      Integer n = registered.get(ts);
      if (n == null) {
        return;
      }
      if (n > 1) {
        registered.put(ts, n - 1);
      } else {
        registered.remove(ts);
        refreshHorizon();
      }
    }
  }

  /** Computes the low-water mark afresh. */
  long lowWaterMark() {
    synchronized (lock) {
      return refreshHorizon();
    }
  }

  /** The low-water mark last computed: possibly stale, never too high. No lock. */
  long horizon() {
    return horizon;
  }

  private long refreshHorizon() {
    long mark = visibleLocked();
    if (!registered.isEmpty()) {
      mark = Math.min(mark, registered.firstKey());
    }
    if (mark > horizon) {
      horizon = mark;
    }
    return horizon;
  }
}
