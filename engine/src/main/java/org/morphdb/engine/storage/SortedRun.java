package org.morphdb.engine.storage;

import java.util.Arrays;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * An immutable, sorted run of index entries that all carry one version, stamped {@link #ts}:
 * what the backfill of a plain (not UNIQUE) index writes, kept in a few large arrays instead
 * of a hash-map node, a version chain and a tree slot per entry.
 *
 * <p>Why: a backfill of a million entries as objects allocates a few hundred MB that survive,
 * and every young collection during the build copies them while the application's writers
 * wait; arrays this large are allocated outside the young generation and never copied. Key
 * parts are kept in columns: a column whose values are all {@link Long} is a {@code long[]}
 * (no object per value), any other an {@code Object[]}.
 *
 * <p>The run belongs to a {@link KeySpace}, whose version chains stay the truth for every
 * later change: a reader takes the newer of a key's chain version and its run entry (see
 * {@link KeySpace#read}), so a delete after {@code ts} is a tombstone in a chain that shadows
 * the entry. Such a chain must stay as long as the run does ({@link KeySpace#shadowsRun}).
 */
public final class SortedRun {
  /** The version ts of every entry (the backfill's snapshot). */
  final long ts;
  private final int size;
  /** {@link Key#sortPrefix()} of each key: searches compare these first. */
  private final long[] prefixes;
  /** Every 64th prefix: a search finds its block here, in a few cache lines. */
  private final long[] fences;
  /** Part {@code j} of every key: a {@code long[]} or an {@code Object[]}. */
  private final Object[] columns;
  private final Object[] values;
  /** Readers at or above this ts see none of the entries (set once, by {@link MvccStore#retireRun}). */
  private volatile long retiredTs = Long.MAX_VALUE;

  private static final int FENCE_SHIFT = 6;

  private SortedRun(long ts, int size, long[] prefixes, Object[] columns, Object[] values) {
    this.ts = ts;
    this.size = size;
    this.prefixes = prefixes;
    this.columns = columns;
    this.values = values;
    this.fences = new long[(size + (1 << FENCE_SHIFT) - 1) >>> FENCE_SHIFT];
    for (int b = 0; b < fences.length; b++) {
      fences[b] = prefixes[b << FENCE_SHIFT];
    }
  }

  /** Collects entries for a run at {@code ts}; {@code expected} sizes its arrays. */
  public static Builder builder(long ts, long expected) {
    return new Builder(ts, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, expected)));
  }

  /** True if a reader at {@code readTs} sees the entries (those no chain version hides). */
  boolean visibleAt(long readTs) {
    return ts <= readTs && readTs < retiredTs;
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
      parts[j] = part(j, i);
    }
    return Key.ofNormalized(parts);
  }

  Object value(int i) {
    return values[i];
  }

  private Object part(int column, int i) {
    Object c = columns[column];
    return c instanceof long[] longs ? Long.valueOf(longs[i]) : ((Object[]) c)[i];
  }

  /** The order of entry {@code i} against {@code key} (a bound or a stored key), as {@link Key#compareTo}. */
  int compareAt(int i, Key key) {
    long p = prefixes[i];
    long q = key.sortPrefix();
    if (p != q) {
      return p < q ? -1 : 1;
    }
    int width = columns.length;
    int common = Math.min(width, key.size());
    for (int j = 0; j < common; j++) {
      Object kp = key.part(j);
      int c = columns[j] instanceof long[] longs && kp instanceof Long x
          ? Long.compare(longs[i], x) : KeyParts.compare(part(j, i), kp);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(common < width ? KeyParts.RANK_NULL : KeyParts.RANK_END, key.tailRank(common));
  }

  /** The index of {@code key}, or {@code -(insertion point) - 1}. */
  int search(Key key) {
    long q = key.sortPrefix();
    // Entries before block firstFence(q, false) - 1 have prefixes below q, and those from
    // block firstFence(q, true) on above it: the key's place lies between, a block or two.
    int lo = Math.max(0, firstFence(q, false) - 1) << FENCE_SHIFT;
    int hi = Math.min(size, firstFence(q, true) << FENCE_SHIFT) - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = compareAt(mid, key);
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

  /** The first block whose first prefix is at or above {@code q} (above it, if {@code strict}). */
  private int firstFence(long q, boolean strict) {
    int lo = 0;
    int hi = fences.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      long f = fences[mid];
      if (f < q || (strict && f == q)) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
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

  /**
   * Entries in any order, sorted by {@link #build}. Every key must have the same number of
   * parts (true of a plain index's keys: the index's columns and the row key's) and no two
   * keys may be equal (each names its row).
   */
  public static final class Builder {
    private final long ts;
    private long[] prefixes;
    private Object[] columns;
    private Object[] values;
    private int n;

    private Builder(long ts, int capacity) {
      this.ts = ts;
      this.prefixes = new long[capacity];
      this.values = new Object[capacity];
    }

    /** The number of entries added. */
    public int size() {
      return n;
    }

    /** Adds {@code key} (not a bound) with {@code value}. */
    public void add(Key key, Object value) {
      if (key.isBound() || value == null) {
        throw MorphException.of(ErrorCode.INTERNAL_ERROR, "cannot write %s under key %s", value, key);
      }
      if (columns == null) {
        columns = new Object[key.size()];
        for (int j = 0; j < columns.length; j++) {
          columns[j] = new long[prefixes.length];
        }
      } else if (key.size() != columns.length) {
        throw MorphException.of(ErrorCode.INTERNAL_ERROR, "run keys differ in length: %s", key);
      }
      if (n == prefixes.length) {
        grow();
      }
      prefixes[n] = key.sortPrefix();
      for (int j = 0; j < columns.length; j++) {
        Object part = key.part(j);
        if (columns[j] instanceof long[] longs) {
          if (part instanceof Long x) {
            longs[n] = x;
            continue;
          }
          columns[j] = boxed(longs, n, prefixes.length);
        }
        ((Object[]) columns[j])[n] = part;
      }
      values[n++] = value;
    }

    private static Object[] boxed(long[] longs, int n, int capacity) {
      Object[] objects = new Object[capacity];
      for (int i = 0; i < n; i++) {
        objects[i] = longs[i];
      }
      return objects;
    }

    private void grow() {
      int capacity = prefixes.length + (prefixes.length >> 1) + 16;
      prefixes = Arrays.copyOf(prefixes, capacity);
      values = Arrays.copyOf(values, capacity);
      for (int j = 0; j < columns.length; j++) {
        columns[j] = columns[j] instanceof long[] longs
            ? Arrays.copyOf(longs, capacity) : Arrays.copyOf((Object[]) columns[j], capacity);
      }
    }

    /** Sorts the entries into a run, calling {@code checkpoint} now and then. */
    SortedRun build(Runnable checkpoint) {
      if (n == 0) {
        return new SortedRun(ts, 0, new long[0], new Object[0], new Object[0]);
      }
      int[] order = RunSorter.sort(n, this::compare, checkpoint);
      long[] sortedPrefixes = new long[n];
      Object[] sortedValues = new Object[n];
      for (int i = 0; i < n; i++) {
        sortedPrefixes[i] = prefixes[order[i]];
        sortedValues[i] = values[order[i]];
      }
      Object[] sortedColumns = new Object[columns.length];
      for (int j = 0; j < columns.length; j++) {
        sortedColumns[j] = gather(columns[j], order, n);
        columns[j] = null; // the unsorted copy may go
      }
      prefixes = null;
      values = null;
      return new SortedRun(ts, n, sortedPrefixes, sortedColumns, sortedValues);
    }

    private static Object gather(Object column, int[] order, int n) {
      if (column instanceof long[] longs) {
        long[] sorted = new long[n];
        for (int i = 0; i < n; i++) {
          sorted[i] = longs[order[i]];
        }
        return sorted;
      }
      Object[] objects = (Object[]) column;
      Object[] sorted = new Object[n];
      for (int i = 0; i < n; i++) {
        sorted[i] = objects[order[i]];
      }
      return sorted;
    }

    private int compare(int a, int b) {
      long pa = prefixes[a];
      long pb = prefixes[b];
      if (pa != pb) {
        return pa < pb ? -1 : 1;
      }
      for (Object column : columns) {
        int c = column instanceof long[] longs ? Long.compare(longs[a], longs[b])
            : KeyParts.compare(((Object[]) column)[a], ((Object[]) column)[b]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    }
  }
}
