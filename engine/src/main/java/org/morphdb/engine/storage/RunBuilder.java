package org.morphdb.engine.storage;

import java.util.Arrays;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Entries for a {@link SortedRun}, in any order, in columns: a key part that is always a
 * {@link Long} goes to a {@code long[]}, any other to an {@code Object[]}, so adding an entry
 * keeps no object of its own. Every key must have the same number of parts (true of a plain
 * index's keys: the index's columns and the row key's).
 *
 * <p>A key may be added more than once (the backfill's entry, then writers' changes): the
 * run keeps its newest version, and of two with the same ts the one added last (a later
 * write of the same commit, or a writer's write over the backfill's).
 */
public final class RunBuilder {
  private final long defaultTs;
  private long[] prefixes;
  private Object[] columns;
  private Object[] values;
  private long[] stamps;
  private int n;

  private RunBuilder(long defaultTs, int capacity) {
    this.defaultTs = defaultTs;
    this.prefixes = new long[capacity];
    this.values = new Object[capacity];
    this.stamps = new long[capacity];
  }

  /** Entries whose version ts is {@code ts} unless given; {@code expected} sizes the arrays. */
  public static RunBuilder at(long ts, long expected) {
    return new RunBuilder(ts, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, expected)));
  }

  /** The number of entries added. */
  public int size() {
    return n;
  }

  /** Adds {@code key} (not a bound) with {@code value}, at the builder's ts. */
  public void add(Key key, Object value) {
    add(key, value, defaultTs);
  }

  /** Adds {@code key} with {@code stored} (a value or {@link VersionChain#TOMBSTONE}) at {@code ts}. */
  void add(Key key, Object stored, long ts) {
    if (key.isBound() || stored == null) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR, "cannot write %s under key %s", stored, key);
    }
    open(key.size(), key.sortPrefix());
    for (int j = 0; j < columns.length; j++) {
      putPart(j, key.part(j));
    }
    close(stored, ts);
  }

  /**
   * Adds the key of {@code parts} (normalized here, as {@link Key#of} would; the array is not
   * kept) with {@code value}, at the builder's ts: the backfill's entries, without a key
   * object per row.
   */
  public void addParts(Object[] parts, Object value) {
    if (parts.length == 0 || value == null) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR, "cannot write %s under %d key parts", value, parts.length);
    }
    for (int j = 0; j < parts.length; j++) {
      parts[j] = KeyParts.normalize(parts[j]);
    }
    open(parts.length, KeyParts.sortPrefix(parts[0]));
    for (int j = 0; j < parts.length; j++) {
      putPart(j, parts[j]);
    }
    close(value, defaultTs);
  }

  /** Starts entry {@code n}: its width checked, room made, its prefix stored. */
  private void open(int width, long prefix) {
    shapeFor(width);
    if (n == prefixes.length) {
      grow(n + 1 + (n >> 1));
    }
    prefixes[n] = prefix;
  }

  private void putPart(int j, Object part) {
    if (columns[j] instanceof long[] longs) {
      if (part instanceof Long x) {
        longs[n] = x;
        return;
      }
      columns[j] = boxed(longs, prefixes.length);
    }
    ((Object[]) columns[j])[n] = part;
  }

  private void close(Object stored, long ts) {
    values[n] = stored;
    stamps[n++] = ts;
  }

  /** Makes room for {@code total} entries in all. */
  void reserve(int total) {
    grow(total);
  }

  /** Adds every entry of {@code other} after this one's (so they win ties). */
  void addAll(RunBuilder other) {
    if (other.n == 0) {
      return;
    }
    shapeFor(other.columns.length);
    grow(n + other.n);
    System.arraycopy(other.prefixes, 0, prefixes, n, other.n);
    System.arraycopy(other.values, 0, values, n, other.n);
    System.arraycopy(other.stamps, 0, stamps, n, other.n);
    for (int j = 0; j < columns.length; j++) {
      Object theirs = other.columns[j];
      if (columns[j] instanceof long[] mine && theirs instanceof long[] longs) {
        System.arraycopy(longs, 0, mine, n, other.n);
        continue;
      }
      if (columns[j] instanceof long[] mine) {
        columns[j] = boxed(mine, prefixes.length);
      }
      Object[] target = (Object[]) columns[j];
      for (int i = 0; i < other.n; i++) {
        target[n + i] = SortedRun.part(theirs, i);
      }
    }
    n += other.n;
  }

  /** Makes the columns on the first entry; fails on a key of another length. */
  private void shapeFor(int width) {
    if (columns == null) {
      columns = new Object[width];
      for (int j = 0; j < width; j++) {
        columns[j] = new long[prefixes.length];
      }
    } else if (width != columns.length) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR,
          "the keys of a run have one length: %d parts, not %d", columns.length, width);
    }
  }

  private Object[] boxed(long[] longs, int capacity) {
    Object[] objects = new Object[capacity];
    for (int i = 0; i < n; i++) {
      objects[i] = longs[i];
    }
    return objects;
  }

  private void grow(int needed) {
    if (needed <= prefixes.length) {
      return;
    }
    int capacity = needed;
    prefixes = Arrays.copyOf(prefixes, capacity);
    values = Arrays.copyOf(values, capacity);
    stamps = Arrays.copyOf(stamps, capacity);
    if (columns == null) {
      return; // no entry yet: the first one makes the columns at this capacity
    }
    for (int j = 0; j < columns.length; j++) {
      columns[j] = columns[j] instanceof long[] longs
          ? Arrays.copyOf(longs, capacity) : Arrays.copyOf((Object[]) columns[j], capacity);
    }
  }

  /**
   * Sorts the entries into a run, keeping each key's newest version, and calls {@code
   * checkpoint} now and then. The builder is empty afterwards.
   */
  SortedRun build(Runnable checkpoint) {
    if (n == 0) {
      return new SortedRun(0, new long[0], new Object[0], new Object[0], new long[0]);
    }
    ChainSorter.Sorted byPrefix = RunSorter.orderByPrefix(prefixes, n, checkpoint); // stable: equal keys in add order
    int[] order = byPrefix.order();
    // Gathered into prefix order first, so that sorting the entries of one prefix by their
    // whole key, and finding a key's versions, compare neighbours in memory order instead of
    // entries at random through the permutation. Each gather reads its array at random (a
    // cache miss an entry), so what can be had otherwise is: the prefixes come sorted, and a
    // first column of longs is read back from them.
    long[] sortedPrefixes = byPrefix.prefixes();
    Object[] sortedValues = (Object[]) gather(values, order, n);
    long[] sortedStamps = gather(stamps, order, n);
    Object[] sortedColumns = new Object[columns.length];
    for (int j = 0; j < columns.length; j++) {
      sortedColumns[j] = j == 0 && columns[0] instanceof long[] first
          ? firstColumnOf(sortedPrefixes, first, order, n) : gather(columns[j], order, n);
    }
    checkpoint.run();
    Scratch scratch = new Scratch();
    RunSorter.sortTies(sortedPrefixes, n, (a, b) -> compareParts(sortedColumns, a, b),
        (from, tieOrder, length) -> scratch.permute(sortedColumns, sortedValues, sortedStamps, from, tieOrder, length),
        checkpoint);
    checkpoint.run();
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (kept > 0 && sameKey(sortedPrefixes, sortedColumns, kept - 1, i)) {
        if (sortedStamps[i] >= sortedStamps[kept - 1]) {
          move(sortedPrefixes, sortedColumns, sortedValues, sortedStamps, i, kept - 1); // the newer, or the later of one ts
        }
        continue;
      }
      move(sortedPrefixes, sortedColumns, sortedValues, sortedStamps, i, kept++);
    }
    // past the kept entries: no references kept alive (the arrays stay as long as the run)
    Arrays.fill(sortedValues, kept, n, null);
    for (Object column : sortedColumns) {
      if (column instanceof Object[] objects) {
        Arrays.fill(objects, kept, n, null);
      }
    }
    n = 0;
    return new SortedRun(kept, sortedPrefixes, sortedColumns, sortedValues, sortedStamps);
  }

  private static boolean sameKey(long[] prefixes, Object[] columns, int a, int b) {
    return prefixes[a] == prefixes[b] && compareParts(columns, a, b) == 0;
  }

  /** Entry {@code from} of the sorted arrays to place {@code to} (at or before it). */
  private static void move(long[] prefixes, Object[] columns, Object[] values, long[] stamps, int from, int to) {
    if (from == to) {
      return;
    }
    prefixes[to] = prefixes[from];
    values[to] = values[from];
    stamps[to] = stamps[from];
    for (Object column : columns) {
      if (column instanceof long[] longs) {
        longs[to] = longs[from];
      } else {
        ((Object[]) column)[to] = ((Object[]) column)[from];
      }
    }
  }

  /**
   * The first column, all longs, in prefix order: the prefix of a long is the long itself (but
   * for the clamped ends of the range, read from the column).
   */
  private static long[] firstColumnOf(long[] sortedPrefixes, long[] column, int[] order, int n) {
    long[] sorted = new long[n];
    for (int i = 0; i < n; i++) {
      long v = KeyParts.longOfPrefix(sortedPrefixes[i]);
      sorted[i] = KeyParts.isExactLong(v) ? v : column[order[i]];
    }
    return sorted;
  }

  private static Object gather(Object column, int[] order, int n) {
    if (column instanceof long[] longs) {
      return gather(longs, order, n);
    }
    Object[] objects = (Object[]) column;
    Object[] sorted = new Object[n];
    for (int i = 0; i < n; i++) {
      sorted[i] = objects[order[i]];
    }
    return sorted;
  }

  private static long[] gather(long[] longs, int[] order, int n) {
    long[] sorted = new long[n];
    for (int i = 0; i < n; i++) {
      sorted[i] = longs[order[i]];
    }
    return sorted;
  }

  /** Orders entries {@code a} and {@code b} of one prefix by their parts. */
  private static int compareParts(Object[] columns, int a, int b) {
    for (Object column : columns) {
      int c = column instanceof long[] longs ? Long.compare(longs[a], longs[b])
          : KeyParts.compare(((Object[]) column)[a], ((Object[]) column)[b]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /**
   * Room for one run of tied entries while they are put in order, reused from run to run: a
   * logged entry that ties with the backfill's entry of the same value makes a run of two
   * out of order, and a build under writers that change the indexed column meets many.
   */
  private static final class Scratch {
    private Object[] objects = new Object[64];
    private long[] longs = new long[64];

    /** Puts the entries at {@code from..from + length) (one prefix) in {@code order[0..length)}. */
    void permute(Object[] columns, Object[] values, long[] stamps, int from, int[] order, int length) {
      if (objects.length < length) {
        objects = new Object[Math.max(length, 2 * objects.length)];
        longs = new long[objects.length];
      }
      permute(values, from, order, length);
      permute(stamps, from, order, length);
      for (Object column : columns) {
        if (column instanceof long[] c) {
          permute(c, from, order, length);
        } else {
          permute((Object[]) column, from, order, length);
        }
      }
      Arrays.fill(objects, 0, length, null); // no entry kept alive by the scratch
    }

    private void permute(Object[] array, int from, int[] order, int length) {
      for (int k = 0; k < length; k++) {
        objects[k] = array[order[k]];
      }
      System.arraycopy(objects, 0, array, from, length);
    }

    private void permute(long[] array, int from, int[] order, int length) {
      for (int k = 0; k < length; k++) {
        longs[k] = array[order[k]];
      }
      System.arraycopy(longs, 0, array, from, length);
    }
  }
}
