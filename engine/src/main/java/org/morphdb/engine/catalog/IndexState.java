package org.morphdb.engine.catalog;

/**
 * F1 states of a secondary index. Legal transitions (DESIGN.md):
 * CREATE: ABSENT → DELETE_ONLY → WRITE_ONLY → (backfill) → PUBLIC;
 * DROP:   PUBLIC → WRITE_ONLY → DELETE_ONLY → ABSENT (→ purge).
 */
public enum IndexState {
  /** Not in the catalog; writers do nothing to the index. */
  ABSENT(false, false, false),
  /** Deletes and updates remove old entries; inserts add none; queries never use it. */
  DELETE_ONLY(true, false, false),
  /** Every write maintains the index (UNIQUE enforced); queries never use it. */
  WRITE_ONLY(true, true, false),
  /** Complete; queries may use it. */
  PUBLIC(true, true, true);

  private final boolean removesOldEntries;
  private final boolean writesNewEntries;
  private final boolean readable;

  IndexState(boolean removesOldEntries, boolean writesNewEntries, boolean readable) {
    this.removesOldEntries = removesOldEntries;
    this.writesNewEntries = writesNewEntries;
    this.readable = readable;
  }

  /** Deletes and updates write a tombstone for the old index key. */
  public boolean removesOldEntries() { return removesOldEntries; }

  /** Inserts and updates write the row's entry. */
  public boolean writesNewEntries() { return writesNewEntries; }

  /** Queries may read through the index. */
  public boolean readable() { return readable; }
}
