package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A transaction's buffered writes: a failed statement leaves the writes as they were before
 * it, a rollback to a savepoint as they were at it, and a commit sees each table's rows in
 * the order first written, whether a table holds one row (kept inline) or many.
 */
class WriteSetTest {
  private static final Object[] A = {1}, B = {2}, C = {3};

  @Test
  void aFailedStatementLeavesTheWritesOfEarlierStatements() {
    WriteSet w = new WriteSet();
    w.beginStatement();
    w.put(7, "k1", A);
    w.beginStatement();
    w.put(7, "k1", B); // overwrites the one inline row
    w.put(7, "k2", C); // a second key in the table
    w.delete(8, "k9"); // a second table
    w.undoStatement();
    assertSame(A, w.table(7).get("k1"));
    assertNull(w.table(7).get("k2"));
    assertEquals(1, w.table(7).size());
    assertTrue(w.table(8).isEmpty());
    assertFalse(w.isEmpty());
  }

  @Test
  void undoingTheOnlyWriteLeavesNothing() {
    WriteSet w = new WriteSet();
    w.beginStatement();
    w.put(7, "k1", A);
    w.undoStatement();
    assertTrue(w.isEmpty());
    assertFalse(w.table(7).containsKey("k1"));
  }

  @Test
  void rollbackToASavepointUndoesOnlyWhatCameAfterIt() {
    WriteSet w = new WriteSet();
    w.beginStatement();
    w.put(7, "k1", A);
    int mark = w.savepoint();
    w.beginStatement();
    w.put(7, "k1", B);
    w.delete(7, "k2");
    w.put(8, "k3", C);
    w.rollbackTo(mark);
    assertSame(A, w.table(7).get("k1"));
    assertNull(w.table(7).get("k2"));
    assertTrue(w.table(8).isEmpty());
    w.beginStatement();
    w.put(7, "k4", C); // writes after the rollback still undo per statement
    w.undoStatement();
    assertEquals(Map.of("k1", A), Map.copyOf(w.table(7)));
  }

  @Test
  void aCommitSeesEachTablesRowsInTheOrderFirstWritten() {
    WriteSet w = new WriteSet();
    w.beginStatement();
    w.put(7, "b", A);
    w.put(8, "x", B);
    w.put(7, "a", B);
    w.delete(7, "c");
    w.put(7, "b", C); // an overwrite keeps its place
    assertEquals(2, w.tableCount());
    assertEquals(7, w.tableIdAt(0));
    List<Object> keys = new ArrayList<>();
    w.tableAt(0).forEach((k, v) -> keys.add(k));
    assertEquals(List.of("b", "a", "c"), keys);
    assertSame(C, w.tableAt(0).get("b"));
    assertSame(WriteSet.DELETED, w.tableAt(0).get("c"));
    w.clear();
    assertTrue(w.isEmpty());
    assertEquals(0, w.tableCount());
  }
}
