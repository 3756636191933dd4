package org.morphdb.engine.storage;

/**
 * Sorts the positions {@code 0..n-1} of entries kept in columns (no object per entry to hand
 * to {@link java.util.Arrays#sort}), stably, calling a checkpoint now and then so that a
 * background build can pause there.
 *
 * <p>Most keys differ in their sort prefix, and a prefix and a position fit in one {@code
 * long} when the prefixes span less than 2^(63 - bits of n): {@link #sortByPrefix} then sorts
 * those longs with {@link java.util.Arrays#sort(long[])}, reading the prefixes in order
 * instead of at random through a permutation (a comparison sort of positions did, a cache
 * miss each), and sorts only the runs of equal prefixes by the whole key.
 */
final class RunSorter {
  /** Orders two positions. */
  interface Order {
    int compare(int a, int b);
  }

  private static final int INSERTION_RUN = 32;
  private static final int CHECKPOINT_EVERY = 1 << 16;
  /** Bits per radix pass: 2,048 counters, whose targets stay in the caches while a pass scatters. */
  private static final int DIGIT_BITS = 11;
  /** Below this many entries a comparison sort is cheaper than clearing and scanning the counters. */
  static final int RADIX_FROM = 4096;

  private RunSorter() {
  }

  /**
   * The positions {@code 0..n-1} in ascending {@code order}, which must order first by
   * {@code prefixes} (ascending, signed).
   */
  static int[] sortByPrefix(long[] prefixes, int n, Order order, Runnable checkpoint) {
    if (n < 2) {
      return sort(n, order, checkpoint);
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      min = Math.min(min, prefixes[i]);
      max = Math.max(max, prefixes[i]);
    }
    int bits = 32 - Integer.numberOfLeadingZeros(n - 1);
    long range = max - min; // negative if it overflowed
    if (range < 0 || (range >>> (63 - bits)) != 0) {
      return sort(n, order, checkpoint);
    }
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      packed[i] = ((prefixes[i] - min) << bits) | i;
    }
    packed = sortPacked(packed, n, checkpoint); // by prefix, then by position: stable
    long mask = (1L << bits) - 1;
    int[] sorted = new int[n];
    int[] scratch = null;
    int i = 0;
    while (i < n) {
      long p = packed[i] >>> bits;
      int j = i;
      while (j < n && packed[j] >>> bits == p) {
        sorted[j] = (int) (packed[j] & mask);
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

  /**
   * {@code packed[0..n)} (non-negative, distinct) in ascending order: for many, a radix sort,
   * least significant digit first, {@link #DIGIT_BITS} at a time and only over the bits they
   * use (4 passes for 1.3 million entries of a million prefixes: 13 ms against 86 ms for
   * {@link java.util.Arrays#sort(long[])}, warm), calling {@code checkpoint} after each pass.
   * Returns the array that holds them, {@code packed} or another.
   */
  static long[] sortPacked(long[] packed, int n, Runnable checkpoint) {
    if (n < RADIX_FROM) {
      java.util.Arrays.sort(packed, 0, n);
      checkpoint.run();
      return packed;
    }
    long used = 0;
    for (int i = 0; i < n; i++) {
      used |= packed[i];
    }
    int bits = Long.SIZE - Long.numberOfLeadingZeros(used);
    long[] from = packed;
    long[] to = new long[n];
    int[] starts = new int[(1 << DIGIT_BITS) + 1];
    for (int shift = 0; shift < bits; shift += DIGIT_BITS) {
      java.util.Arrays.fill(starts, 0);
      for (int i = 0; i < n; i++) {
        starts[digit(from[i], shift) + 1]++;
      }
      for (int d = 1; d < starts.length; d++) {
        starts[d] += starts[d - 1];
      }
      for (int i = 0; i < n; i++) {
        to[starts[digit(from[i], shift)]++] = from[i];
      }
      long[] t = from;
      from = to;
      to = t;
      checkpoint.run();
    }
    return from;
  }

  private static int digit(long value, int shift) {
    return (int) (value >>> shift) & ((1 << DIGIT_BITS) - 1);
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
