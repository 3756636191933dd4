package org.morphdb.engine.storage;

import java.util.Iterator;
import java.util.Map;

/**
 * The visible entries of a key range of a space with a {@link SortedRun}: its chains in key
 * order merged with the run's entries in the range. Where both hold a key, the newer version
 * wins, as in {@link KeySpace#read} (a chain's tombstone after the run's ts hides the entry).
 */
final class MergedEntries extends LookaheadEntries {
  private final Iterator<Map.Entry<Key, VersionChain>> chains;
  private final SortedRun run;
  private final long readTs;
  /** Skip keys with a version newer than readTs (see {@link MvccStore#scanUnchangedSince}). */
  private final boolean unchangedOnly;
  private final boolean descending;
  /** The run's next entry, stepping towards {@code runEnd} (inclusive). */
  private int runAt;
  private final int runEnd;
  private Map.Entry<Key, VersionChain> chainNext;

  MergedEntries(Iterator<Map.Entry<Key, VersionChain>> chains, SortedRun run, KeyRange range,
      long readTs, boolean unchangedOnly, boolean descending) {
    this.chains = chains;
    this.run = run;
    this.readTs = readTs;
    this.unchangedOnly = unchangedOnly;
    this.descending = descending;
    int first = range.isAll() ? 0 : run.ceiling(range.low());
    int last = range.isAll() ? run.size() - 1 : run.floor(range.high());
    if (first > last) { // nothing of the run in range
      first = 0;
      last = -1;
    }
    this.runAt = descending ? last : first;
    this.runEnd = descending ? first : last;
  }

  private boolean runLeft() {
    return descending ? runAt >= runEnd : runAt <= runEnd;
  }

  @Override
  Entry fetch() {
    Entry next = null;
    while (next == null) {
      if (chainNext == null && chains.hasNext()) {
        chainNext = chains.next();
      }
      boolean fromRun = runLeft();
      if (chainNext == null && !fromRun) {
        return null;
      }
      // which comes first in scan order: the chain's key (< 0), the run's entry (> 0), or both
      int c = chainNext == null ? 1 : !fromRun ? -1
          : descending ? run.compareAt(runAt, chainNext.getKey()) : -run.compareAt(runAt, chainNext.getKey());
      if (c < 0) {
        next = visible(chainNext.getKey(), chainNext.getValue(), false);
        chainNext = null;
      } else if (c > 0) {
        next = run.wins(runAt, null, readTs) && run.liveAt(runAt, readTs)
            ? Entry.ofRun(run, runAt) : null;
        step();
      } else {
        next = visible(chainNext.getKey(), chainNext.getValue(), true);
        chainNext = null;
        step();
      }
    }
    return next;
  }

  private void step() {
    runAt += descending ? -1 : 1;
  }

  /** The entry of a chain's key at readTs, the run's entry at {@code runAt} competing when {@code inRun}. */
  private Entry visible(Key key, VersionChain chain, boolean inRun) {
    if (unchangedOnly && (chain.newestTs() > readTs || (inRun && run.newestTs(runAt) > readTs))) {
      return null;
    }
    Version v = chain.visible(readTs);
    if (inRun && run.wins(runAt, v, readTs)) {
      return run.liveAt(runAt, readTs) ? new Entry(key, run.value(runAt), run.ts(runAt)) : null;
    }
    Object value = v == null ? null : v.value; // null: cleared under an unregistered scan (see VisibleEntries)
    return value == null || value == VersionChain.TOMBSTONE ? null : new Entry(key, value, v.ts);
  }
}
