package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.PackedRows;
import org.morphdb.engine.tx.RowCodec;

/**
 * CHECK TABLE: compares, at one snapshot, every PUBLIC index with the rows (MISSING, ORPHAN
 * and WRONG entries), every VALID constraint with the rows (CONSTRAINT), and reports any KV
 * left in a keyspace whose purge has finished. No rows means consistent.
 */
final class TableChecker {
  private final MvccStore store;
  private final ConstraintChecker constraints;

  TableChecker(MvccStore store, ConstraintChecker constraints) {
    this.store = store;
    this.constraints = constraints;
  }

  /** Rows of (TABLE_NAME, INDEX_NAME, PROBLEM, KEY). */
  List<Object[]> check(TableDef table, long snapshotTs, Iterable<Long> purgedSpaces) {
    List<Object[]> problems = new ArrayList<>();
    List<IndexDef> indexes = table.indexes().stream().filter(i -> i.state() == IndexState.PUBLIC).toList();
    List<Map<Key, Key>> expected = new ArrayList<>();
    indexes.forEach(i -> expected.add(new HashMap<>()));
    Iterator<Entry> rows = store.scan(table.id(), KeyRange.all(), snapshotTs);
    while (rows.hasNext()) {
      Entry e = rows.next();
      Object[] row = PackedRows.unpack(e.value());
      for (int i = 0; i < indexes.size(); i++) {
        expected.get(i).put(RowCodec.indexKey(table, indexes.get(i), row, e.key()), e.key());
      }
      checkConstraints(table, e.key(), row, problems);
      checkParents(table, e.key(), row, snapshotTs, problems);
    }
    for (int i = 0; i < indexes.size(); i++) {
      compare(table, indexes.get(i), expected.get(i), snapshotTs, problems);
    }
    for (long space : purgedSpaces) {
      Iterator<Entry> left = store.scan(space, KeyRange.all(), snapshotTs);
      while (left.hasNext()) {
        problems.add(problem(table, "(purged keyspace " + space + ")", "ORPHAN", left.next().key()));
      }
    }
    return problems;
  }

  private void compare(TableDef table, IndexDef index, Map<Key, Key> expected, long s, List<Object[]> problems) {
    Iterator<Entry> entries = store.scan(index.id(), KeyRange.all(), s);
    while (entries.hasNext()) {
      Entry e = entries.next();
      Key owner = expected.remove(e.key());
      if (owner != null) {
        if (RowCodec.isUniqueValueKey(index, e.key()) && !owner.equals(e.value())) {
          problems.add(problem(table, index.name(), "WRONG", e.key()));
        }
        continue;
      }
      Key rowKey = RowCodec.rowKeyOfIndexEntry(index, e);
      boolean rowExists = store.get(table.id(), rowKey, s) != null;
      problems.add(problem(table, index.name(), rowExists ? "WRONG" : "ORPHAN", e.key()));
    }
    for (Key missing : expected.keySet()) {
      problems.add(problem(table, index.name(), "MISSING", missing));
    }
  }

  private void checkConstraints(TableDef table, Key key, Object[] row, List<Object[]> problems) {
    for (ColumnDef c : table.columns()) {
      if (c.notNull() == ConstraintState.VALID && RowCodec.stored(c, row) == null) {
        problems.add(problem(table, "NOT NULL " + c.name(), "CONSTRAINT", key));
      }
    }
    for (CheckDef check : table.checks()) {
      if (check.state() == ConstraintState.VALID && !constraints.satisfies(table, check, row)) {
        problems.add(problem(table, check.name(), "CONSTRAINT", key));
      }
    }
  }

  /** A row whose VALID foreign key refers to a parent row the snapshot does not have: an orphan. */
  private void checkParents(TableDef table, Key key, Object[] row, long snapshotTs, List<Object[]> problems) {
    for (ForeignKeyDef fk : table.outgoingKeys()) {
      if (fk.state() != ConstraintState.VALID) {
        continue;
      }
      Key parentKey = RowCodec.referencedKey(table, fk, row);
      if (parentKey != null && store.get(fk.parentTableId(), parentKey, snapshotTs) == null) {
        problems.add(problem(table, fk.name(), "CONSTRAINT", key));
      }
    }
  }

  private static Object[] problem(TableDef table, String index, String what, Key key) {
    return new Object[] {table.name(), index, what, key.toString()};
  }
}
