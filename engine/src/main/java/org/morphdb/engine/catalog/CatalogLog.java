package org.morphdb.engine.catalog;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Consumer;
import java.util.function.Function;
import org.morphdb.engine.clock.HybridClock;

/**
 * The append-only list of catalog versions of one database. Appends are serialized;
 * readers never lock: they read an immutable snapshot of the list.
 */
public final class CatalogLog {
  private final HybridClock clock;
  private volatile Versions versions;
  private final List<Consumer<Catalog>> listeners = new ArrayList<>();
  private final List<java.util.function.LongConsumer> heartbeatListeners = new ArrayList<>();
  /** True while {@link #append} runs: set before it takes the activation ts, cleared once published. */
  private volatile boolean appending;

  public CatalogLog(HybridClock clock) {
    this.clock = clock;
    versions = new Versions(new Catalog[] {Catalog.empty()}, 1);
  }

  public Catalog latest() {
    Versions v = versions;
    return v.get(v.size() - 1);
  }

  /** The newest version activated at or before {@code ts}. */
  public Catalog catalogAt(long ts) {
    Versions v = versions;
    int lo = 0;
    int hi = v.size() - 1;
    if (v.get(hi).activationTs() <= ts) {
      return v.get(hi); // the common case: no version in flight
    }
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (v.get(mid).activationTs() <= ts) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return v.get(lo);
  }

  public Catalog version(int number) {
    return versions.get(number);
  }

  /** All versions, oldest first. */
  public List<Catalog> versions() { return versions; }

  /**
   * Commits the next version: {@code change} computes the update entries from the latest
   * version (so validation and id allocation see exactly the version they extend), active
   * from now + {@code delayMillis}. Catalog commits are serialized, and the activation
   * timestamp is taken inside that serialization, so a {@link #heartbeat()} never runs
   * between the two. Returns null, committing nothing, when {@code change} returns no entries.
   */
  public synchronized Catalog append(Function<Catalog, List<UpdateEntry>> change, long delayMillis, String statement) {
    appending = true;
    try {
      return appendLocked(change, delayMillis, statement);
    } finally {
      appending = false;
    }
  }

  private Catalog appendLocked(Function<Catalog, List<UpdateEntry>> change, long delayMillis, String statement) {
    Catalog prev = latest();
    List<UpdateEntry> entries = change.apply(prev);
    if (entries.isEmpty()) {
      return null;
    }
    long activationTs = HybridClock.plusMillis(clock.now(), delayMillis);
    Catalog next = prev.next(entries, Math.max(activationTs, prev.activationTs() + 1), statement);
    versions = versions.plus(next);
    for (Consumer<Catalog> l : listeners) {
      l.accept(next);
    }
    return next;
  }

  /**
   * "Complete until R": returns a timestamp R such that every version with an activation
   * timestamp at or before R is already in the log (later commits activate after R). Issued
   * in the same serialized sequence as catalog commits.
   */
  public synchronized long heartbeat() {
    long r = clock.now();
    for (java.util.function.LongConsumer l : heartbeatListeners) {
      l.accept(r);
    }
    return r;
  }

  /**
   * "Complete until R" for a reader of this log in the same process, without serializing:
   * when no append is running, R is the clock's current ts, since every later append takes
   * its activation ts from a later {@code clock.now()}. An append that took its ts at or below
   * R set {@code appending} before, and clears it only after publishing, so seeing it clear
   * after reading R means that version is already in the log. While one runs, this is a
   * {@link #heartbeat()}, which waits for it.
   */
  public long completeUntilCurrent() {
    long r = clock.current();
    return appending ? heartbeat() : r;
  }

  /** Called, under the commit lock, with every heartbeat R in order with the versions. */
  public synchronized void addHeartbeatListener(java.util.function.LongConsumer listener) {
    heartbeatListeners.add(listener);
  }

  /** Called, under the append lock, with every appended version in order. */
  public synchronized void addListener(Consumer<Catalog> listener) {
    listeners.add(listener);
  }

  /**
   * Puts back the versions a durable database recorded, oldest first from version 0, in
   * place of the empty log: at open, before anything reads the log or listens to it.
   */
  public synchronized void restore(List<Catalog> recorded) {
    if (recorded.isEmpty() || recorded.get(0).version() != 0 || versions.size() != 1) {
      throw new IllegalStateException("restore needs versions from 0 into an empty log");
    }
    versions = new Versions(recorded.toArray(new Catalog[0]), recorded.size());
  }

  /**
   * The versions up to {@code size}, in an array that only grows (by doubling, so an append
   * costs O(1) amortized instead of copying every version): slots below {@code size} never
   * change, and a new snapshot is published only after its slot is written.
   */
  private static final class Versions extends AbstractList<Catalog> implements RandomAccess {
    private final Catalog[] slots;
    private final int size;

    Versions(Catalog[] slots, int size) {
      this.slots = slots;
      this.size = size;
    }

    /** The next snapshot (called under the append lock). */
    Versions plus(Catalog next) {
      Catalog[] s = size < slots.length ? slots : Arrays.copyOf(slots, size * 2);
      s[size] = next;
      return new Versions(s, size + 1);
    }

    @Override
    public Catalog get(int index) {
      Objects.checkIndex(index, size);
      return slots[index];
    }

    @Override
    public int size() {
      return size;
    }
  }
}
