package org.morphdb.engine.storage;

/**
 * The versions of one key, newest first. Readers walk the chain without locking; writers
 * synchronize on the chain. Versions are immutable except for their {@code next} link,
 * which writers change only to splice in an older version or to cut off unreachable ones.
 */
final class VersionChain {
  /** The value of a delete. Never returned to readers. */
  static final Object TOMBSTONE = new Object() {
    @Override
    public String toString() {
      return "TOMBSTONE";
    }
  };

  /** Returned by {@link #write} when the chain was removed from its space: retry. */
  static final int REMOVED = Integer.MIN_VALUE;

  /** One version of a key. */
  static final class Version {
    final long ts;
    final Object value;
    volatile Version next;

    Version(long ts, Object value, Version next) {
      this.ts = ts;
      this.value = value;
      this.next = next;
    }

    boolean isTombstone() {
      return value == TOMBSTONE;
    }
  }

  private volatile Version head;
  /** Set, under the chain's lock, when vacuum takes the chain out of its space. */
  private volatile boolean removed;
  /** Set once the chain is in its space's key order (see {@link KeySpace}). */
  volatile boolean linked;

  /** True once vacuum took the chain out of its space: it never holds a live version again. */
  boolean isRemoved() {
    return removed;
  }

  /** The newest version with {@code ts <= readTs}, tombstones included; null if none. */
  Version visible(long readTs) {
    for (Version v = head; v != null; v = v.next) {
      if (v.ts <= readTs) {
        return v;
      }
    }
    return null;
  }

  /** The value a reader at {@code readTs} sees: null if absent or deleted. */
  Object read(long readTs) {
    Version v = visible(readTs);
    return v == null || v.value == TOMBSTONE ? null : v.value;
  }

  /** The ts of the newest version (tombstones included), or {@link Long#MIN_VALUE}. */
  long newestTs() {
    Version h = head;
    return h == null ? Long.MIN_VALUE : h.ts;
  }

  /**
   * Writes {@code value} (or {@link #TOMBSTONE}) at {@code ts}, in ts order inside the
   * chain. A version with the same ts is replaced when {@code replaceSameTs}, else kept.
   * Then cuts off versions no reader at or above {@code horizon} can reach.
   *
   * @return the change (-1, 0, +1) in whether the newest version is live, or {@link
   *     #REMOVED} if the chain left its space and the caller must write to a new one
   */
  synchronized int write(long ts, Object value, boolean replaceSameTs, long horizon) {
    if (removed) {
      return REMOVED;
    }
    Version oldHead = head;
    Version prev = null;
    Version cur = oldHead;
    while (cur != null && cur.ts > ts) {
      prev = cur;
      cur = cur.next;
    }
    if (cur != null && cur.ts == ts) {
      if (!replaceSameTs) {
        return 0;
      }
      cur = cur.next;
    }
    Version added = new Version(ts, value, cur);
    if (prev == null) {
      head = added;
    } else {
      prev.next = added;
    }
    prune(horizon);
    return liveness(head) - liveness(oldHead);
  }

  /**
   * Prunes, and marks the chain removed if all that is left is a tombstone no reader at or
   * above {@code horizon} can see past.
   *
   * @return true if the chain must leave its space
   */
  synchronized boolean vacuum(long horizon) {
    prune(horizon);
    Version h = head;
    if (h == null || (h.value == TOMBSTONE && h.ts <= horizon)) {
      removed = true;
    }
    return removed;
  }

  /** Drops every version older than the newest one with {@code ts <= horizon}. */
  private void prune(long horizon) {
    for (Version v = head; v != null; v = v.next) {
      if (v.ts <= horizon) {
        if (v.next != null) {
          v.next = null;
        }
        return;
      }
    }
  }

  /** Number of versions, tombstones included (diagnostics and tests). */
  int versionCount() {
    int n = 0;
    for (Version v = head; v != null; v = v.next) {
      n++;
    }
    return n;
  }

  private static int liveness(Version v) {
    return v == null || v.value == TOMBSTONE ? 0 : 1;
  }
}
