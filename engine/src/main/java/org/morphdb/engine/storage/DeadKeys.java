package org.morphdb.engine.storage;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Keys whose newest version is a delete, in the order their deletes were applied: candidates
 * to leave their keyspace. Writes prune old versions of the chains they touch, but a deleted
 * key is not written again, so without this its tombstone, chain, hash-map entry and tree
 * slot would stay for ever: a table whose rows come and go (a queue, a sliding window) and
 * an index whose column is updated (every update moves the row's entry to another key) would
 * grow without bound, and their scans would step over ever more tombstones.
 */
final class DeadKeys {
  /** One delete: the chain it wrote its tombstone into, at {@code ts}. */
  private record Dead(KeySpace space, Key key, VersionChain chain, long ts) {}

  private final ConcurrentLinkedQueue<Dead> queue = new ConcurrentLinkedQueue<>();
  /** One reclaimer at a time: the queue is worked off in order. */
  private final ReentrantLock reclaiming = new ReentrantLock();

  void add(KeySpace space, Key key, VersionChain chain, long ts) {
    queue.add(new Dead(space, key, chain, ts));
  }

  boolean isEmpty() {
    return queue.isEmpty();
  }

  /** Walks the whole queue: for diagnostics and tests. */
  int size() {
    return queue.size();
  }

  /**
   * Takes out of their keyspaces the keys deleted at or below {@code horizon} that no one
   * wrote since (no reader at or above the horizon sees them: they read as absent either
   * way). Stops at the first delete above the horizon, to be retried later: deletes are
   * queued in about ts order. Returns how many keys left their spaces.
   */
  int reclaim(long horizon) {
    if (!reclaiming.tryLock()) {
      return 0;
    }
    try {
      int removed = 0;
      for (Dead d = queue.peek(); d != null && d.ts <= horizon; d = queue.peek()) {
        queue.poll();
        // a chain written again since holds a newer version: vacuum keeps it
        // a chain that hides an entry of the space's run stays as long as the run
        if (!d.chain.isRemoved() && !d.space.shadowsRun(d.key) && d.chain.vacuum(horizon)) {
          d.space.unlink(d.key, d.chain);
          removed++;
        }
      }
      return removed;
    } finally {
      reclaiming.unlock();
    }
  }
}
