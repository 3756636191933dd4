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

  /**
   * The newer run is the few writes logged during the sort, the older one the whole index: the
   * stretches of the older run between two newer entries are found by galloping search and
   * copied whole, so the merge costs a few comparisons per newer entry, not one per entry.
   */
  private SortedRun run() {
    int i = 0;
    for (int k = 0; k < newer.size(); k++) {
      int end = firstNotBelow(i, k);
      older.copyEntries(i, end, prefixes, columns, values, stamps, n);
      n += end - i;
      i = end;
      if (i < older.size() && compare(i, k) == 0) {
        if (newer.ts(k) >= older.ts(i)) {
          copy(newer, k);
        } else {
          copy(older, i);
        }
        i++;
      } else {
        copy(newer, k);
      }
    }
    older.copyEntries(i, older.size(), prefixes, columns, values, stamps, n);
    n += older.size() - i;
    return new SortedRun(n, prefixes, columns, values, stamps);
  }

  /** The first entry of the older run at or after {@code from} that does not sort below newer entry {@code k}. */
  private int firstNotBelow(int from, int k) {
    int size = older.size();
    if (from >= size || compare(from, k) >= 0) {
      return from;
    }
    int below = from; // sorts below k
    int step = 1;
    int notBelow = from + 1;
    while (notBelow < size && compare(notBelow, k) < 0) {
      below = notBelow;
      step <<= 1;
      notBelow = (int) Math.min(size, (long) from + step);
    }
    notBelow = Math.min(notBelow, size);
    while (notBelow - below > 1) {
      int mid = (below + notBelow) >>> 1;
      if (compare(mid, k) < 0) {
        below = mid;
      } else {
        notBelow = mid;
      }
    }
    return notBelow;
  }

  /** Entry {@code i} of the older run against entry {@code k} of the newer, as {@link Key#compareTo}. */
  private int compare(int i, int k) {
    return SortedRun.compareEntries(older, i, newer, k);
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
