package org.morphdb.engine.storage;

/**
 * The entries of a scan one at a time without an object per entry: {@link #advance} moves to
 * the next, {@link #key} and {@link #value} read the current one. For a scan of a million rows
 * (a backfill) that is a million objects the young collections need not count.
 */
public interface RowCursor {
  /** Moves to the next entry; false at the end. */
  boolean advance();

  /** The current entry's key. */
  Key key();

  /** The current entry's value. */
  Object value();

  /** A cursor with no entry. */
  RowCursor EMPTY = new RowCursor() {
    @Override
    public boolean advance() {
      return false;
    }

    @Override
    public Key key() {
      throw new java.util.NoSuchElementException();
    }

    @Override
    public Object value() {
      throw new java.util.NoSuchElementException();
    }
  };
}
