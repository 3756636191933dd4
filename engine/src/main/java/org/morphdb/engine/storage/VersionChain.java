package org.morphdb.engine.storage;

/**
 * The versions of one key, newest first. Readers walk the chain without locking; writers
 * synchronize on the chain. Versions are immutable except for their {@code next} link,
 * which writers change only to splice in an older version or to cut off unreachable ones.
 *
 * <p>The chain is itself the version its key was created with (it extends {@link Version}):
 * most keys of a big table have one version, and keeping it inline saves an object and a
 * dependent memory access per key, which is both heap and young-collection copying (a
 * backfill creates a million chains at once). Once newer versions make the embedded one
 * unreachable, its value is cleared so that the chain object does not keep an old row image
 * alive.
 */
final class VersionChain extends Version {
  /** The value of a delete. Never returned to readers. */
  static final Object TOMBSTONE = new Object() {
    @Override
    public String toString() {
      return "TOMBSTONE";
    }
  };

  /** Returned by {@link #write} when the chain was removed from its space: retry. */
  static final int REMOVED = Integer.MIN_VALUE;

  private volatile Version head;
  /**
   * The key the chain is stored under in its space's hash map (null in tests): a writer that
   * found the chain by an equal key of its own hands this one on, so that what it writes
   * (an index entry's row key) shares the stored key instead of keeping its own copy alive.
   * Costs no memory: the field fills the chain's 8-byte alignment.
   */
  final Key key;
  /** Set, under the chain's lock, when vacuum takes the chain out of its space. */
  private volatile boolean removed;
  /** Set once the chain is in its space's key order (see {@link KeySpace}). */
  volatile boolean linked;

  /** An empty chain (tests). */
  VersionChain() {
    super(Long.MIN_VALUE, null, null);
    this.key = null;
  }

  /** A chain created with its first version, {@code value} (or {@link #TOMBSTONE}) at {@code ts}. */
  VersionChain(long ts, Object value) {
    this(null, ts, value);
  }

  /** As {@link #VersionChain(long, Object)}, stored under {@code key}. */
  VersionChain(Key key, long ts, Object value) {
    super(ts, value, null);
    this.key = key;
    head = this;
  }

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
    int oldLiveness = liveness(oldHead); // before clearing the embedded version below
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
      // only the commit that wrote a version replaces it, before any reader may see it
      Version replaced = cur;
      cur = cur.next;
      if (replaced == this) {
        this.value = null; // the embedded version is out of the chain now
      }
    }
    Version added = new Version(ts, value, cur);
    if (prev == null) {
      head = added;
    } else {
      prev.next = added;
    }
    prune(horizon);
    return liveness(head) - oldLiveness;
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

  /**
   * Drops every version older than the newest one with {@code ts <= horizon}. No reader can
   * reach them: every registered reader reads at or above the horizon and stops at that
   * version or a newer one.
   */
  private void prune(long horizon) {
    for (Version v = head; v != null; v = v.next) {
      if (v.ts <= horizon) {
        Version cut = v.next;
        if (cut != null) {
          v.next = null;
          clearIfEmbedded(cut);
        }
        return;
      }
    }
  }

  /** Clears the embedded version's value if it is among the versions from {@code cut} on. */
  private void clearIfEmbedded(Version cut) {
    for (Version t = cut; t != null; t = t.next) {
      if (t == this) {
        this.value = null;
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
