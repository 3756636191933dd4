package org.morphdb.engine.storage;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiFunction;

/**
 * One keyspace: the version chains of its keys, reachable two ways — by key through a hash
 * map (point reads and writes: a few memory accesses, where a skip list of a million keys
 * takes dozens of dependent ones), and in key order through a B+tree (scans).
 *
 * <p>The hash map decides which chain is a key's: a chain enters it first and leaves it only
 * once marked removed (by vacuum, under the chain's lock), so at any moment a key has at most
 * one chain not removed. A writer that wrote into a chain then makes sure the ordered map
 * holds it ({@link #linkAll}), replacing a removed chain left there; until then a scan may
 * miss the key, which is harmless: the writer's commit is not visible before it returns.
 */
final class KeySpace {
  final long id;
  private final ConcurrentHashMap<Key, VersionChain> byKey;
  private final OrderedChains ordered = new OrderedChains();
  /** Keys whose newest version is live (not a tombstone). */
  final LongAdder liveKeys = new LongAdder();
  /** The bulk passes of {@link #restoreOrder} call their checkpoint after this many keys. */
  static final int CHECKPOINT_EVERY = 4096;
  /** While set, written chains stay out of the key order ({@link #deferOrder}). */
  private volatile boolean orderDeferred;
  /**
   * The entries a backfill wrote as one sorted run, below every chain version newer than
   * the run's ts; null for most spaces. Set once, before anyone scans the space.
   */
  private volatile SortedRun run;
  /**
   * What commits wrote to the space while its backfill sorted {@link #run}, as smaller runs,
   * newest first, each one's entry of a key hiding those of the runs after it and of the big
   * run: the writes logged during the sorts, then (added last, see {@link #addNewest}) those
   * logged until the log closed. Kept apart so that a build does not end by copying the whole
   * big run (see {@link MvccStore#attachRun}). Replaced whole, never changed in place.
   */
  private volatile SortedRun[] newer = NO_RUNS;
  private static final SortedRun[] NO_RUNS = {};
  /** While a backfill runs: where commits append their writes instead (see {@link WriteLog}). */
  private volatile WriteLog log;
  /**
   * From opening a log until its writes are in the runs or in chains: chains then hide what a
   * log may still hold ({@link #shadowsRun}), and deletes are tombstones ({@link #markDeletedInRun}).
   */
  private volatile boolean building;

  KeySpace(long id) {
    this(id, 0);
  }

  /** A space whose hash map is sized for {@code expectedKeys} (it grows past them as needed). */
  KeySpace(long id, int expectedKeys) {
    this.id = id;
    this.byKey = expectedKeys > 0 ? new ConcurrentHashMap<>(expectedKeys) : new ConcurrentHashMap<>();
  }

  /** The keys in the hash map (deleted ones not yet reclaimed included). */
  int hashedKeys() {
    return byKey.size();
  }

  /** The chain of {@code key}, or null. */
  VersionChain chain(Key key) {
    return byKey.get(key);
  }

  /** The space's run, or null. */
  SortedRun run() {
    return run;
  }

  /** The runs of what commits wrote while the space's run was sorted, newest first; empty if none. */
  SortedRun[] newerRuns() {
    return run == null ? NO_RUNS : newer; // the run first: it is set last
  }

  /**
   * Makes {@code added} the space's run, with {@code later} (null if none) as the run of what
   * commits wrote meanwhile, each of its keys newer there; false (nothing done) if the space
   * has a run already. Call before anyone scans or point-reads the entries' keys at or above
   * the runs' ts.
   */
  synchronized boolean attachRun(SortedRun added, SortedRun later) {
    if (run != null) {
      return false;
    }
    newer = later == null || later.size() == 0 ? NO_RUNS : new SortedRun[] {later};
    run = added;
    return true;
  }

  /**
   * Adds {@code newest}, whose entries are newer than every other run's, in front of the
   * newer runs. While the space is {@link #building}: a delete meanwhile is a tombstone, not a
   * mark in an older run (see {@link #markDeletedInRun}).
   */
  synchronized void addNewest(SortedRun newest) {
    if (newest.size() == 0) {
      return;
    }
    SortedRun[] runs = new SortedRun[newer.length + 1];
    runs[0] = newest;
    System.arraycopy(newer, 0, runs, 1, newer.length);
    newer = runs;
  }

  /** A key's place in a run ({@code at} negative: not there). */
  private record Found(SortedRun run, int at) {}

  /**
   * Where a reader finds {@code key} in the runs, {@code r} being the space's run: the entry
   * of the newest run that has one (it hides the older runs'), else {@code r}'s, if any.
   */
  private Found find(SortedRun r, Key key) {
    for (SortedRun n : newer) {
      int i = n.search(key);
      if (i >= 0) {
        return new Found(n, i);
      }
    }
    return new Found(r, r.search(key));
  }

