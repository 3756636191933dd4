package org.morphdb.engine.storage;

/**
 * The visible versions of a cursor's keys. Each run of keys has its versions found in one
 * pass before any is returned: the chains lie at random places in memory, and looking
 * them up back to back lets their cache misses overlap.
 */
final class VisibleEntries extends LookaheadEntries {
  private final OrderedChains.Cursor chains;
  private final long readTs;
  /** Skip keys with a version newer than readTs. */
  private final boolean unchangedOnly;
  private final Version[] versions = new Version[OrderedChains.CAPACITY];
  private int count;
  private int pos;

  VisibleEntries(OrderedChains.Cursor chains, long readTs, boolean unchangedOnly) {
    this.chains = chains;
    this.readTs = readTs;
    this.unchangedOnly = unchangedOnly;
  }

  @Override
  Entry fetch() {
    Entry next = null;
    while (next == null) {
      if (pos == count && !nextRun()) {
        return null;
      }
      Version v = versions[pos];
      if (v != null && !v.isTombstone()) {
        next = new Entry(chains.key(pos), v.value, v.ts);
      }
      versions[pos++] = null;
    }
    return next;
  }

  /** Finds the versions of the cursor's next run; false at its end. */
  private boolean nextRun() {
    count = chains.nextRun();
    pos = 0;
    for (int i = 0; i < count; i++) {
      VersionChain chain = chains.chain(i);
      versions[i] = unchangedOnly && chain.newestTs() > readTs ? null : chain.visible(readTs);
    }
    return count > 0;
  }
}
