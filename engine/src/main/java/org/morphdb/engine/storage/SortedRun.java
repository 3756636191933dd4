package org.morphdb.engine.storage;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * An immutable, sorted run of index entries, one version per key: what the backfill of a
 * plain (not UNIQUE) index writes at its snapshot, and what the application's writers wrote
 * to the index meanwhile ({@link WriteLog}), kept in a few large arrays instead of a
 * hash-map node, a version chain and a tree slot per entry. Built by {@link RunBuilder}. A
 * space may have up to three: the backfill's, the run of what was logged while that one was
 * sorted, and the run of what was logged last; a newer run's entry of a key hides the older
 * runs' ({@link KeySpace#newerRuns}).
 *
 * <p>Why: a backfill of a million entries as objects allocates a few hundred MB that survive,
 * and every young collection during the build copies them while the application's writers
 * wait; arrays this large are allocated outside the young generation and never copied. Key
 * parts are kept in columns: a column whose values are all {@link Long} is a {@code long[]}
 * (no object per value), any other an {@code Object[]}.
 *
 * <p>The run belongs to a {@link KeySpace}, whose version chains stay the truth for every
 * later change: a reader takes the newer of a key's chain version and its run entry (see
 * {@link KeySpace#read}). A later delete of an entry is a mark in the run ({@link
 * #markDeleted}) or, once the key has a chain, a tombstone in that chain, which must then stay
 * as long as the run does ({@link KeySpace#shadowsRun}). An entry may itself be a tombstone (a writer's delete during the build), which hides older
 * chain versions. Only the newest version of each key is kept: readers below it do not read
 * the index (nothing reads an index before it is PUBLIC, which is after every entry's ts).
 */
public final class SortedRun {
  private final int size;
  /** {@link Key#sortPrefix()} of each key: searches compare these first. */
  private final long[] prefixes;
  /**
   * Every 64th prefix. With {@link #summits} the prefixes form a static B-tree of fan-out 64,
   * which a search walks down level by level, a short array scan at each (see {@link
   * #firstAtOrAbove}).
   */
  private final long[] fences;
  /** Every 64th fence: the tree's top level. */
  private final long[] summits;
  /** Part {@code j} of every key: a {@code long[]} or an {@code Object[]}. */
  private final Object[] columns;
  /** Each entry's value, or {@link VersionChain#TOMBSTONE}. */
  private final Object[] values;
  /** Each entry's version ts. */
  private final long[] stamps;
  /**
   * Readers at or above this ts see none of the entries (set once, by {@link
   * MvccStore#retireRun}); MAX_VALUE while not retired (read-write transactions read at
   * MAX_VALUE, and see the entries).
   */
  private volatile long retiredTs = Long.MAX_VALUE;
  /**
   * When a commit deleted each entry after the run was attached (MAX_VALUE: not deleted);
   * made on the first such delete ({@link #markDeleted}).
   */
  private volatile AtomicLongArray deletedAt;
  /** In {@link #deletedAt}: not deleted (MAX_VALUE is a read ts too: read-write transactions read there). */
  private static final long NOT_DELETED = Long.MAX_VALUE;

  private static final int FENCE_SHIFT = 6;
  private static final int BLOCK = 1 << FENCE_SHIFT;

  SortedRun(int size, long[] prefixes, Object[] columns, Object[] values, long[] stamps) {
    this.size = size;
    this.prefixes = prefixes;
    this.columns = columns;
    this.values = values;
    this.stamps = stamps;
    this.fences = everyBlock(prefixes, size);
    this.summits = everyBlock(fences, fences.length);
  }

  /** The first of every block of {@code 1 << FENCE_SHIFT} of {@code sorted[0..n)}. */
  private static long[] everyBlock(long[] sorted, int n) {
    long[] firsts = new long[(n + BLOCK - 1) >>> FENCE_SHIFT];
    for (int b = 0; b < firsts.length; b++) {
      firsts[b] = sorted[b << FENCE_SHIFT];
    }
    return firsts;
  }

  /**
   * The ts of the version of entry {@code i} a reader at {@code readTs} sees: its delete
   * ({@link #markDeleted}) or the entry itself; MIN_VALUE if neither (too new, or retired).
   */
  long versionTs(int i, long readTs) {
    long retired = retiredTs;
    if (readTs >= retired && retired != Long.MAX_VALUE) {
      return Long.MIN_VALUE;
    }
    long d = deletedTs(i);
    if (d != NOT_DELETED && d <= readTs) {
      return d;
    }
    long t = stamps[i];
    return t <= readTs ? t : Long.MIN_VALUE;
  }

  /** True if the version {@link #versionTs} names is a value, not a delete. */
  boolean liveAt(int i, long readTs) {
    long d = deletedTs(i);
    return (d == NOT_DELETED || d > readTs) && !isTombstone(i);
  }

  /** When entry {@code i} was deleted in place, or {@link #NOT_DELETED}. */
  private long deletedTs(int i) {
    AtomicLongArray deleted = deletedAt;
    return deleted == null ? NOT_DELETED : deleted.get(i);
  }

  /**
   * True if a reader at {@code readTs} sees entry {@code i} (or its delete) rather than
   * {@code v}, the version the key's chain shows it (null if none): the newer of the two, the
   * chain's on a tie.
   */
  boolean wins(int i, Version v, long readTs) {
    long t = versionTs(i, readTs);
    return t != Long.MIN_VALUE && (v == null || v.ts < t);
  }

  /** The ts of the newest version of entry {@code i}: its delete, or the entry. */
  long newestTs(int i) {
    long d = deletedTs(i);
    return d != NOT_DELETED ? d : stamps[i];
  }

  /**
   * Deletes {@code key}'s entry at {@code ts} in place, if the run holds it as a value not
   * deleted yet: a commit deleting an entry of the run then costs a search and a store,
   * instead of a chain with a tombstone that would have to stay as long as the run. The
   * caller holds the key's row lock and saw no chain for the key (a chain's versions would
   * be newer). False if there is nothing to delete here.
   */
  boolean markDeleted(Key key, long ts) {
    int i = search(key);
    if (i < 0 || isTombstone(i) || stamps[i] >= ts) {
      return false;
    }
    AtomicLongArray deleted = deletedAt;
    if (deleted == null) {
      deleted = deletions();
    }
    return deleted.compareAndSet(i, NOT_DELETED, ts);
  }

  private synchronized AtomicLongArray deletions() {
    if (deletedAt == null) {
      AtomicLongArray made = new AtomicLongArray(size);
      for (int i = 0; i < size; i++) {
        made.set(i, NOT_DELETED);
      }
      deletedAt = made;
    }
    return deletedAt;
  }

  /** The ts of entry {@code i} itself (not of a delete). */
  long ts(int i) {
    return stamps[i];
  }

  boolean isTombstone(int i) {
    return values[i] == VersionChain.TOMBSTONE;
  }

  /** From {@code ts} on, no reader sees any entry (a purge deletes them all at once). */
  void retire(long ts) {
    retiredTs = ts;
  }

  /** The number of entries. */
  public int size() {
    return size;
  }

  /** The key of entry {@code i}, made anew. */
  Key key(int i) {
    Object[] parts = new Object[columns.length];
    for (int j = 0; j < parts.length; j++) {
      parts[j] = part(columns[j], i);
    }
    return Key.ofNormalized(parts);
  }

  Object value(int i) {
    return values[i];
  }

  long prefix(int i) {
    return prefixes[i];
  }

  /** The number of parts of every key. */
  int width() {
    return columns.length;
  }

  /** Part {@code j} of every key: a {@code long[]} or an {@code Object[]}. */
  Object column(int j) {
    return columns[j];
  }

  /**
   * Copies entries {@code from..to)} into the arrays of a run being made, from {@code at} on:
   * one array copy per array ({@link RunMerge}'s stretches of the older run). A {@code long[]}
   * column goes into a {@code long[]} or, boxed, an {@code Object[]}.
   */
  void copyEntries(int from, int to, long[] toPrefixes, Object[] toColumns, Object[] toValues, long[] toStamps,
      int at) {
    int length = to - from;
    System.arraycopy(prefixes, from, toPrefixes, at, length);
    System.arraycopy(values, from, toValues, at, length);
    System.arraycopy(stamps, from, toStamps, at, length);
    for (int j = 0; j < columns.length; j++) {
      if (columns[j] instanceof long[] longs && toColumns[j] instanceof Object[] objects) {
        for (int i = 0; i < length; i++) {
          objects[at + i] = longs[from + i];
        }
      } else {
        System.arraycopy(columns[j], from, toColumns[j], at, length);
      }
    }
  }

  /** Value {@code i} of a key column (a {@code long[]} or an {@code Object[]}). */
  static Object part(Object column, int i) {
    return column instanceof long[] longs ? Long.valueOf(longs[i]) : ((Object[]) column)[i];
  }

  /** Entry {@code i} of {@code a} against entry {@code k} of {@code b} (runs of one width), as {@link Key#compareTo}. */
  static int compareEntries(SortedRun a, int i, SortedRun b, int k) {
    long p = a.prefixes[i];
    long q = b.prefixes[k];
    if (p != q) {
      return p < q ? -1 : 1;
    }
    for (int j = 0; j < a.columns.length; j++) {
      Object x = a.columns[j];
      Object y = b.columns[j];
      int c = x instanceof long[] xs && y instanceof long[] ys ? Long.compare(xs[i], ys[k])
          : KeyParts.compare(part(x, i), part(y, k));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** The order of entry {@code i} against {@code key} (a bound or a stored key), as {@link Key#compareTo}. */
  int compareAt(int i, Key key) {
    return compareAt(i, key, 0);
  }

  /**
   * As {@link #compareAt(int, Key)}, comparing the parts from {@code from} on when the
   * prefixes are equal: 1 when the first parts are then known equal ({@link
   * #exactFirstPart}), which spares reading a column.
   */
  private int compareAt(int i, Key key, int from) {
    long p = prefixes[i];
    long q = key.sortPrefix();
    if (p != q) {
      return p < q ? -1 : 1;
    }
    int width = columns.length;
    int common = Math.min(width, key.size());
    for (int j = from; j < common; j++) {
      Object kp = key.part(j);
      int c = columns[j] instanceof long[] longs && kp instanceof Long x
          ? Long.compare(longs[i], x) : KeyParts.compare(part(columns[j], i), kp);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(common < width ? KeyParts.RANK_NULL : KeyParts.RANK_END, key.tailRank(common));
  }

  /** The index of {@code key}, or {@code -(insertion point) - 1}. */
  int search(Key key) {
    long q = key.sortPrefix();
    int lo = firstAtOrAbove(q);
    if (lo == size || prefixes[lo] != q) {
      return -(lo + 1);
    }
    // The entries of prefix q start at lo; gallop to their end (most prefixes have a few
    // entries, a low-cardinality column's may have millions), then search them by key.
    int hi = lo;
    int step = 1;
    while (hi + step < size && prefixes[hi + step] == q) {
      hi += step;
      step <<= 1;
    }
    int end = Math.min(size, hi + step); // past the last entry of prefix q
    int from = exactFirstPart(key) ? 1 : 0;
    while (lo <= end - 1) {
      int mid = (lo + end - 1) >>> 1;
      int c = compareAt(mid, key, from);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        end = mid;
      } else {
        return mid;
      }
    }
    return -(lo + 1);
  }

  /**
   * True when every entry with {@code key}'s prefix has {@code key}'s first part: the column
   * holds only longs, and the key's first part is a long its prefix holds exactly.
   */
  private boolean exactFirstPart(Key key) {
    return key.size() > 0 && columns.length > 0 && columns[0] instanceof long[]
        && key.part(0) instanceof Long && KeyParts.prefixIsExact(key.part(0));
  }

  /**
   * The first entry whose prefix is at or above {@code q} ({@link #size} if none): down the
   * summits, the fences and the prefixes, each level narrowing the next to one block of 64.
   * Each block is scanned whole, counting the values below {@code q}: its eight cache lines
   * are then fetched together, where a binary search waits for one miss after another.
   */
  private int firstAtOrAbove(long q) {
    int s = countBelow(summits, 0, summits.length, q);
    int f = s == 0 ? 0 : countBelow(fences, (s - 1) << FENCE_SHIFT, Math.min(fences.length, s << FENCE_SHIFT), q);
    return f == 0 ? 0 : countBelow(prefixes, (f - 1) << FENCE_SHIFT, Math.min(size, f << FENCE_SHIFT), q);
  }

  /**
   * {@code from} plus the number of values below {@code q} in {@code sorted[from..to)}: the
   * index of the first at or above it, or {@code to}.
   */
  private static int countBelow(long[] sorted, int from, int to, long q) {
    if (to - from > BLOCK) { // the summits of a very big run: halve down to a block
      int lo = from;
      int hi = to;
      while (hi - lo > BLOCK) {
        int mid = (lo + hi) >>> 1;
        if (sorted[mid] < q) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      from = lo;
      to = hi;
    }
    int below = 0;
    for (int i = from; i < to; i++) {
      below += sorted[i] < q ? 1 : 0;
    }
    return from + below;
  }

  /** True if the run holds {@code key}. */
  boolean contains(Key key) {
    return search(key) >= 0;
  }

  /** The first entry at or above {@code low}; {@link #size()} if none. */
  int ceiling(Key low) {
    int i = search(low);
    return i >= 0 ? i : -i - 1;
  }

  /** The last entry at or below {@code high}; -1 if none. */
  int floor(Key high) {
    int i = search(high);
    return i >= 0 ? i : -i - 2;
  }
}
