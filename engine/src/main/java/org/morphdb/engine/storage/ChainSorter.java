package org.morphdb.engine.storage;

/**
 * The key order of a keyspace's chains, for building its tree in one pass: a permutation
 * ({@code int[]}) sorted alongside a copy of the keys' sort prefixes ({@code long[]}), first by
 * prefix with a radix sort (a few sequential passes, no comparisons: a comparison sort of
 * millions of random prefixes spends its time in mispredicted branches), then each run of
 * equal prefixes by the keys' parts with a quicksort. Both arrays are primitive, so nothing
 * chases keys over the heap until prefixes tie, and moving entries stores no references:
 * storing references into arrays of millions (old-generation objects) pays the collector's
 * write barrier every time, which made sorting reference arrays several times slower.
 */
final class ChainSorter {
  private static final int INSERTION_SORT_BELOW = 16;

  private static final int DIGIT_BITS = 16;

  /** Below this many keys, one comparison sort instead of radix passes. */
  static final int RADIX_FROM = 4096;

  private final Key[] keys;
  private long[] prefixes;
  private int[] order;

  private final Runnable checkpoint;

  private ChainSorter(Key[] keys, long[] givenPrefixes, int n, Runnable checkpoint) {
    this.keys = keys;
    this.checkpoint = checkpoint;
    this.prefixes = givenPrefixes != null && givenPrefixes.length == n ? givenPrefixes
        : givenPrefixes != null ? java.util.Arrays.copyOf(givenPrefixes, n) : new long[n];
    this.order = new int[n];
    for (int i = 0; i < n; i++) {
      if (givenPrefixes == null) {
        prefixes[i] = keys[i].sortPrefix();
      }
      order[i] = i;
      if ((i & (KeySpace.CHECKPOINT_EVERY - 1)) == KeySpace.CHECKPOINT_EVERY - 1) {
        checkpoint.run();
      }
    }
  }

  /**
   * A key order: {@code keys[order[0]]} is the smallest key, and {@code prefixes[i]} is the
   * sort prefix of {@code keys[order[i]]} (so that building a tree need not read the keys).
   */
  record Sorted(int[] order, long[] prefixes) {}

  /** The order of {@code keys[0..n)}, ascending; keys must be distinct. */
  static Sorted order(Key[] keys, int n) {
    return order(keys, n, () -> { });
  }

  /** As {@link #order(Key[], int)}, calling {@code checkpoint} between passes and runs. */
  static Sorted order(Key[] keys, int n, Runnable checkpoint) {
    return order(keys, null, n, checkpoint);
  }

  /**
   * As {@link #order(Key[], int, Runnable)}, given the keys' sort prefixes ({@code
   * prefixes[i]} is {@code keys[i]}'s, and the array is sorted in place) so that no pass reads
   * the keys just for them; {@code null}: read them from the keys.
   */
  static Sorted order(Key[] keys, long[] prefixes, int n, Runnable checkpoint) {
    ChainSorter sorter = new ChainSorter(keys, prefixes, n, checkpoint);
    if (n < RADIX_FROM) {
      // a radix pass clears and scans 65,537 counters: for a small index (one DDL on a small
      // table) a comparison sort is cheaper
      sorter.quicksort(0, n - 1);
      return new Sorted(sorter.order, sorter.prefixes);
    }
    sorter.radixSortByPrefix();
    long[] sortedPrefixes = sorter.prefixes.clone(); // sortTies rewrites prefixes of tied runs
    sorter.sortTies();
    return new Sorted(sorter.order, sortedPrefixes);
  }

  private void radixSortByPrefix() {
    Sorted sorted = byPrefix(prefixes, order, checkpoint);
    prefixes = sorted.prefixes();
    order = sorted.order();
  }

