package org.morphdb.engine.sql;

import java.util.List;
import org.morphdb.engine.api.RowCursor;

/** A cursor over rows already computed. */
final class ListCursor implements RowCursor {
  private final List<Object[]> rows;
  private int position = -1;

  ListCursor(List<Object[]> rows) {
    this.rows = rows;
  }

  @Override
  public boolean next() {
    if (position + 1 < rows.size()) {
      position++;
      return true;
    }
    position = rows.size();
    return false;
  }

  @Override
  public Object[] current() {
    return rows.get(position);
  }

  @Override
  public void close() {
    position = rows.size();
  }
}
