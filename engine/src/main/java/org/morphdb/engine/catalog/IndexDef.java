package org.morphdb.engine.catalog;

import java.util.List;

/**
 * A secondary index: one index KV per row, keyed by (index columns, primary key); a UNIQUE
 * index keys rows whose indexed values are all non-NULL by the values alone.
 *
 * @param columnIds  indexed columns by id, in key order
 * @param descending per column, whether declared DESC (informational: keys are ascending)
 */
public record IndexDef(
    int id, String name, int tableId, List<Integer> columnIds, List<Boolean> descending,
    boolean unique, IndexState state) {

  public IndexDef {
    columnIds = List.copyOf(columnIds);
    descending = List.copyOf(descending);
  }

  public IndexDef withState(IndexState newState) {
    return new IndexDef(id, name, tableId, columnIds, descending, unique, newState);
  }
}