  /**
   * Deletes {@code key}'s run entry at {@code ts} in place (see {@link SortedRun#markDeleted});
   * false if the runs hold no live entry of it. The caller holds the key's row lock and saw no
   * chain for the key. False too while the space is {@link #building}: the key's newest
   * version may then be in a log on its way into a run newer than the one marked, where it
   * would hide the mark, so the delete must be a tombstone (which {@link #shadowsRun} keeps).
   */
  boolean markDeletedInRun(Key key, long ts) {
    SortedRun r = run;
    Found f = r == null || building ? null : find(r, key);
    return f != null && f.at() >= 0 && f.run().markDeleted(key, ts);
  }

  /** From {@code ts} on, no reader sees any entry of the runs (if the space has any). */
  void retireRuns(long ts) {
    SortedRun r = run;
    for (SortedRun n : newerRuns()) {
      n.retire(ts);
    }
    if (r != null) {
      r.retire(ts);
    }
  }

  /** The entries of the runs (a key in several counted in each). */
  int runEntries() {
    SortedRun r = run;
    int entries = r == null ? 0 : r.size();
    for (SortedRun n : newerRuns()) {
      entries += n.size();
    }
    return entries;
  }

  /** The value a reader at {@code readTs} sees under {@code key}: null if absent or deleted. */
  Object read(Key key, long readTs) {
    return read(byKey.get(key), key, readTs);
  }

  /**
   * As {@link #read(Key, long)}, handing a value found to {@code found} with the key object
   * the space stores it under ({@code key} itself if the value is only in the run).
   */
  <R> R read(Key key, long readTs, BiFunction<Key, Object, R> found) {
    VersionChain chain = byKey.get(key);
    Object v = read(chain, key, readTs);
    return v == null ? null : found.apply(chain == null || chain.key == null ? key : chain.key, v);
  }

  private Object read(VersionChain chain, Key key, long readTs) {
    SortedRun r = run;
    if (r == null) {
      return chain == null ? null : chain.read(readTs);
    }
    Version v = chain == null ? null : chain.visible(readTs);
    Found f = find(r, key);
    int i = f.at();
    if (i >= 0 && f.run().wins(i, v, readTs)) {
      return f.run().liveAt(i, readTs) ? f.run().value(i) : null;
    }
    return v == null || v.isTombstone() ? null : v.value;
  }

  /** The ts of the newest version of {@code key}, tombstones included; MIN_VALUE if none. */
  long newestTs(Key key) {
    VersionChain chain = byKey.get(key);
    long ts = chain == null ? Long.MIN_VALUE : chain.newestTs();
    SortedRun r = run;
    Found f = r == null ? null : find(r, key);
    return f != null && f.at() >= 0 ? Math.max(ts, f.run().newestTs(f.at())) : ts;
  }

  /**
   * True if {@code key}'s chain may hide an entry of the run: it must then stay, tombstone
   * and all, or the entry would be seen again.
   */
  boolean shadowsRun(Key key) {
    if (building) {
      return true; // the key may be in the log, on its way into the run
    }
    return inRuns(key);
  }

  /** True if a run of the space holds {@code key} (a deleted entry too). */
  boolean inRuns(Key key) {
    SortedRun r = run;
    return r != null && find(r, key).at() >= 0;
  }

  /** The log commits append to while a backfill runs, or null. */
  WriteLog log() {
    return log;
  }

  /** Starts a log (see {@link WriteLog}), unless one is open already. */
  synchronized void openLog(int stripeCapacity) {
    if (log == null) {
      log = new WriteLog(stripeCapacity);
      building = true;
    }
  }

  /** The log's writes are in the run or in chains: chains hide only what the run holds. */
  void buildDone() {
    building = false;
  }

  /**
   * Puts a fresh log in place of the open one and closes that one, which it returns (null if
   * none was open): commits append to the fresh log from now on, none writes a chain.
   */
  synchronized WriteLog rotateLog() {
    WriteLog l = log;
    if (l != null) {
      log = l.fresh(); // first: a commit that finds l closed finds this one
      l.close();
    }
    return l;
  }

  /** Closes and returns the log, or null if none was open. Commits write chains from now on. */
  synchronized WriteLog closeLog() {
    WriteLog l = log;
    if (l != null) {
      l.close();
      log = null;
    }
    return l;
  }

  /** The chains of the keys of {@code range}, in key order (or descending). Weakly consistent. */
  OrderedChains.Cursor ordered(KeyRange range, boolean descending) {
    return range.isAll() ? ordered.entries(null, null, descending)
        : ordered.entries(range.low(), range.high(), descending);
  }

  /**
   * Writes a version into the chain of {@code key}, creating the chain if needed, and counts
   * the change in {@link #liveKeys}. Returns the chain written; the caller brings it into key
   * order ({@link #linkAll}) unless it is {@link VersionChain#linked} already.
   *
   * @param likelyNew the key is probably absent (the backfill's keys): try to insert a chain
   *     at once instead of looking for one first, one hash-map probe instead of two
   */
  VersionChain write(Key key, Object stored, long ts, boolean replaceSameTs, long horizon,
      boolean likelyNew) {
    while (true) {
      VersionChain chain = likelyNew ? null : byKey.get(key);
      if (chain == null) {
        VersionChain fresh = new VersionChain(key, ts, stored); // born with its version: nothing to prune
        chain = byKey.putIfAbsent(key, fresh);
        if (chain == null) {
          if (!fresh.isTombstone()) { // the chain is its first version
            liveKeys.increment();
          }
          return fresh;
        }
      }
      int delta = chain.write(ts, stored, replaceSameTs, horizon);
      if (delta == VersionChain.REMOVED) {
        unlink(key, chain); // vacuum took it out; write to a fresh chain
        continue;
      }
      if (delta != 0) {
        liveKeys.add(delta);
      }
      return chain;
    }
  }

