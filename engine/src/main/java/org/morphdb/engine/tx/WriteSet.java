package org.morphdb.engine.tx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A read-write transaction's buffered writes: per table, row key → new stored row, or
 * {@link #DELETED}. Applied atomically at commit; discarded by rollback, so a rollback
 * leaves no trace (index KVs are derived only at commit). A failed statement is undone
 * with {@link #undoStatement()}, so statements are atomic inside a transaction.
 */
public final class WriteSet {
  /** Marks a deleted row. */
  public static final Object DELETED = new Object() {
    @Override
    public String toString() { return "DELETED"; }
  };
  private static final Object ABSENT = new Object();

  // sized for one table and a row or two (the auto-commit write); they grow as needed
  private final Map<Integer, LinkedHashMap<Object, Object>> byTable = new HashMap<>(2);
  /** Undo entries of the running statement: (table, key, previous value or ABSENT). */
  private final List<Object[]> statementUndo = new ArrayList<>(2);
  /**
   * Undo entries since the transaction's first savepoint, or null while it has none: a
   * savepoint is a position in this list. Kept only then, so a transaction without
   * savepoints pays nothing for them.
   */
  private List<Object[]> savepointUndo;

  /** The buffered writes of one table (row key → stored row or DELETED); never null. */
  public Map<Object, Object> table(int tableId) {
    LinkedHashMap<Object, Object> m = byTable.get(tableId);
    return m == null ? Map.of() : m;
  }

  public void put(int tableId, Object rowKey, Object[] storedRow) {
    record(tableId, rowKey, storedRow);
  }

  public void delete(int tableId, Object rowKey) {
    record(tableId, rowKey, DELETED);
  }

  private void record(int tableId, Object rowKey, Object value) {
    Object previous = byTable.computeIfAbsent(tableId, k -> new LinkedHashMap<>(2)).put(rowKey, value);
    Object[] undo = {tableId, rowKey, previous == null ? ABSENT : previous};
    statementUndo.add(undo);
    if (savepointUndo != null) {
      savepointUndo.add(undo);
    }
  }

  /** A savepoint here: the position to give {@link #rollbackTo}. */
  public int savepoint() {
    statementUndo.clear(); // a savepoint is a statement of its own: none is running
    if (savepointUndo == null) {
      savepointUndo = new ArrayList<>();
    }
    return savepointUndo.size();
  }

  /** Undoes every write since the savepoint at {@code position}, newest first. */
  public void rollbackTo(int position) {
    if (savepointUndo == null) {
      return;
    }
    for (int i = savepointUndo.size() - 1; i >= position; i--) {
      undo(savepointUndo.remove(i));
    }
    statementUndo.clear();
  }

  private void undo(Object[] u) {
    LinkedHashMap<Object, Object> m = byTable.get((Integer) u[0]);
    if (u[2] == ABSENT) {
      m.remove(u[1]);
    } else {
      m.put(u[1], u[2]);
    }
  }

  /** Starts a statement: its writes can be undone until the next call. */
  public void beginStatement() {
    statementUndo.clear();
  }

  /** Undoes the writes of the running statement, newest first. */
  public void undoStatement() {
    for (int i = statementUndo.size() - 1; i >= 0; i--) {
      undo(statementUndo.get(i));
    }
    if (savepointUndo != null) { // the statement's entries are the newest there too
      savepointUndo.subList(savepointUndo.size() - statementUndo.size(), savepointUndo.size()).clear();
    }
    statementUndo.clear();
  }

  public boolean isEmpty() {
    for (var m : byTable.values()) {
      if (!m.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  public Map<Integer, LinkedHashMap<Object, Object>> all() { return byTable; }

  public void clear() {
    byTable.clear();
    statementUndo.clear();
    savepointUndo = null;
  }
}
