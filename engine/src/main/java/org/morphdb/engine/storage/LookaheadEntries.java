package org.morphdb.engine.storage;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Entries found one ahead of {@link #next}: a subclass says how to find the next one. Read
 * either as an iterator or as a {@link RowCursor}, not both.
 */
abstract class LookaheadEntries implements Iterator<Entry>, RowCursor {
  private Entry next;
  private Entry current;

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

  @Override
  public boolean advance() {
    current = hasNext() ? next() : null;
    return current != null;
  }

  @Override
  public Key key() {
    return current.key();
  }

  @Override
  public Object value() {
    return current.value();
  }
}
