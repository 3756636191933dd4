package org.morphdb.engine.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.morphdb.engine.clock.HybridClock;

/**
 * The append-only list of catalog versions of one database. Appends are serialized;
 * readers never lock: they read an immutable snapshot of the list.
 */
public final class CatalogLog {
  private final HybridClock clock;
  private volatile List<Catalog> versions;
  private final List<Consumer<Catalog>> listeners = new ArrayList<>();
  private final List<java.util.function.LongConsumer> heartbeatListeners = new ArrayList<>();

  public CatalogLog(HybridClock clock) {
    this.clock = clock;
    versions = List.of(Catalog.empty());
  }

  public Catalog latest() {
    List<Catalog> v = versions;
    return v.get(v.size() - 1);
  }

  /** The newest version activated at or before {@code ts}. */
  public Catalog catalogAt(long ts) {
    List<Catalog> v = versions;
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
    Catalog prev = latest();
    List<UpdateEntry> entries = change.apply(prev);
    if (entries.isEmpty()) {
      return null;
    }
    long activationTs = HybridClock.plusMillis(clock.now(), delayMillis);
    Catalog next = prev.next(entries, Math.max(activationTs, prev.activationTs() + 1), statement);
    List<Catalog> copy = new ArrayList<>(versions.size() + 1);
    copy.addAll(versions);
    copy.add(next);
    versions = List.copyOf(copy);
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

  /** Called, under the commit lock, with every heartbeat R in order with the versions. */
  public synchronized void addHeartbeatListener(java.util.function.LongConsumer listener) {
    heartbeatListeners.add(listener);
  }

  /** Called, under the append lock, with every appended version in order. */
  public synchronized void addListener(Consumer<Catalog> listener) {
    listeners.add(listener);
  }
}
