package org.morphdb.engine.storage;

/**
 * Sorts the positions {@code 0..n-1} of entries kept in columns (no object per entry to hand
 * to {@link java.util.Arrays#sort}), stably, calling a checkpoint now and then so that a
 * background build can pause there.
 *
 * <p>Most keys differ in their sort prefix: {@link #sortByPrefix} sorts the prefixes with the
 * positions alongside by {@link ChainSorter#byPrefix}'s radix passes, reading the prefixes in
 * order instead of at random through a permutation (a comparison sort of positions did, a
 * cache miss each), and sorts only the runs of equal prefixes by the whole key.
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
   * The positions {@code 0..n-1} in ascending {@code order}, which must order first by
   * {@code prefixes} (ascending, signed).
   */
  static int[] sortByPrefix(long[] prefixes, int n, Order order, Runnable checkpoint) {
    if (n < ChainSorter.RADIX_FROM) {
      return sort(n, order, checkpoint);
    }
    int[] positions = new int[n];
    for (int i = 0; i < n; i++) {
      positions[i] = i;
    }
    // by prefix, equal prefixes in position order (the radix sort is stable)
    ChainSorter.Sorted byPrefix = ChainSorter.byPrefix(java.util.Arrays.copyOf(prefixes, n), positions, checkpoint);
    int[] sorted = byPrefix.order();
    long[] sortedPrefixes = byPrefix.prefixes();
    int[] scratch = null;
    int i = 0;
    while (i < n) {
      int j = i + 1;
      while (j < n && sortedPrefixes[j] == sortedPrefixes[i]) {
        j++;
      }
      if (j - i > 1) { // keys of one prefix: by the whole key
        if (scratch == null || scratch.length < j - i) {
          scratch = new int[Math.max(j - i, 64)];
        }
        mergeSort(sorted, i, j, scratch, order);
      }
      i = j;
    }
    return sorted;
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
