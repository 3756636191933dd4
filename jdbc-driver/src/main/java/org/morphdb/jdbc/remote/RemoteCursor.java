package org.morphdb.jdbc.remote;

import java.util.List;
import org.morphdb.engine.api.RowCursor;

/**
 * Rows of a remote result, pulled from the server a chunk at a time: the server reads the
 * next chunk from its engine cursor only when asked, so neither side ever holds more than
 * one chunk of a large result, and a slow reader slows only its own cursor.
 */
final class RemoteCursor implements RowCursor {
  private final RemoteSession session;
  private final long cursorId;
  private List<Object[]> rows;
  private boolean last;
  private int next;
  private Object[] current;
  private boolean closed;

  RemoteCursor(RemoteSession session, long cursorId, Messages.RowChunk first) {
    this.session = session;
    this.cursorId = cursorId;
    this.rows = first.rows();
    this.last = first.last();
  }

  @Override
  public boolean next() {
    while (!closed && next >= rows.size() && !last) {
      Messages.RowChunk chunk = session.fetch(cursorId);
      rows = chunk.rows();
      last = chunk.last();
      next = 0;
    }
    if (closed || next >= rows.size()) {
      current = null;
      return false;
    }
    current = rows.get(next);
    rows.set(next++, null); // let a read row go before the chunk ends
    return true;
  }

  @Override
  public Object[] current() {
    return current;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    rows = List.of();
    if (!last && !session.isClosed()) {
      session.closeCursor(cursorId);
    }
  }
}
