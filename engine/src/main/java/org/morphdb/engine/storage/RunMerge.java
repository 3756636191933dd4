package org.morphdb.engine.storage;

import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Merges two runs that no one reads yet into one, each key's newest version: a backfill's run
 * and the run of what commits logged while it sorted (see {@link MvccStore#attachRun}). One
 * pass, the inputs read in order.
 */
final class RunMerge {
  private final SortedRun older;
  private final SortedRun newer;
  private final long[] prefixes;
  private final Object[] columns;
  private final Object[] values;
  private final long[] stamps;
  private int n;

  private RunMerge(SortedRun older, SortedRun newer) {
    if (older.width() != newer.width()) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR,
          "the keys of a run have one length: %d parts, not %d", older.width(), newer.width());
    }
    this.older = older;
    this.newer = newer;
    int capacity = older.size() + newer.size();
    prefixes = new long[capacity];
    values = new Object[capacity];
    stamps = new long[capacity];
    columns = new Object[older.width()];
    for (int j = 0; j < columns.length; j++) {
      columns[j] = older.column(j) instanceof long[] && newer.column(j) instanceof long[]
          ? new long[capacity] : new Object[capacity];
    }
  }

  /**
   * The entries of both runs; of a key in both, the newer version, {@code newer}'s on a tie
   * of ts (it was written later). Neither run may have been attached (no deletes marked).
   */
  static SortedRun merge(SortedRun older, SortedRun newer) {
    if (newer.size() == 0) {
      return older;
    }
    if (older.size() == 0) {
      return newer;
    }
    return new RunMerge(older, newer).run();
  }

  private SortedRun run() {
    int i = 0;
    int k = 0;
    while (i < older.size() && k < newer.size()) {
      int c = compare(i, k);
      if (c < 0) {
        copy(older, i++);
      } else if (c > 0) {
        copy(newer, k++);
      } else {
        if (newer.ts(k) >= older.ts(i)) {
          copy(newer, k);
        } else {
          copy(older, i);
        }
        i++;
        k++;
      }
    }
    while (i < older.size()) {
      copy(older, i++);
    }
    while (k < newer.size()) {
      copy(newer, k++);
    }
    return new SortedRun(n, prefixes, columns, values, stamps);
  }

  /** Entry {@code i} of the older run against entry {@code k} of the newer, as {@link Key#compareTo}. */
  private int compare(int i, int k) {
    long p = older.prefix(i);
    long q = newer.prefix(k);
    if (p != q) {
      return p < q ? -1 : 1;
    }
    for (int j = 0; j < columns.length; j++) {
      Object a = older.column(j);
      Object b = newer.column(j);
      int c = a instanceof long[] x && b instanceof long[] y ? Long.compare(x[i], y[k])
          : KeyParts.compare(SortedRun.part(a, i), SortedRun.part(b, k));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private void copy(SortedRun from, int i) {
    prefixes[n] = from.prefix(i);
    values[n] = from.value(i);
    stamps[n] = from.ts(i);
    for (int j = 0; j < columns.length; j++) {
      Object source = from.column(j);
      if (columns[j] instanceof long[] longs) {
        longs[n] = ((long[]) source)[i];
      } else {
        ((Object[]) columns[j])[n] = SortedRun.part(source, i);
      }
    }
    n++;
  }
}
