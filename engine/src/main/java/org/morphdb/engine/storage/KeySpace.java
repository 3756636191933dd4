package org.morphdb.engine.storage;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * One keyspace: the version chains of its keys, reachable two ways — by key through a hash
 * map (point reads and writes: a few memory accesses, where a skip list of a million keys
 * takes dozens of dependent ones), and in key order through a B+tree (scans).
 *
 * <p>The hash map decides which chain is a key's: a chain enters it first and leaves it only
 * once marked removed (by vacuum, under the chain's lock), so at any moment a key has at most
 * one chain not removed. A writer that wrote into a chain then makes sure the ordered map
 * holds it ({@link #link}), replacing a removed chain left there; until then a scan may miss
 * the key, which is harmless: the writer's commit is not visible before it returns.
 */
final class KeySpace {
  final long id;
  private final ConcurrentHashMap<Key, VersionChain> byKey = new ConcurrentHashMap<>();
  private final OrderedChains ordered = new OrderedChains();
  /** Keys whose newest version is live (not a tombstone). */
  final LongAdder liveKeys = new LongAdder();

  KeySpace(long id) {
    this.id = id;
  }

  /** The chain of {@code key}, or null. */
  VersionChain chain(Key key) {
    return byKey.get(key);
  }

  /** The chains of the keys of {@code range}, in key order (or descending). Weakly consistent. */
  Iterator<Map.Entry<Key, VersionChain>> ordered(KeyRange range, boolean descending) {
    return range.isAll() ? ordered.entries(null, null, descending)
        : ordered.entries(range.low(), range.high(), descending);
  }

  /**
   * Writes a version into the chain of {@code key}, creating the chain if needed.
   *
   * @return the change in whether the key's newest version is live (-1, 0, +1)
   */
  int write(Key key, Object stored, long ts, boolean replaceSameTs, long horizon) {
    while (true) {
      VersionChain chain = byKey.get(key);
      if (chain == null) {
        chain = byKey.computeIfAbsent(key, k -> new VersionChain());
      }
      int delta = chain.write(ts, stored, replaceSameTs, horizon);
      if (delta == VersionChain.REMOVED) {
        unlink(key, chain); // vacuum took it out; write to a fresh chain
        continue;
      }
      if (!chain.linked) {
        link(key, chain);
      }
      return delta;
    }
  }

  /** Puts {@code chain} in key order, unless a newer chain of the key is already there. */
  private void link(Key key, VersionChain chain) {
    VersionChain there = ordered.putIfAbsent(key, chain);
    while (there != null && there != chain && there.isRemoved()) {
      if (ordered.replace(key, there, chain)) {
        break;
      }
      there = ordered.putIfAbsent(key, chain);
    }
    // Any other chain found is newer: this one was removed before it was created.
    chain.linked = true;
  }

  private void unlink(Key key, VersionChain chain) {
    byKey.remove(key, chain);
    ordered.remove(key, chain);
  }

  /** Reclaims what no reader at or above {@code horizon} can see (see {@link MvccStore#vacuum}). */
  void vacuum(long horizon) {
    for (Iterator<Map.Entry<Key, VersionChain>> it = ordered.entries(null, null, false); it.hasNext(); ) {
      Map.Entry<Key, VersionChain> e = it.next();
      if (e.getValue().vacuum(horizon)) {
        unlink(e.getKey(), e.getValue());
      }
    }
  }
}
