package org.morphdb.engine.storage;

import java.util.ArrayDeque;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
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

  /*
   * Snapshots opened without the lock (openSnapshot's fast path): each holds a slot, one
   * cache line apart, with the ts it protects; a refresh of the low-water mark stops at or
   * below every slot's ts.
   */
  private static final int SLOTS = 16;
  private static final int STRIDE = 8;
  private static final long FREE = Long.MAX_VALUE;
  private final AtomicLongArray slots = new AtomicLongArray(SLOTS * STRIDE);
  /** True, under lock, while begin() is between taking a commit ts and putting it in flight. */
  private volatile boolean beginning;

  VisibilityTracker(HybridClock clock, long timeoutNanos) {
    this.clock = clock;
    this.timeoutNanos = timeoutNanos;
    for (int i = 0; i < SLOTS; i++) {
      slots.set(i * STRIDE, FREE);
    }
  }

  HybridClock clock() {
    return clock;
  }

  /** Takes a commit ts and puts the commit in flight. */
  InFlight begin() {
    synchronized (lock) {
      beginning = true; // before the clock: see openSnapshot
      InFlight commit = new InFlight(clock.now());
      inFlight.addLast(commit);
      if (inFlight.size() == 1) {
        oldestInFlight = commit.ts;
      }
      sealed = commit.ts;
      beginning = false;
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

  /**
   * Takes a snapshot ts and registers it, then waits until it is visible. Usually without
   * the lock (read-only statements of many threads took turns on it): see {@link #tryFast}.
   */
  SnapshotHandle openSnapshot() {
    int slot = slotFor(Thread.currentThread().getId());
    for (int i = 0; i < SLOTS; i++, slot = (slot + 1) % SLOTS) {
      if (slots.get(slot * STRIDE) == FREE) {
        long ts = tryFast(slot);
        if (ts != FREE) {
          return new SnapshotHandle(this, ts, slot);
        }
        break;
      }
    }
    return new SnapshotHandle(this, openSnapshotLocked(), -1);
  }

  private static int slotFor(long threadId) {
    return (int) (threadId ^ (threadId >>> 16)) & (SLOTS - 1);
  }

  /**
   * The fast path: claims {@code slot}, takes the ts, publishes it there and waits for the
   * commits below it. Returns FREE, leaving the slot free, when a commit is being begun.
   *
   * <p>The slot is claimed with the lowest ts before the ts is taken. A refresh that reads
   * the slot after the claim stops below the ts. One that read it before took its mark from
   * the clock earlier than this takes the ts, so its mark is below the ts too.
   */
  private long tryFast(int slot) {
    int at = slot * STRIDE;
    if (!slots.compareAndSet(at, FREE, Long.MIN_VALUE)) {
      return FREE; // another thread took the slot
    }
    long ts = clock.now();
    // A commit with a smaller ts took it from the clock before this did, with beginning
    // set just before; seeing beginning clear means that commit is in inFlight already.
    if (beginning) {
      slots.set(at, FREE);
      return FREE;
    }
    slots.set(at, ts);
    try {
      awaitInFlightBelow(ts);
    } catch (RuntimeException e) {
      slots.set(at, FREE);
      throw e;
    }
    return ts;
  }

  /** Waits until no commit at or below {@code ts} is in flight (each one is in inFlight). */
  private void awaitInFlightBelow(long ts) {
    if (ts < oldestInFlight) {
      return;
    }
    synchronized (lock) {
      long deadline = System.nanoTime() + timeoutNanos;
      while (oldestInFlight <= ts) {
        waitForFinish(ts, deadline);
      }
    }
  }

  /** Today's path when no slot is free or the fast path lost a race: all under the lock. */
  private long openSnapshotLocked() {
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

  /** Releases a snapshot registered in {@code slot} (-1: in the registered map). */
  void release(long ts, int slot) {
    if (slot >= 0) {
      slots.set(slot * STRIDE, FREE); // the horizon moves on at the next refresh
      return;
    }
    release(ts);
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
    for (int i = 0; i < SLOTS && mark > horizon; i++) {
      mark = Math.min(mark, slots.get(i * STRIDE));
    }
    if (mark > horizon) {
      horizon = mark;
    }
    return horizon;
  }
}
