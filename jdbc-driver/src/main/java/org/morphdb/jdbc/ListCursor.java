package org.morphdb.jdbc;

import java.util.Iterator;
import java.util.List;
import org.morphdb.engine.api.RowCursor;

/** A {@link RowCursor} over rows held in memory (metadata results, generated keys). */
final class ListCursor implements RowCursor {
  private final Iterator<Object[]> rows;
  private Object[] current;

  ListCursor(List<Object[]> rows) {
    this.rows = List.copyOf(rows).iterator();
  }

  @Override
  public boolean next() {
    current = rows.hasNext() ? rows.next() : null;
    return current != null;
  }

  @Override
  public Object[] current() {
    return current;
  }

  @Override
  public void close() {
    current = null;
  }
}
