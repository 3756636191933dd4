package org.morphdb.engine.storage;

/**
 * Sorts the positions {@code 0..n-1} of entries kept in columns (no object per entry to hand
 * to {@link java.util.Arrays#sort}): a bottom-up merge sort over an {@code int[]}, stable,
 * calling a checkpoint every few thousand moves so that a background build can pause there.
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

  /** The positions {@code 0..n-1} in ascending {@code order}. */
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
        merge(a, b, from, mid, to, order);
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

  private static void merge(int[] src, int[] dst, int from, int mid, int to, Order order) {
    int i = from;
    int j = mid;
    int k = from;
    if (mid >= to || order.compare(src[mid - 1], src[mid]) <= 0) {
      System.arraycopy(src, from, dst, from, to - from); // already in order
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
