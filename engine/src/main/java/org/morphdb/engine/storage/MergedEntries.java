package org.morphdb.engine.storage;

import java.util.Iterator;
import java.util.Map;

/**
 * The visible entries of a key range of a space with a {@link SortedRun}: its chains in key
 * order merged with the run's entries in the range (and those of the space's newer runs, whose
 * entry of a key hides the older runs'). Where a chain and a run hold a key, the newer version
 * wins, as in {@link KeySpace#read} (a chain's tombstone after the run's ts hides the entry).
 */
final class MergedEntries extends LookaheadEntries {
  private final Iterator<Map.Entry<Key, VersionChain>> chains;
  /** The runs' entries in the range, newest run first, the space's big run last. */
  private final Piece[] pieces;
  private final long readTs;
  /** Skip keys with a version newer than readTs (see {@link MvccStore#scanUnchangedSince}). */
  private final boolean unchangedOnly;
  private final boolean descending;
  private Map.Entry<Key, VersionChain> chainNext;

  /** A run's entries in the range, stepped through in scan order. */
  private static final class Piece {
    final SortedRun run;
    private final boolean descending;
    /** The next entry, stepping towards {@code end} (inclusive). */
    int at;
    private final int end;

    Piece(SortedRun run, KeyRange range, boolean descending) {
      this.run = run;
      this.descending = descending;
      int first = range.isAll() ? 0 : run.ceiling(range.low());
      int last = range.isAll() ? run.size() - 1 : run.floor(range.high());
      if (first > last) { // nothing of the run in range
        first = 0;
        last = -1;
      }
      this.at = descending ? last : first;
      this.end = descending ? first : last;
    }

    boolean left() {
      return descending ? at >= end : at <= end;
    }

    void step() {
      at += descending ? -1 : 1;
    }
  }

  MergedEntries(Iterator<Map.Entry<Key, VersionChain>> chains, SortedRun run, SortedRun[] newerRuns,
      KeyRange range, long readTs, boolean unchangedOnly, boolean descending) {
    this.chains = chains;
    this.pieces = new Piece[newerRuns.length + 1];
    for (int i = 0; i < newerRuns.length; i++) {
      pieces[i] = new Piece(newerRuns[i], range, descending);
    }
    pieces[newerRuns.length] = new Piece(run, range, descending);
    this.readTs = readTs;
    this.unchangedOnly = unchangedOnly;
    this.descending = descending;
  }

  /**
   * The run whose entry comes next in scan order, or null; of one key in several runs, the
   * newest run's, the others stepping past theirs (hidden by it).
   */
  private Piece runNext() {
    if (pieces.length == 1) {
      return pieces[0].left() ? pieces[0] : null;
    }
    Piece next = null;
    for (Piece p : pieces) { // newest first: on a tie the one found first wins
      if (p.left() && (next == null || before(SortedRun.compareEntries(p.run, p.at, next.run, next.at)))) {
        next = p;
      }
    }
    if (next != null) {
      for (Piece p : pieces) {
        if (p != next && p.left() && SortedRun.compareEntries(p.run, p.at, next.run, next.at) == 0) {
          p.step();
        }
      }
    }
    return next;
  }

  /** True if {@code c}, an order of two keys as by {@code compareTo}, puts the first before the second in scan order. */
  private boolean before(int c) {
    return descending ? c > 0 : c < 0;
  }

  @Override
  Entry fetch() {
    Entry next = null;
    while (next == null) {
      if (chainNext == null && chains.hasNext()) {
        chainNext = chains.next();
      }
      Piece piece = runNext();
      if (chainNext == null && piece == null) {
        return null;
      }
      // which comes first in scan order: the chain's key (< 0), the run's entry (> 0), or both
      int c = chainNext == null ? 1 : piece == null ? -1
          : descending ? piece.run.compareAt(piece.at, chainNext.getKey()) : -piece.run.compareAt(piece.at, chainNext.getKey());
      if (c < 0) {
        next = visible(chainNext.getKey(), chainNext.getValue(), null);
        chainNext = null;
      } else if (c > 0) {
        SortedRun run = piece.run;
        next = run.wins(piece.at, null, readTs) && run.liveAt(piece.at, readTs) ? Entry.ofRun(run, piece.at) : null;
        piece.step();
      } else {
        next = visible(chainNext.getKey(), chainNext.getValue(), piece);
        chainNext = null;
        piece.step();
      }
    }
    return next;
  }

  /** The entry of a chain's key at readTs, the run's entry where {@code inRun} stands competing (null: none). */
  private Entry visible(Key key, VersionChain chain, Piece inRun) {
    SortedRun run = inRun == null ? null : inRun.run;
    int at = inRun == null ? -1 : inRun.at;
    if (unchangedOnly && (chain.newestTs() > readTs || (run != null && run.newestTs(at) > readTs))) {
      return null;
    }
    Version v = chain.visible(readTs);
    if (run != null && run.wins(at, v, readTs)) {
      return run.liveAt(at, readTs) ? new Entry(key, run.value(at), run.ts(at)) : null;
    }
    Object value = v == null ? null : v.value; // null: cleared under an unregistered scan (see VisibleEntries)
    return value == null || value == VersionChain.TOMBSTONE ? null : new Entry(key, value, v.ts);
  }
}
