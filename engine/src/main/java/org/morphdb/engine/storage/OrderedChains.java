package org.morphdb.engine.storage;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.locks.StampedLock;

/**
 * The version chains of one keyspace in key order: a B+tree whose nodes keep their keys in
 * arrays, next to an array of the keys' sort prefixes, so a search mostly compares {@code
 * long}s in a few cache lines instead of chasing one pointer per step as a skip list does.
 *
 * <p>Concurrency: one {@link StampedLock} per tree. Changes take the write lock (they are
 * short: one descent and an array shift); iterators copy up to a leaf's worth of entries
 * under the read lock and continue from the last key they returned, so they are weakly
 * consistent (like {@link java.util.concurrent.ConcurrentSkipListMap}'s) and never hold the
 * lock between calls. A leaf left empty by a removal leaves the tree, so scans never walk
 * empty leaves.
 */
final class OrderedChains {
  static final int CAPACITY = 64;
  /** Keys {@link #linkAll} inserts per hold of the write lock. */
  static final int RUN = 64;
  /** Entries per node of a tree built by {@link #rebuild}. */
  static final int BUILD_FILL = 48;

  private final StampedLock lock = new StampedLock();
  private Node root = new Leaf();

  /** A node: {@code n} keys (a leaf) or {@code n} children with {@code n - 1} separators. */
  private abstract static class Node {
    final Key[] keys = new Key[CAPACITY];
    final long[] prefixes = new long[CAPACITY];
    int n;
  }

  private static final class Leaf extends Node {
    final VersionChain[] chains = new VersionChain[CAPACITY];
  }

  /** Child {@code i} holds the keys from separator {@code keys[i - 1]} up to {@code keys[i]}. */
  private static final class Inner extends Node {
    final Node[] children = new Node[CAPACITY];
  }

  // ---- search ----

  /** In {@code node}'s first {@code count} keys: the index of {@code key}, or -(insertion point) - 1. */
  private static int search(Node node, int count, Key key) {
    long p = key.sortPrefix();
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      long mp = node.prefixes[mid];
      int c = mp < p ? -1 : mp > p ? 1 : node.keys[mid].compareParts(key);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -(lo + 1);
  }

  /** The child of an inner node to descend into for {@code key}. */
  private static int childIndex(Inner inner, Key key) {
    int i = search(inner, inner.n - 1, key);
    return i >= 0 ? i + 1 : -i - 1;
  }

  /** Descends to the leaf for {@code key}, recording the inner nodes and child indexes taken. */
  private Leaf descend(Key key, List<Inner> path, int[] slots) {
    Node node = root;
    int depth = 0;
    while (node instanceof Inner inner) {
      int i = childIndex(inner, key);
      if (path != null) {
        path.add(inner);
        slots[depth] = i;
      }
      depth++;
      node = inner.children[i];
    }
    return (Leaf) node;
  }

  // ---- changes ----

