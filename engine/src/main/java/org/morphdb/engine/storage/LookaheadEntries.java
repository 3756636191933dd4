package org.morphdb.engine.storage;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** Entries found one ahead of {@link #next}: a subclass says how to find the next one. */
abstract class LookaheadEntries implements Iterator<Entry> {
  private Entry next;

  /** The next entry, or null at the end (and on every call after it). */
  abstract Entry fetch();

  @Override
  public final boolean hasNext() {
    if (next == null) {
      next = fetch();
    }
    return next != null;
  }

  @Override
  public final Entry next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Entry e = next;
    next = null;
    return e;
  }
}
