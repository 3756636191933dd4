package org.morphdb.engine.storage;

/**
 * Sorts the positions {@code 0..n-1} of entries kept in columns (no object per entry to hand
 * to {@link java.util.Arrays#sort}), stably, calling a checkpoint now and then so that a
 * background build can pause there.
 *
 * <p>Most keys differ in their sort prefix: {@link #orderByPrefix} sorts the prefixes with the
 * positions alongside by {@link ChainSorter#byPrefix}'s radix passes, reading the prefixes in
 * order instead of at random through a permutation (a comparison sort of positions did, a
 * cache miss each). Only runs of equal prefixes need the whole key: {@link #sortTies} sorts
 * them after the entries were gathered into prefix order.
 */
final class RunSorter {
  /** Orders two positions. */
  interface Order {
    int compare(int a, int b);
  }

  private static final int INSERTION_RUN = 32;
  private static final int CHECKPOINT_EVERY = 1 << 16;

  private RunSorter() {
  }

  /**
   * Puts a run of tied entries, at positions {@code from..from + length), in the order of
   * {@code order[0..length)} (a buffer the sort reuses for every run, so that no run of a few
   * entries allocates).
   */
  interface Permutation {
    void apply(int from, int[] order, int length);
  }

  /**
   * The positions {@code 0..n-1} by ascending {@code prefixes} (signed), equal prefixes in
   * position order, with the prefixes in that order. Entries of one prefix are then sorted by
   * {@link #sortTies}, once gathered.
   */
  static ChainSorter.Sorted orderByPrefix(long[] prefixes, int n, Runnable checkpoint) {
    if (n < ChainSorter.RADIX_FROM) {
      int[] order = sort(n, (a, b) -> Long.compare(prefixes[a], prefixes[b]), checkpoint);
      long[] sorted = new long[n];
      for (int i = 0; i < n; i++) {
        sorted[i] = prefixes[order[i]];
      }
      return new ChainSorter.Sorted(order, sorted);
    }
    int[] positions = new int[n];
    for (int i = 0; i < n; i++) {
      positions[i] = i;
    }
    return ChainSorter.byPrefix(java.util.Arrays.copyOf(prefixes, n), positions, checkpoint);
  }

  /**
   * Sorts, stably by {@code order}, each run of equal prefixes of entries already in prefix
   * order ({@code sortedPrefixes[0..n)}), handing each run's new order to {@code permutation}.
   * The entries of a run are neighbours by now, so the comparisons read memory nearby instead
   * of at random; and a run already in order (the backfill adds a table's rows in row key
   * order, so most are) costs one pass of comparisons.
   */
  static void sortTies(long[] sortedPrefixes, int n, Order order, Permutation permutation, Runnable checkpoint) {
    int[] positions = new int[64];
    int[] scratch = new int[64];
    int i = 0;
    int sinceCheckpoint = 0;
    while (i < n) {
      int j = i + 1;
      boolean inOrder = true;
      while (j < n && sortedPrefixes[j] == sortedPrefixes[i]) {
        inOrder = inOrder && order.compare(j - 1, j) <= 0;
        j++;
      }
      if (!inOrder) {
        int length = j - i;
        if (positions.length < length) {
          positions = new int[Math.max(length, 2 * positions.length)];
          scratch = new int[positions.length];
        }
        for (int k = 0; k < length; k++) {
          positions[k] = i + k;
        }
        mergeSort(positions, 0, length, scratch, order);
        permutation.apply(i, positions, length);
      }
      sinceCheckpoint += j - i;
      if (sinceCheckpoint >= CHECKPOINT_EVERY) {
        sinceCheckpoint = 0;
        checkpoint.run();
      }
      i = j;
    }
  }

  /** Sorts {@code a[from..to)} stably, {@code scratch} holding at least {@code to - from}. */
  private static void mergeSort(int[] a, int from, int to, int[] scratch, Order order) {
    if (to - from <= INSERTION_RUN) {
      insertionSort(a, from, to, order);
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, from, mid, scratch, order);
    mergeSort(a, mid, to, scratch, order);
    if (order.compare(a[mid - 1], a[mid]) <= 0) {
      return;
    }
    System.arraycopy(a, from, scratch, 0, to - from);
    merge(scratch, a, 0, mid - from, to - from, order, from);
  }

  /** The positions {@code 0..n-1} in ascending {@code order}: a bottom-up merge sort. */
  static int[] sort(int n, Order order, Runnable checkpoint) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int from = 0; from < n; from += INSERTION_RUN) {
      insertionSort(a, from, Math.min(n, from + INSERTION_RUN), order);
      if ((from & (CHECKPOINT_EVERY - 1)) == 0) {
        checkpoint.run();
      }
    }
    int[] b = new int[n];
    int moved = 0;
    for (int width = INSERTION_RUN; width < n; width <<= 1) {
      for (int from = 0; from < n; from += width << 1) {
        int mid = Math.min(n, from + width);
        int to = Math.min(n, from + (width << 1));
        merge(a, b, from, mid, to, order, from);
        moved += to - from;
        if (moved >= CHECKPOINT_EVERY) {
          moved = 0;
          checkpoint.run();
        }
      }
      int[] t = a;
      a = b;
      b = t;
    }
    return a;
  }

  private static void insertionSort(int[] a, int from, int to, Order order) {
    for (int i = from + 1; i < to; i++) {
      int x = a[i];
      int j = i - 1;
      while (j >= from && order.compare(a[j], x) > 0) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
  }

  /** Merges {@code src[from..mid)} and {@code src[mid..to)} into {@code dst} from {@code at}. */
  private static void merge(int[] src, int[] dst, int from, int mid, int to, Order order, int at) {
    int i = from;
    int j = mid;
    int k = at;
    if (mid >= to || order.compare(src[mid - 1], src[mid]) <= 0) {
      System.arraycopy(src, from, dst, at, to - from); // already in order
      return;
    }
    while (i < mid && j < to) {
      dst[k++] = order.compare(src[j], src[i]) < 0 ? src[j++] : src[i++];
    }
    while (i < mid) {
      dst[k++] = src[i++];
    }
    while (j < to) {
      dst[k++] = src[j++];
    }
  }
}