  /** Puts {@code chain} under {@code key} unless the key is there; returns what is there, or null. */
  VersionChain putIfAbsent(Key key, VersionChain chain) {
    long stamp = lock.writeLock();
    try {
      Leaf leaf = descend(key, null, null);
      int i = search(leaf, leaf.n, key);
      if (i >= 0) {
        return leaf.chains[i];
      }
      insertMissing(leaf, -i - 1, key, chain);
      return null;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /**
   * For each of {@code keys[from..to)}: puts its chain under the key, unless the key holds a
   * chain that is not removed (a removed one is replaced) — what {@link KeySpace} does to
   * bring written chains into key order. Takes the write lock once per {@link #RUN} keys
   * instead of once per key: a backfill batch of thousands of keys would otherwise contend
   * with the writers for the lock thousands of times. With {@code yieldBetween}, yields the
   * CPU between lock holds so that writers waiting for the lock get in.
   */
  void linkAll(Key[] keys, VersionChain[] chains, int from, int to, boolean yieldBetween) {
    for (int start = from; start < to; start += RUN) {
      int end = Math.min(to, start + RUN);
      long stamp = lock.writeLock();
      try {
        for (int k = start; k < end; k++) {
          Leaf leaf = descend(keys[k], null, null);
          int i = search(leaf, leaf.n, keys[k]);
          if (i < 0) {
            insertMissing(leaf, -i - 1, keys[k], chains[k]);
          } else if (leaf.chains[i] != chains[k] && leaf.chains[i].isRemoved()) {
            leaf.chains[i] = chains[k];
          }
        }
      } finally {
        lock.unlockWrite(stamp);
      }
      if (yieldBetween && end < to) {
        Thread.yield();
      }
    }
  }

  /** Inserts a key absent from {@code leaf} at {@code at}, splitting as needed (write lock held). */
  private void insertMissing(Leaf leaf, int at, Key key, VersionChain chain) {
    if (leaf.n < CAPACITY) {
      insertAt(leaf, at, key, chain); // the common case: no split, no path needed
      return;
    }
    List<Inner> path = new ArrayList<>(8);
    int[] slots = new int[32];
    Leaf same = descend(key, path, slots);
    insert(same, at, key, chain, path, slots);
  }

  /**
   * Replaces the whole tree by one holding {@code keys[0..n)} with their chains, taken in the
   * order {@code sorted} gives: built bottom-up in one pass, each node {@link #BUILD_FILL} full so that the
   * random inserts that follow do not split every node at once. Far cheaper than {@code n}
   * inserts at random places; {@link KeySpace#restoreOrder} uses it after a bulk build.
   */
  void rebuild(Key[] keys, VersionChain[] chains, ChainSorter.Sorted sorted, int n) {
    rebuild(keys, chains, sorted, n, () -> { });
  }

  /** As {@link #rebuild(Key[], VersionChain[], ChainSorter.Sorted, int)}, calling {@code
   * checkpoint} every few thousand keys while it builds (not while it holds the lock). */
  void rebuild(Key[] keys, VersionChain[] chains, ChainSorter.Sorted sorted, int n, Runnable checkpoint) {
    Node built = n == 0 ? new Leaf() : buildLevels(keys, chains, sorted, n, checkpoint);
    long stamp = lock.writeLock();
    try {
      root = built;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  private static Node buildLevels(Key[] keys, VersionChain[] chains, ChainSorter.Sorted sorted, int n,
      Runnable checkpoint) {
    int[] order = sorted.order();
    long[] prefixes = sorted.prefixes();
    int groups = (n + BUILD_FILL - 1) / BUILD_FILL;
    Node[] level = new Node[groups];
    Key[] firsts = new Key[groups];
    long[] firstPrefixes = new long[groups];
    for (int g = 0, from = 0; g < groups; g++) {
      int to = (int) ((long) n * (g + 1) / groups); // even sizes: no nearly empty last leaf
      if (g % (KeySpace.CHECKPOINT_EVERY / BUILD_FILL) == 0) {
        checkpoint.run();
      }
      Leaf leaf = new Leaf();
      for (int i = from; i < to; i++) {
        leaf.keys[i - from] = keys[order[i]];
        leaf.prefixes[i - from] = prefixes[i];
        leaf.chains[i - from] = chains[order[i]];
      }
      leaf.n = to - from;
      level[g] = leaf;
      firsts[g] = leaf.keys[0];
      firstPrefixes[g] = prefixes[from];
      from = to;
    }
    int count = groups;
    while (count > 1) {
      int parents = (count + BUILD_FILL - 1) / BUILD_FILL;
      for (int g = 0, from = 0; g < parents; g++) {
        int to = (int) ((long) count * (g + 1) / parents);
        Inner inner = new Inner();
        for (int i = from; i < to; i++) {
          inner.children[i - from] = level[i];
          if (i > from) { // child j's separator: the first key under it
            inner.keys[i - from - 1] = firsts[i];
            inner.prefixes[i - from - 1] = firstPrefixes[i];
          }
        }
        inner.n = to - from;
        Key first = firsts[from];
        long firstPrefix = firstPrefixes[from];
        level[g] = inner;
        firsts[g] = first;
        firstPrefixes[g] = firstPrefix;
        from = to;
      }
      count = parents;
    }
    return level[0];
  }

  /** Replaces the chain of {@code key} if it is {@code expected}. */
  boolean replace(Key key, VersionChain expected, VersionChain chain) {
    long stamp = lock.writeLock();
    try {
      Leaf leaf = descend(key, null, null);
      int i = search(leaf, leaf.n, key);
      if (i < 0 || leaf.chains[i] != expected) {
        return false;
      }
      leaf.chains[i] = chain;
      return true;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /** Removes {@code key} if its chain is {@code expected}. */
  boolean remove(Key key, VersionChain expected) {
    long stamp = lock.writeLock();
    try {
      Leaf leaf = descend(key, null, null);
      int i = search(leaf, leaf.n, key);
      if (i < 0 || leaf.chains[i] != expected) {
        return false;
      }
      if (leaf.n > 1) {
        removeAt(leaf, i); // the common case: no path needed (the reclaimer removes many keys)
        return true;
      }
      List<Inner> path = new ArrayList<>(8);
      int[] slots = new int[32];
      descend(key, path, slots);
      removeAt(leaf, i);
      dropEmpty(path, slots);
      return true;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  private void insert(Leaf leaf, int at, Key key, VersionChain chain, List<Inner> path, int[] slots) {
    if (leaf.n < CAPACITY) {
      insertAt(leaf, at, key, chain);
      return;
    }
    // Appending at the right end (ascending loads) keeps the left leaf full; else halves.
    int keep = at == CAPACITY ? CAPACITY : CAPACITY / 2;
    Leaf right = new Leaf();
    moveTail(leaf, right, keep);
    System.arraycopy(leaf.chains, keep, right.chains, 0, right.n);
    java.util.Arrays.fill(leaf.chains, keep, CAPACITY, null);
    if (at <= keep && keep < CAPACITY) {
      insertAt(leaf, at, key, chain);
    } else {
      insertAt(right, at - keep, key, chain);
    }
    addChild(path, slots, path.size() - 1, right.keys[0], right.prefixes[0], right);
  }

  /** Inserts {@code child} right of the node at {@code path[level]}'s slot, splitting upwards. */
  private void addChild(List<Inner> path, int[] slots, int level, Key sep, long sepPrefix, Node child) {
    if (level < 0) {
      Inner top = new Inner();
      top.children[0] = root;
      top.children[1] = child;
      top.keys[0] = sep;
      top.prefixes[0] = sepPrefix;
      top.n = 2;
      root = top;
      return;
    }
    Inner inner = path.get(level);
    int at = slots[level] + 1;
    if (inner.n < CAPACITY) {
      insertChild(inner, at, sep, sepPrefix, child);
      return;
    }
    int keep = at == CAPACITY ? CAPACITY : CAPACITY / 2; // children kept on the left
    Inner right = new Inner();
    Key up = inner.keys[keep - 1];
    long upPrefix = inner.prefixes[keep - 1];
    int moved = CAPACITY - keep;
    System.arraycopy(inner.children, keep, right.children, 0, moved);
    System.arraycopy(inner.keys, keep, right.keys, 0, Math.max(0, moved - 1));
    System.arraycopy(inner.prefixes, keep, right.prefixes, 0, Math.max(0, moved - 1));
    java.util.Arrays.fill(inner.children, keep, CAPACITY, null);
    java.util.Arrays.fill(inner.keys, keep - 1, CAPACITY, null);
    inner.n = keep;
    right.n = moved;
    if (at <= keep && keep < CAPACITY) {
      insertChild(inner, at, sep, sepPrefix, child);
    } else if (moved == 0) {
      right.children[0] = child; // appended at the right end: the new node starts with it
      right.n = 1;
      up = sep;
      upPrefix = sepPrefix;
    } else {
      insertChild(right, at - keep, sep, sepPrefix, child);
    }
    addChild(path, slots, level - 1, up, upPrefix, right);
  }

  /** Inserts {@code child} at child index {@code at} (≥ 1), with {@code sep} as its left separator. */
  private static void insertChild(Inner inner, int at, Key sep, long sepPrefix, Node child) {
    int n = inner.n;
    System.arraycopy(inner.children, at, inner.children, at + 1, n - at);
    System.arraycopy(inner.keys, at - 1, inner.keys, at, n - at);
    System.arraycopy(inner.prefixes, at - 1, inner.prefixes, at, n - at);
    inner.children[at] = child;
    inner.keys[at - 1] = sep;
    inner.prefixes[at - 1] = sepPrefix;
    inner.n = n + 1;
  }

  /** Removes an empty child (the last step of {@code path}), and any inner node left empty. */
  private void dropEmpty(List<Inner> path, int[] slots) {
    for (int level = path.size() - 1; level >= 0; level--) {
      Inner inner = path.get(level);
      int i = slots[level];
      int n = inner.n;
      System.arraycopy(inner.children, i + 1, inner.children, i, n - i - 1);
      inner.children[n - 1] = null;
      int sep = i == 0 ? 0 : i - 1; // the separator on the removed child's side
      if (n > 1) {
        System.arraycopy(inner.keys, sep + 1, inner.keys, sep, n - 2 - sep);
        System.arraycopy(inner.prefixes, sep + 1, inner.prefixes, sep, n - 2 - sep);
        inner.keys[n - 2] = null;
      }
      inner.n = n - 1;
      if (inner.n > 0) {
        break;
      }
      if (level == 0) {
        root = new Leaf();
      }
    }
    while (root instanceof Inner top && top.n == 1) {
      root = top.children[0];
    }
  }

  private static void insertAt(Leaf leaf, int at, Key key, VersionChain chain) {
    int n = leaf.n;
    System.arraycopy(leaf.keys, at, leaf.keys, at + 1, n - at);
    System.arraycopy(leaf.prefixes, at, leaf.prefixes, at + 1, n - at);
    System.arraycopy(leaf.chains, at, leaf.chains, at + 1, n - at);
    leaf.keys[at] = key;
    leaf.prefixes[at] = key.sortPrefix();
    leaf.chains[at] = chain;
    leaf.n = n + 1;
  }

  private static void removeAt(Leaf leaf, int at) {
    int n = leaf.n;
    System.arraycopy(leaf.keys, at + 1, leaf.keys, at, n - at - 1);
    System.arraycopy(leaf.prefixes, at + 1, leaf.prefixes, at, n - at - 1);
    System.arraycopy(leaf.chains, at + 1, leaf.chains, at, n - at - 1);
    leaf.keys[n - 1] = null;
    leaf.chains[n - 1] = null;
    leaf.n = n - 1;
  }

  /** Moves the keys from {@code keep} on to the empty node {@code right}. */
  private static void moveTail(Node node, Node right, int keep) {
    int moved = node.n - keep;
    System.arraycopy(node.keys, keep, right.keys, 0, moved);
    System.arraycopy(node.prefixes, keep, right.prefixes, 0, moved);
    java.util.Arrays.fill(node.keys, keep, node.n, null);
    right.n = moved;
    node.n = keep;
  }

  // ---- iteration ----

  /**
   * The entries from {@code low} to {@code high} (both inclusive; null: unbounded), ascending
   * or descending. Weakly consistent: reflects some changes made while iterating.
   */
  Cursor entries(Key low, Key high, boolean descending) {
    return new Cursor(low, high, descending);
  }

  /** Copies the next entries after {@code from} (inclusive when {@code first}) into the buffers. */
  private int fill(Key from, boolean first, Key limit, boolean descending, Key[] keys, VersionChain[] chains) {
    long stamp = lock.readLock();
    try {
      List<Inner> path = new ArrayList<>(8);
      int[] slots = new int[32];
      Leaf leaf = from == null ? edge(descending, path, slots) : descend(from, path, slots);
      int i = from == null ? (descending ? leaf.n - 1 : 0) : start(leaf, from, first, descending);
      while (i < 0 || i >= leaf.n) {
        leaf = sibling(path, slots, descending);
        if (leaf == null) {
          return 0;
        }
        i = descending ? leaf.n - 1 : 0;
      }
      int count = 0;
      // keys whose prefix is strictly inside the limit's are inside it too: not read from memory
      long limitPrefix = limit == null ? 0 : limit.sortPrefix();
      for (; i >= 0 && i < leaf.n && count < keys.length; i += descending ? -1 : 1) {
        Key k = leaf.keys[i];
        long p = leaf.prefixes[i];
        if (limit != null && (descending ? p <= limitPrefix && k.compareTo(limit) < 0
            : p >= limitPrefix && k.compareTo(limit) > 0)) {
          break;
        }
        keys[count] = k;
        chains[count++] = leaf.chains[i];
      }
      return count == 0 && i >= 0 && i < leaf.n ? -1 : count;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /** Where to start in the leaf {@code from}'s search led to. */
  private static int start(Leaf leaf, Key from, boolean first, boolean descending) {
    int i = search(leaf, leaf.n, from);
    if (i >= 0) {
      return first ? i : descending ? i - 1 : i + 1;
    }
    int insertion = -i - 1;
    return descending ? insertion - 1 : insertion;
  }

  /** The leftmost (or rightmost) leaf. */
  private Leaf edge(boolean last, List<Inner> path, int[] slots) {
    Node node = root;
    int depth = 0;
    while (node instanceof Inner inner) {
      int i = last ? inner.n - 1 : 0;
      path.add(inner);
      slots[depth++] = i;
      node = inner.children[i];
    }
    return (Leaf) node;
  }

  /** The next (or previous) leaf along {@code path}, updating it; null past the end. */
  private static Leaf sibling(List<Inner> path, int[] slots, boolean previous) {
    int level = path.size() - 1;
    while (level >= 0 && (previous ? slots[level] == 0 : slots[level] == path.get(level).n - 1)) {
      path.remove(level--);
    }
    if (level < 0) {
      return null;
    }
    slots[level] += previous ? -1 : 1;
    Node node = path.get(level).children[slots[level]];
    while (node instanceof Inner inner) {
      int i = previous ? inner.n - 1 : 0;
      path.add(inner);
      slots[path.size() - 1] = i;
      node = inner.children[i];
    }
    return (Leaf) node;
  }

  /**
   * Iterates by copying a leaf's worth of entries at a time, and hands them out one at a time
   * ({@link Iterator}) or a run at a time ({@link #nextRun}), one way or the other.
   */
  final class Cursor implements Iterator<Map.Entry<Key, VersionChain>> {
    private final Key limit;
    private final boolean descending;
    private final Key[] keys = new Key[CAPACITY];
    private final VersionChain[] chains = new VersionChain[CAPACITY];
    private Key from;
    private boolean first = true;
    private int count;
    private int pos;
    private boolean done;

    Cursor(Key low, Key high, boolean descending) {
      this.descending = descending;
      this.from = descending ? high : low;
      this.limit = descending ? low : high;
    }

    @Override
    public boolean hasNext() {
      if (pos < count) {
        return true;
      }
      if (done) {
        return false;
      }
      count = fill(from, first, limit, descending, keys, chains);
      pos = 0;
      first = false;
      if (count <= 0) {
        count = 0;
        done = true;
        return false;
      }
      from = keys[count - 1];
      return true;
    }

    @Override
    public Map.Entry<Key, VersionChain> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return new AbstractMap.SimpleImmutableEntry<>(keys[pos], chains[pos++]);
    }

    /**
     * Moves on to the next run of entries (at most a leaf's worth) and returns how many it
     * holds, 0 at the end: they are {@link #key}{@code (i)} and {@link #chain}{@code (i)}.
     */
    int nextRun() {
      pos = count; // the current run is used up: hasNext fills the next one
      if (!hasNext()) {
        return 0;
      }
      pos = count; // and the caller takes all of it
      return count;
    }

    Key key(int i) {
      return keys[i];
    }

    VersionChain chain(int i) {
      return chains[i];
    }
  }
}
