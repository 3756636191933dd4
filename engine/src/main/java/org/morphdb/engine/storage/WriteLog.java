package org.morphdb.engine.storage;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The writes commits make to an index while its backfill runs, appended to columns
 * ({@link RunBuilder}s, one per stripe of threads) instead of entering the index's hash map
 * as version chains: an append costs a writer a few array stores and leaves no object behind
 * for the young collections to copy. The backfill closes the log and folds it into its run
 * ({@link MvccStore#attachRun}), with a second log open while it sorts (see {@link
 * KeySpace#rotateLog}); nothing reads the index before that.
 *
 * <p>Closing: once {@link #close} returned, no commit appends any more (each then writes its
 * chains); a commit that appended took its ts before the close, so waiting for every commit
 * up to a ts taken after the close to finish waits for every append.
 */
final class WriteLog {
  private static final int STRIPES = 8;

  /** Made on a stripe's first append, so that only the stripes threads use take memory. */
  private final AtomicReferenceArray<RunBuilder> stripes = new AtomicReferenceArray<>(STRIPES);
  private final int stripeCapacity;
  private volatile boolean closed;

  /**
   * @param stripeCapacity the entries a stripe has room for before it grows: for a big
   *     table's index, enough that its arrays are allocated outside the young generation
   *     (which would otherwise copy them at every collection while they grow)
   */
  WriteLog(int stripeCapacity) {
    this.stripeCapacity = Math.max(16, stripeCapacity);
  }

  /**
   * A fresh log, its stripes sized for what this one's largest stripe holds now, up to this
   * one's size: a build's later logs each gather during a shorter sort than the one before,
   * and a stripe sized for a big table's whole backfill is some 10 MB of arrays (made on the
   * stripe's first append, outside the young generation, where they count towards G1's
   * threshold for concurrent marking).
   */
  WriteLog fresh() {
    int largest = 0;
    for (int i = 0; i < STRIPES; i++) {
      RunBuilder stripe = stripes.get(i);
      if (stripe != null) {
        synchronized (stripe) {
          largest = Math.max(largest, stripe.size());
        }
      }
    }
    return new WriteLog(Math.min(stripeCapacity, largest + largest / 4));
  }

  /** The entries a stripe has room for before it grows (tests). */
  int stripeCapacity() {
    return stripeCapacity;
  }

  /** Appends a commit's write; false if the log is closed (write the chain instead). */
  boolean append(Key key, Object stored, long ts) {
    if (closed) {
      return false;
    }
    // one stripe per thread: a commit's writes stay in the order it made them
    int i = (int) (Thread.currentThread().getId() & (STRIPES - 1));
    RunBuilder stripe = stripes.get(i);
    if (stripe == null) {
      stripes.compareAndSet(i, null, RunBuilder.at(0, stripeCapacity));
      stripe = stripes.get(i);
    }
    synchronized (stripe) {
      stripe.add(key, stored, ts);
    }
    return true;
  }

  /** The writes appended so far. */
  int size() {
    int total = 0;
    for (int i = 0; i < STRIPES; i++) {
      RunBuilder stripe = stripes.get(i);
      if (stripe != null) {
        synchronized (stripe) {
          total += stripe.size();
        }
      }
    }
    return total;
  }

  /** Stops appends (see the class comment for when the last one has finished). */
  void close() {
    closed = true;
  }

  /** Moves every appended write into {@code target}, after its entries. Once the log is closed. */
  void drainInto(RunBuilder target) {
    target.reserve(target.size() + size()); // one copy of the columns at most, not one per stripe
    for (int i = 0; i < STRIPES; i++) {
      RunBuilder stripe = stripes.get(i);
      if (stripe != null) {
        synchronized (stripe) {
          target.addAll(stripe);
        }
      }
    }
  }

  /** Every appended write, in a run of its own (each key's newest version). Once closed. */
  SortedRun drain(Runnable checkpoint) {
    RunBuilder all = RunBuilder.at(0, 16);
    drainInto(all);
    return all.build(checkpoint);
  }
}
