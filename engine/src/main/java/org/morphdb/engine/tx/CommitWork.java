package org.morphdb.engine.tx;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.storage.CommitBatch;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.MvccStore;

/**
 * Derives what a transaction commits from {@code catalogAt(commitTs)}: row KVs from its
 * write set, and index KVs and constraint checks from the index and constraint states in
 * force at the commit timestamp (DESIGN.md "Index and constraint work follows the commit
 * timestamp"). Old index keys are tombstoned first and new entries put after, so an entry
 * wins over a tombstone of the same key.
 */
final class CommitWork {
  private final Transaction tx;
  private final Catalog catalog;
  private final MvccStore store;
  private final LockManager locks;
  private final ConstraintChecker constraints;
  /** Made on first use: an insert tombstones nothing (a batch and its list per commit showed in allocation profiles). */
  private CommitBatch tombstones;
  private final CommitBatch puts = new CommitBatch();
  // Made on first use: most commits touch no UNIQUE index.
  /** Index space → unique value keys tombstoned in this commit, with the row each pointed to. */
  private Map<Long, Set<Key>> tombstonedValueKeys;
  /** Index space → unique value key → row key that claims it in this commit. */
  private Map<Long, Map<Key, Key>> claimedValueKeys;

  CommitWork(Transaction tx, Catalog catalog, MvccStore store, LockManager locks, ConstraintChecker constraints) {
    this.tx = tx;
    this.catalog = catalog;
    this.store = store;
    this.locks = locks;
    this.constraints = constraints;
  }

  CommitBatch build() {
    WriteSet writes = tx.writes();
    for (int i = 0; i < writes.tableCount(); i++) {
      TableDef table = catalog.table(writes.tableIdAt(i)).orElseThrow(() -> MorphException.of(
          ErrorCode.INCOMPATIBLE_SCHEMA, "Transaction aborted at commit: a table it wrote was dropped"));
      writes.tableAt(i).forEach((key, row) -> writeRow(table, (Key) key, row == WriteSet.DELETED ? null : (Object[]) row));
    }
    checkUniqueClaims();
    return tombstones == null ? puts : tombstones.addAll(puts);
  }

  private void writeRow(TableDef table, Key rowKey, Object[] newRow) {
    // The old row is stable: this transaction holds the row's X lock. Read only when an
    // index's old entry must go (a table without indexes skips a hash-map lookup per write).
    Object oldRow = removesOldEntries(table) ? committedImage(table, rowKey) : null;
    if (newRow == null) {
      tombstones().delete(table.id(), rowKey);
    } else {
      constraints.check(table, newRow);
      puts.put(table.id(), rowKey, PackedRows.pack(newRow));
    }
    List<IndexDef> indexes = table.indexes();
    for (int i = 0; i < indexes.size(); i++) { // indexed: an iterator per written row was garbage
      IndexDef index = indexes.get(i);
      IndexState state = index.state();
      Key oldKey = oldRow != null && state.removesOldEntries() ? RowCodec.indexKey(table, index, oldRow, rowKey) : null;
      Key newKey = newRow != null && state.writesNewEntries() ? RowCodec.indexKey(table, index, newRow, rowKey) : null;
      if (state == IndexState.PUBLIC && oldKey != null && oldKey.equals(newKey)) {
        // An UPDATE that leaves the index's columns alone: the row keeps its entry (a PUBLIC
        // index has one for every row; in the states before it, the entry may be missing)
        continue;
      }
      if (oldKey != null) {
        tombstoneOldEntry(index, oldKey, rowKey);
      }
      if (newKey != null) {
        puts.put(index.id(), newKey, RowCodec.indexValue(index, newKey, rowKey));
        if (RowCodec.isUniqueValueKey(index, newKey)) {
          claim(table, index, newKey, rowKey);
        }
      }
    }
  }

  private CommitBatch tombstones() {
    if (tombstones == null) {
      tombstones = new CommitBatch();
    }
    return tombstones;
  }

  /** The row's newest committed image (null: none), as the transaction read it if it did. */
  private Object committedImage(TableDef table, Key rowKey) {
    Object remembered = tx.committedImage(table.id(), rowKey);
    return remembered != Transaction.NOT_REMEMBERED ? remembered : store.get(table.id(), rowKey, Long.MAX_VALUE);
  }

  private static boolean removesOldEntries(TableDef table) {
    List<IndexDef> indexes = table.indexes();
    for (int i = 0; i < indexes.size(); i++) {
      if (indexes.get(i).state().removesOldEntries()) {
        return true;
      }
    }
    return false;
  }

  /** On a UNIQUE value key the tombstone removes only an entry that points to this row. */
  private void tombstoneOldEntry(IndexDef index, Key oldKey, Key rowKey) {
    if (RowCodec.isUniqueValueKey(index, oldKey)) {
      Object owner = store.get(index.id(), oldKey, Long.MAX_VALUE);
      if (owner != null && !rowKey.equals(owner)) {
        return;
      }
      if (tombstonedValueKeys == null) {
        tombstonedValueKeys = new HashMap<>();
      }
      tombstonedValueKeys.computeIfAbsent((long) index.id(), k -> new HashSet<>()).add(oldKey);
    }
    tombstones().delete(index.id(), oldKey);
  }

  private void claim(TableDef table, IndexDef index, Key valueKey, Key rowKey) {
    if (claimedValueKeys == null) {
      claimedValueKeys = new HashMap<>();
    }
    Key previous = claimedValueKeys.computeIfAbsent((long) index.id(), k -> new HashMap<>()).put(valueKey, rowKey);
    if (previous != null && !previous.equals(rowKey)) {
      throw duplicate(table, index, valueKey);
    }
    LockName name = new LockName.KeyInSpace(index.id(), valueKey);
    if (!locks.tryAcquire(tx, name, LockMode.X)) {
      throw MorphException.of(ErrorCode.LOCK_CONFLICT,
          "Transaction aborted at commit: unique key %s of index %s is locked by another transaction",
          valueKey, index.name());
    }
  }

  /** A claimed value key must be free: absent, owned by the same row, or tombstoned by this commit. */
  private void checkUniqueClaims() {
    if (claimedValueKeys == null) {
      return;
    }
    for (Map.Entry<Long, Map<Key, Key>> space : claimedValueKeys.entrySet()) {
      Set<Key> freed = tombstonedValueKeys == null ? Set.of()
          : tombstonedValueKeys.getOrDefault(space.getKey(), Set.of());
      for (Map.Entry<Key, Key> claim : space.getValue().entrySet()) {
        Object owner = store.get(space.getKey(), claim.getKey(), Long.MAX_VALUE);
        if (owner != null && !owner.equals(claim.getValue()) && !freed.contains(claim.getKey())) {
          TableDef table = tableOfIndex(space.getKey());
          IndexDef index = table.indexes().stream().filter(i -> i.id() == space.getKey()).findFirst().orElseThrow();
          throw duplicate(table, index, claim.getKey());
        }
      }
    }
  }

  private TableDef tableOfIndex(long indexId) {
    for (TableDef t : catalog.tables()) {
      for (IndexDef i : t.indexes()) {
        if (i.id() == indexId) {
          return t;
        }
      }
    }
    throw new IllegalStateException("index " + indexId + " not in catalog");
  }

  static MorphException duplicate(TableDef table, IndexDef index, Key key) {
    return MorphException.of(ErrorCode.UNIQUE_VIOLATION,
        "Unique index %s on table %s violated: duplicate key %s", index.name(), table.name(), key);
  }
}
