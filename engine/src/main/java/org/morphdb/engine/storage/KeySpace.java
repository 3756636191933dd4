package org.morphdb.engine.storage;

import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * One keyspace: the version chains of its keys, reachable two ways — by key through a hash
 * map (point reads and writes: a few memory accesses, where a skip list of a million keys
 * takes dozens of dependent ones), and in key order through a skip list (scans).
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
  private final ConcurrentSkipListMap<Key, VersionChain> ordered = new ConcurrentSkipListMap<>();
  /** Keys whose newest version is live (not a tombstone). */
  final LongAdder liveKeys = new LongAdder();

  KeySpace(long id) {
    this.id = id;
  }

  /** The chain of {@code key}, or null. */
  VersionChain chain(Key key) {
    return byKey.get(key);
  }

  /** The chains of the keys from {@code low} to {@code high} (both inclusive), in key order. */
  NavigableMap<Key, VersionChain> ordered(KeyRange range) {
    return range.isAll() ? ordered : ordered.subMap(range.low(), true, range.high(), true);
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
    for (Map.Entry<Key, VersionChain> e : ordered.entrySet()) {
      if (e.getValue().vacuum(horizon)) {
        unlink(e.getKey(), e.getValue());
      }
    }
  }
}