  /**
   * Sorts {@code prefixes} (all of the array) and {@code order} alongside it, by prefix
   * (signed), stably: least significant digit first, {@link #DIGIT_BITS} at a time; a digit
   * all prefixes share (the type band, the high bits of small numbers) costs one counting
   * pass. Calls {@code checkpoint} after each pass. Returns the arrays that hold the result
   * (the given ones or others of the same length). Also the first step of {@link RunSorter}.
   */
  static Sorted byPrefix(long[] prefixes, int[] order, Runnable checkpoint) {
    int n = order.length;
    long[] otherPrefixes = new long[n];
    int[] otherOrder = new int[n];
    int[] starts = new int[(1 << DIGIT_BITS) + 1];
    for (int shift = 0; shift < Long.SIZE; shift += DIGIT_BITS) {
      java.util.Arrays.fill(starts, 0);
      for (long p : prefixes) {
        starts[digit(p, shift) + 1]++;
      }
      if (starts[digit(prefixes[0], shift) + 1] == n) {
        continue; // every prefix has this digit: the pass would change nothing
      }
      for (int d = 1; d < starts.length; d++) {
        starts[d] += starts[d - 1];
      }
      for (int i = 0; i < n; i++) {
        int to = starts[digit(prefixes[i], shift)]++;
        otherPrefixes[to] = prefixes[i];
        otherOrder[to] = order[i];
      }
      checkpoint.run();
      long[] p = prefixes;
      prefixes = otherPrefixes;
      otherPrefixes = p;
      int[] o = order;
      order = otherOrder;
      otherOrder = o;
    }
    return new Sorted(order, prefixes);
  }

  /** A digit of the prefix read as unsigned (prefixes compare signed: flip the sign bit). */
  private static int digit(long prefix, int shift) {
    return (int) (((prefix ^ Long.MIN_VALUE) >>> shift) & ((1 << DIGIT_BITS) - 1));
  }

  /** Sorts each run of equal prefixes by the keys' parts. */
  private void sortTies() {
    int n = order.length;
    int nextCheckpoint = KeySpace.CHECKPOINT_EVERY;
    for (int i = 0; i < n; ) {
      if (i >= nextCheckpoint) {
        checkpoint.run();
        nextCheckpoint = i + KeySpace.CHECKPOINT_EVERY;
      }
      int j = i + 1;
      while (j < n && prefixes[j] == prefixes[i]) {
        j++;
      }
      if (j - i > 1) {
        secondPartPrefixes(i, j);
        quicksort(i, j - 1);
      }
      i = j;
    }
  }

  /**
   * When the keys of the run {@code [from, to)} all have the same first part (their equal
   * prefixes are exact) and a second one, replaces their prefixes by their second parts':
   * an index key (value, primary key) on a column with repeated values then sorts mostly by
   * {@code long}s too, instead of following four pointers per comparison. The run's prefixes
   * are not read again once it is sorted.
   */
  private void secondPartPrefixes(int from, int to) {
    for (int k = from; k < to; k++) {
      Key key = keys[order[k]];
      if (key.size() < 2 || !KeyParts.prefixIsExact(key.part(0))) {
        return;
      }
    }
    for (int k = from; k < to; k++) {
      prefixes[k] = KeyParts.sortPrefix(keys[order[k]].part(1));
    }
  }

  private int compare(int i, int j) {
    long a = prefixes[i];
    long b = prefixes[j];
    return a != b ? (a < b ? -1 : 1) : keys[order[i]].compareParts(keys[order[j]]);
  }

  /** Sorts {@code [lo, hi]}: recurses into the smaller side, loops on the larger (stack ≤ log n). */
  private void quicksort(int lo, int hi) {
    while (hi - lo >= INSERTION_SORT_BELOW) {
      int p = partition(lo, hi);
      if (p - lo < hi - p) {
        quicksort(lo, p - 1);
        lo = p + 1;
      } else {
        quicksort(p + 1, hi);
        hi = p - 1;
      }
    }
    insertionSort(lo, hi);
  }

  /**
   * Median-of-three pivot moved to {@code hi}, then Lomuto's partition; returns the pivot's
   * final place. Keys are distinct, so no run of equal elements can make it quadratic, and
   * the median of three handles input that is already sorted (an index on an ascending column).
   */
  private int partition(int lo, int hi) {
    int mid = (lo + hi) >>> 1;
    if (compare(mid, lo) < 0) {
      swap(mid, lo);
    }
    if (compare(hi, lo) < 0) {
      swap(hi, lo);
    }
    if (compare(hi, mid) < 0) {
      swap(hi, mid);
    }
    swap(mid, hi); // the median is the pivot, at hi
    int store = lo;
    for (int i = lo; i < hi; i++) {
      if (compare(i, hi) < 0) {
        swap(i, store++);
      }
    }
    swap(store, hi);
    return store;
  }

  private void insertionSort(int lo, int hi) {
    for (int i = lo + 1; i <= hi; i++) {
      for (int j = i; j > lo && compare(j, j - 1) < 0; j--) {
        swap(j, j - 1);
      }
    }
  }

  private void swap(int i, int j) {
    long p = prefixes[i];
    prefixes[i] = prefixes[j];
    prefixes[j] = p;
    int o = order[i];
    order[i] = order[j];
    order[j] = o;
  }
}
