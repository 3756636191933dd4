package org.morphdb.engine.tx;

import java.util.ArrayList;
import java.util.Arrays;
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

  /**
   * The tables written, in {@code tableIds[0 .. tableCount)} and {@code tables}, in the order
   * first written; null until the first write. A transaction writes a table or two: a linear
   * look instead of a map keyed by a boxed id (a map per transaction showed in allocation
   * profiles of auto-commit writes).
   */
  private int[] tableIds;
  private TableWrites[] tables;
  private int tableCount;
  /**
   * Undo entries of the running statement, three slots each: (index in {@code tables} as an
   * Integer, row key, previous value or ABSENT). One flat array instead of a list of arrays:
   * an auto-commit write makes one entry.
   */
  private Object[] statementUndo = NO_UNDO;
  private int statementUndoSlots;
  private static final Object[] NO_UNDO = new Object[0];
  /**
   * Undo entries since the transaction's first savepoint, or null while it has none: a
   * savepoint is a position in this list. Kept only then, so a transaction without
   * savepoints pays nothing for them.
   */
  private List<Object[]> savepointUndo;

  /** The buffered writes of one table (row key → stored row or DELETED); never null. */
  public Map<Object, Object> table(int tableId) {
    int i = indexOf(tableId);
    return i < 0 ? Map.of() : tables[i];
  }

  /** How many tables were written (some of them may be empty again after an undo). */
  public int tableCount() { return tableCount; }

  /** The id of written table {@code i} of {@link #tableCount()}. */
  public int tableIdAt(int i) { return tableIds[i]; }

  /** The writes of table {@code i} of {@link #tableCount()}, in the order first written. */
  public Map<Object, Object> tableAt(int i) { return tables[i]; }

  public void put(int tableId, Object rowKey, Object[] storedRow) {
    record(tableId, rowKey, storedRow);
  }

  public void delete(int tableId, Object rowKey) {
    record(tableId, rowKey, DELETED);
  }

  private int indexOf(int tableId) {
    for (int i = 0; i < tableCount; i++) {
      if (tableIds[i] == tableId) {
        return i;
      }
    }
    return -1;
  }

  private int indexOrAdd(int tableId) {
    int i = indexOf(tableId);
    if (i >= 0) {
      return i;
    }
    if (tableIds == null) {
      tableIds = new int[1];
      tables = new TableWrites[1];
    } else if (tableCount == tableIds.length) {
      tableIds = Arrays.copyOf(tableIds, tableCount * 2);
      tables = Arrays.copyOf(tables, tableCount * 2);
    }
    tableIds[tableCount] = tableId;
    tables[tableCount] = new TableWrites();
    return tableCount++;
  }

  private void record(int tableId, Object rowKey, Object value) {
    int t = indexOrAdd(tableId);
    Object previous = tables[t].put(rowKey, value);
    Object before = previous == null ? ABSENT : previous;
    if (statementUndoSlots + 3 > statementUndo.length) {
      statementUndo = Arrays.copyOf(statementUndo, Math.max(3, statementUndo.length * 2));
    }
    statementUndo[statementUndoSlots++] = t; // a small index: Integer's cached boxes
    statementUndo[statementUndoSlots++] = rowKey;
    statementUndo[statementUndoSlots++] = before;
    if (savepointUndo != null) {
      savepointUndo.add(new Object[] {t, rowKey, before});
    }
  }

  /** A savepoint here: the position to give {@link #rollbackTo}. */
  public int savepoint() {
    clearStatementUndo(); // a savepoint is a statement of its own: none is running
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
    clearStatementUndo();
  }

  private void undo(Object[] u) {
    undo((Integer) u[0], u[1], u[2]);
  }

  private void undo(int table, Object rowKey, Object before) {
    if (before == ABSENT) {
      tables[table].remove(rowKey);
    } else {
      tables[table].put(rowKey, before);
    }
  }

  private void clearStatementUndo() {
    Arrays.fill(statementUndo, 0, statementUndoSlots, null); // no keys or rows kept alive
    statementUndoSlots = 0;
  }

  /** Starts a statement: its writes can be undone until the next call. */
  public void beginStatement() {
    clearStatementUndo();
  }

  /** Undoes the writes of the running statement, newest first. */
  public void undoStatement() {
    for (int i = statementUndoSlots - 3; i >= 0; i -= 3) {
      undo((Integer) statementUndo[i], statementUndo[i + 1], statementUndo[i + 2]);
    }
    if (savepointUndo != null) { // the statement's entries are the newest there too
      int entries = statementUndoSlots / 3;
      savepointUndo.subList(savepointUndo.size() - entries, savepointUndo.size()).clear();
    }
    clearStatementUndo();
  }

  public boolean isEmpty() {
    for (int i = 0; i < tableCount; i++) {
      if (!tables[i].isEmpty()) {
        return false;
      }
    }
    return true;
  }

  public void clear() {
    tableIds = null;
    tables = null;
    tableCount = 0;
    clearStatementUndo();
    savepointUndo = null;
  }
}
