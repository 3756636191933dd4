package org.morphdb.engine.storage;

/**
 * The visible versions of a cursor's keys. Each run of keys has its versions found in one
 * pass before any is returned, and then its keys and row images touched in another: the
 * chains, keys and rows lie at random places in memory, and reading them back to back lets
 * their cache misses overlap. Read as an iterator of {@link Entry}s, or as a {@link
 * RowCursor} without one object per entry.
 */
final class VisibleEntries extends LookaheadEntries {
  private final OrderedChains.Cursor chains;
  private final long readTs;
  /** Skip keys with a version newer than readTs. */
  private final boolean unchangedOnly;
  private final Version[] versions = new Version[OrderedChains.CAPACITY];
  private int count;
  private int pos;
  /** What the touch-ahead in {@link #nextRun} read: kept, so that the reads are not optimized away. */
  private long touched;
  /** The current entry, as a {@link RowCursor} reads it. */
  private Key key;
  private Version version;
  private Object value;

  VisibleEntries(OrderedChains.Cursor chains, long readTs, boolean unchangedOnly) {
    this.chains = chains;
    this.readTs = readTs;
    this.unchangedOnly = unchangedOnly;
  }

  @Override
  Entry fetch() {
    return advance() ? new Entry(key, value, version.ts) : null;
  }

  /** Without an {@link Entry} per key (the backfill's scan). */
  @Override
  public boolean advance() {
    while (true) {
      if (pos == count && !nextRun()) {
        key = null;
        version = null;
        value = null;
        return false;
      }
      Version v = versions[pos];
      versions[pos] = null;
      // Read once: a scan of unchanged keys may run without a registered snapshot (the
      // backfill's), and a newer write may then clear a chain's first version (see
      // VersionChain) while we read it. Null means the key changed after readTs: skipped.
      Object val = v == null ? null : v.value;
      if (val != null && val != VersionChain.TOMBSTONE) {
        key = chains.key(pos++);
        version = v;
        value = val;
        return true;
      }
      pos++;
    }
  }

  @Override
  public Key key() {
    return key;
  }

  @Override
  public Object value() {
    return value;
  }

  /** Finds the versions of the cursor's next run; false at its end. */
  private boolean nextRun() {
    count = chains.nextRun();
    pos = 0;
    for (int i = 0; i < count; i++) {
      VersionChain chain = chains.chain(i);
      versions[i] = unchangedOnly && chain.newestTs() > readTs ? null : chain.visible(readTs);
    }
    // The same for what the caller reads next: each key's first part and each row image (the
    // array, not its values: touching those too did not measurably help the backfill, and of a
    // wide row it would read columns the caller never asks for).
    long t = 0;
    for (int i = 0; i < count; i++) {
      t += chains.key(i).touch();
      Version v = versions[i];
      if (v != null && v.value instanceof Object[] row) {
        t += row.length;
      } else if (v != null && v.value instanceof byte[] packed) { // a table's row (tx.PackedRows)
        t += packed.length;
      }
    }
    touched += t;
    return count > 0;
  }

}