  /**
   * Puts the chains {@code chains[from..to)} in key order, unless a newer chain of the same
   * key is already there (a chain found there that vacuum removed is replaced; any other was
   * created after this one was removed). Until then a scan may miss the keys, which is
   * harmless: the commit that wrote them is not visible before it returns.
   */
  void linkAll(Key[] keys, VersionChain[] chains, int from, int to, boolean yieldBetween) {
    ordered.linkAll(keys, chains, from, to, yieldBetween);
    for (int i = from; i < to; i++) {
      chains[i].linked = true;
    }
  }

  /** False while the key order is deferred: written chains are then not to be linked. */
  boolean ordersWrites() {
    return !orderDeferred;
  }

  /**
   * Stops bringing written chains into key order: a bulk build (an index's backfill, while no
   * one scans the index) then costs writers and the build one hash-map insert per key instead
   * of a tree insert at a random place under the tree's lock. Until {@link #restoreOrder},
   * scans of this space miss what was written.
   */
  void deferOrder() {
    orderDeferred = true;
  }

  /**
   * Builds the key order anew from the hash map (which holds every chain not removed) in one
   * sorted pass, then orders writes again and links the chains written meanwhile. Calls
   * {@code checkpoint} every few thousand keys of each pass (a background build pauses there). A writer
   * puts its chain in the hash map before it reads the flag and this clears the flag before it
   * reads the hash map, so every chain is linked by one of the two.
   */
  void restoreOrder(Runnable checkpoint) {
    Chains all = chains(false, checkpoint);
    ordered.rebuild(all.keys, all.chains,
        ChainSorter.order(all.keys, all.prefixes, all.count, checkpoint), all.count, checkpoint);
    orderDeferred = false;
    Chains late = chains(true, checkpoint);
    // in key order: fewer misses
    int[] order = ChainSorter.order(late.keys, late.prefixes, late.count, checkpoint).order();
    Key[] keys = new Key[late.count];
    VersionChain[] chains = new VersionChain[late.count];
    for (int i = 0; i < late.count; i++) {
      keys[i] = late.keys[order[i]];
      chains[i] = late.chains[order[i]];
    }
    linkAll(keys, chains, 0, late.count, false);
  }

  /**
   * Keys with their chains and the keys' sort prefixes, in {@code keys[0..count)}, {@code
   * chains[0..count)} and {@code prefixes[0..count)}.
   */
  private static final class Chains {
    Key[] keys;
    VersionChain[] chains;
    long[] prefixes;
    int count;

    Chains(int capacity) {
      keys = new Key[capacity];
      chains = new VersionChain[capacity];
      prefixes = new long[capacity];
    }

    void add(Key key, VersionChain chain) {
      if (count == keys.length) {
        keys = java.util.Arrays.copyOf(keys, count * 2);
        chains = java.util.Arrays.copyOf(chains, count * 2);
        prefixes = java.util.Arrays.copyOf(prefixes, count * 2);
      }
      keys[count] = key;
      prefixes[count] = key.sortPrefix(); // read now, while the key is in the cache
      chains[count++] = chain;
    }
  }

  /**
   * The chains of the hash map (only those not linked, with {@code unlinkedOnly}); the others
   * are marked linked, early, which is harmless while the order is deferred: no one links then.
   * Walks the map's nodes without making an entry object for each.
   */
  private Chains chains(boolean unlinkedOnly, Runnable checkpoint) {
    Chains all = new Chains(unlinkedOnly ? 64 : Math.max(16, byKey.size() + byKey.size() / 8));
    int[] seen = {0};
    byKey.forEach((key, chain) -> {
      if ((++seen[0] & (CHECKPOINT_EVERY - 1)) == 0) {
        checkpoint.run();
      }
      if (unlinkedOnly && chain.linked) {
        return;
      }
      all.add(key, chain);
      if (!unlinkedOnly) {
        chain.linked = true;
      }
    });
    return all;
  }

  void unlink(Key key, VersionChain chain) {
    byKey.remove(key, chain);
    ordered.remove(key, chain);
  }

  /** Reclaims what no reader at or above {@code horizon} can see (see {@link MvccStore#vacuum}). */
  void vacuum(long horizon) {
    for (Iterator<Map.Entry<Key, VersionChain>> it = ordered.entries(null, null, false); it.hasNext(); ) {
      Map.Entry<Key, VersionChain> e = it.next();
      if (!shadowsRun(e.getKey()) && e.getValue().vacuum(horizon)) {
        unlink(e.getKey(), e.getValue());
      }
    }
  }
}
