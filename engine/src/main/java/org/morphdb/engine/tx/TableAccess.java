package org.morphdb.engine.tx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;

/**
 * Reads and writes of table rows inside a transaction. Read-only transactions read their
 * snapshot without locks. Read-write transactions lock first (a table S lock for whole scans
 * and index ranges, IS + a key-range lock for key-bounded scans, IS + row S for point reads,
 * IX + row X for writes), then check the table
 * version against the one bound at enlistment, then read the newest committed data merged
 * with their own buffered writes. A transaction that has written many rows of a table tries
 * to lock the whole table instead (lock escalation, {@link RowLockCounts}). Rows are
 * returned as stored rows with their keys.
 */
public final class TableAccess {
  private final TransactionManager txm;
  private final MvccStore store;
  private final LockManager locks;

  public TableAccess(TransactionManager txm) {
    this.txm = txm;
    this.store = txm.store();
    this.locks = txm.locks();
  }

  /**
   * A row: its key, and its stored image in either form (see {@link RowCodec}); read single
   * values with {@link RowCodec#stored(org.morphdb.engine.catalog.ColumnDef, Object)} rather
   * than unpacking it all.
   */
  public record Row(Key key, Object stored) {
    /** The stored image as an array (unpacked, a new one each call, if it is packed). */
    public Object[] values() {
      return PackedRows.unpack(stored);
    }
  }

  // --- reads ---------------------------------------------------------------------------

  public Iterator<Row> scan(Transaction tx, Node node, TableDef table) {
    return scan(tx, node, table, KeyRange.all());
  }

  /**
   * The rows whose key lies in {@code range}, in key order. A scan of every key locks the
   * table S (X when reading for update); one bounded to a range locks only that range of
   * keys (IS on the table and a range lock, {@link RangeLocks}), so writers of other keys
   * go on, and a transaction that reads a range and then writes elsewhere in the table no
   * longer deadlocks with another doing the same on the table lock's upgrade.
   */
  public Iterator<Row> scan(Transaction tx, Node node, TableDef table, KeyRange range) {
    if (tx.readOnly()) {
      return rows(store.scan(table.id(), range, tx.snapshotTs()));
    }
    if (locksRangeOnly(tx, table, range)) {
      lockAndCheck(tx, node, table, LockMode.IS, range);
    } else {
      lockAndCheck(tx, node, table, scanMode(tx));
    }
    long readTs = readTs();
    Map<Object, Object> own = tx.writes().table(table.id());
    Iterator<Row> committed = rows(store.scan(table.id(), range, readTs));
    return own.isEmpty() ? committed : mergeOwnWrites(committed, own, r -> range.contains(r.key()));
  }

  public Row lookup(Transaction tx, Node node, TableDef table, Key key) {
    if (tx.readOnly()) {
      Object v = store.get(table.id(), key, tx.snapshotTs());
      return v == null ? null : new Row(key, v);
    }
    if (tx.readingForUpdate()) {
      return lookupForWrite(tx, node, table, key);
    }
    LockName.Table tableLock = lockAndCheck(tx, node, table, LockMode.IS);
    lockRow(tx, tableLock, key, LockMode.S);
    return readLocked(tx, table, key);
  }

  /**
   * True when a scan of {@code range} takes a range lock: a bounded range, not read for
   * update, in a table the transaction does not hold S or X on already, and not past {@link
   * RangeLocks#TABLE_LOCK_AFTER} range locks in the table (then the table lock serves).
   */
  private static boolean locksRangeOnly(Transaction tx, TableDef table, KeyRange range) {
    if (range.isAll() || tx.readingForUpdate()) {
      return false;
    }
    LockMode onTable = tx.heldLocks().get(new LockName.Table(table.id(), table.name()));
    if (onTable != null && onTable.covers(LockMode.S)) {
      return false;
    }
    return tx.rangeLockCounts().count(table.id()) <= RangeLocks.TABLE_LOCK_AFTER;
  }

  /** S for a scan, X when reading for update (the table's rows are all read for writing). */
  private static LockMode scanMode(Transaction tx) {
    return tx.readingForUpdate() ? LockMode.X : LockMode.S;
  }

  /**
   * As {@link #lookup} for a statement that goes on to write the row (an UPDATE or DELETE by
   * key): takes the write locks (IX, row X) at once. Read locks first, upgraded at the write,
   * let two such statements, or one and a transaction holding the table's S lock, each hold
   * the lock the other's upgrade waits for: a deadlock, where now the second simply waits.
   */
  public Row lookupForWrite(Transaction tx, Node node, TableDef table, Key key) {
    lockRowForWrite(tx, node, table, key);
    return readLocked(tx, table, key);
  }

  /**
   * Takes the table's write intention (IX) for a statement that reads the rows it will then
   * write (an UPDATE or DELETE through a query), for the reason given at {@link
   * #lookupForWrite}: its reads then take no table lock that its writes upgrade.
   */
  public void intendToWrite(Transaction tx, Node node, TableDef table) {
    lockTableForWrite(tx, node, table);
  }

  /** IX on the table and the operation rule, after refusing a read-only transaction; the lock's name. */
  private LockName.Table lockTableForWrite(Transaction tx, Node node, TableDef table) {
    if (tx.readOnly()) {
      throw MorphException.of(ErrorCode.READ_ONLY_TRANSACTION,
          "Cannot write table %s in a read-only transaction", table.name());
    }
    return lockAndCheck(tx, node, table, LockMode.IX);
  }

  private Row readLocked(Transaction tx, TableDef table, Key key) {
    tx.throwIfAborted();
    Object own = tx.writes().table(table.id()).get(key);
    if (own != null) {
      return own == WriteSet.DELETED ? null : new Row(key, own);
    }
    // with the stored key, for a write that follows: what it writes then shares that key
    Row row = store.get(table.id(), key, readTs(), (stored, v) -> new Row(stored, v));
    tx.rememberCommitted(table.id(), row == null ? key : row.key(), row == null ? null : row.stored());
    return row;
  }

  /** Rows whose index entry lies in {@code range}; only PUBLIC indexes are ever read. */
  public Iterator<Row> indexRange(Transaction tx, Node node, TableDef table, IndexDef index, KeyRange range) {
    if (index.state() != IndexState.PUBLIC) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR, "index %s is %s, not readable", index.name(), index.state());
    }
    long readTs;
    Map<Object, Object> own;
    if (tx.readOnly()) {
      readTs = tx.snapshotTs();
      own = Map.of();
    } else {
      lockAndCheck(tx, node, table, scanMode(tx));
      readTs = readTs();
      own = tx.writes().table(table.id());
    }
    Iterator<Entry> entries = store.scan(index.id(), range, readTs);
    Iterator<Row> committed = new IndexedRows(index, entries, store.pointReader(table.id(), readTs));
    if (own.isEmpty()) {
      return committed;
    }
    return mergeOwnWrites(committed, own, r -> range.contains(RowCodec.indexKey(table, index, r.stored(), r.key())));
  }

  /**
   * The rows of index entries, looked up a batch at a time ({@link MvccStore.PointReader#getAll}).
   * Batches start small, for a scan that stops after a row or two, and grow.
   */
  private static final class IndexedRows implements Iterator<Row> {
    private static final int FIRST_BATCH = 8;
    private static final int MAX_BATCH = 128;
    private final IndexDef index;
    private final Iterator<Entry> entries;
    private final MvccStore.PointReader tableRows;
    private Key[] keys = new Key[FIRST_BATCH];
    private Object[] values = new Object[FIRST_BATCH];
    private int count;
    private int pos;

    IndexedRows(IndexDef index, Iterator<Entry> entries, MvccStore.PointReader tableRows) {
      this.index = index;
      this.entries = entries;
      this.tableRows = tableRows;
    }

    @Override
    public boolean hasNext() {
      while (true) {
        for (; pos < count; pos++) {
          if (values[pos] != null) {
            return true;
          }
        }
        if (!entries.hasNext()) {
          return false;
        }
        fill();
      }
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Row r = new Row(keys[pos], values[pos]);
      values[pos++] = null;
      return r;
    }

    private void fill() {
      if (count == keys.length && keys.length < MAX_BATCH) {
        keys = new Key[keys.length * 2];
        values = new Object[keys.length];
      }
      int n = 0;
      while (n < keys.length && entries.hasNext()) {
        Entry e = entries.next();
        keys[n++] = RowCodec.rowKeyOfIndexEntry(index, e);
      }
      tableRows.getAll(keys, values, n);
      count = n;
      pos = 0;
    }
  }

  // --- writes --------------------------------------------------------------------------

  /** Buffers an insert; a row with the same primary key, committed or written earlier, fails with 23505. */
  public void insert(Transaction tx, Node node, TableDef table, Key key, Object[] row) {
    lockRowForWrite(tx, node, table, key);
    Object own = tx.writes().table(table.id()).get(key);
    boolean exists;
    if (own != null) {
      exists = own != WriteSet.DELETED;
    } else {
      Object committed = store.get(table.id(), key, readTs());
      tx.rememberCommitted(table.id(), key, committed);
      exists = committed != null;
    }
    if (exists) {
      throw MorphException.of(ErrorCode.UNIQUE_VIOLATION,
          "Duplicate primary key %s in table %s", key, table.name());
    }
    tx.writes().put(table.id(), key, row);
  }

  /** Buffers the new version of an existing row (same key). */
  public void update(Transaction tx, Node node, TableDef table, Key key, Object[] row) {
    lockRowForWrite(tx, node, table, key);
    tx.writes().put(table.id(), key, row);
  }

  public void delete(Transaction tx, Node node, TableDef table, Key key) {
    lockRowForWrite(tx, node, table, key);
    tx.writes().delete(table.id(), key);
  }

  // --- helpers -------------------------------------------------------------------------

  private void lockRowForWrite(Transaction tx, Node node, TableDef table, Key key) {
    LockName.Table tableLock = lockTableForWrite(tx, node, table);
    if (lockRow(tx, tableLock, key, LockMode.X) && tx.rowLockCounts().countAndCheck(table.id())) {
      locks.tryAcquire(tx, tableLock, LockMode.X); // escalation: no wait; refused, rows stay locked singly
    }
    tx.throwIfAborted();
  }

  /**
   * Takes {@code mode} on the row unless the transaction's lock on its table covers it (S or
   * X on a table grants that mode on every row of it, as after a scan or an escalation) or
   * the transaction holds it already; true when it took a row lock.
   */
  private boolean lockRow(Transaction tx, LockName.Table tableLock, Key key, LockMode mode) {
    LockMode onTable = tx.heldLocks().get(tableLock);
    if (onTable != null && onTable.covers(mode)) {
      return false;
    }
    LockName.KeyInSpace row = new LockName.KeyInSpace(tableLock.tableId(), key);
    LockMode held = tx.heldLocks().get(row);
    if (held != null && held.covers(mode)) {
      return false; // taken already, and counted
    }
    locks.acquire(tx, row, mode);
    if (mode == LockMode.X) {
      locks.awaitRangesHolding(tx, row);
    }
    return true;
  }

  /**
   * Takes the table lock (returning its name), then applies the operation rule (table
   * version still I's). The version is checked once per statement and table, at the
   * statement's first row: a DDL that lands later in the statement is caught by the next
   * statement or at commit.
   */
  private LockName.Table lockAndCheck(Transaction tx, Node node, TableDef table, LockMode mode) {
    return lockAndCheck(tx, node, table, mode, null);
  }

  /** As above, and with {@code range} not null, that range of the table's keys S after the table lock. */
  private LockName.Table lockAndCheck(Transaction tx, Node node, TableDef table, LockMode mode, KeyRange range) {
    tx.throwIfAborted();
    txm.enlist(tx, node, table);
    LockName.Table tableLock = new LockName.Table(table.id(), table.name());
    locks.acquire(tx, tableLock, mode);
    if (range != null) {
      locks.acquireRange(tx, tableLock, range);
    }
    if (tx.firstCheckThisStatement(table.id())) {
      txm.checkTableVersion(tx, node, table.id());
    } else {
      tx.throwIfAborted();
    }
    return tableLock;
  }

  /**
   * Read-write transactions read the newest versions: they hold the locks that keep writers
   * of what they read out, and a writer releases its locks only after its commit finished
   * applying, so the newest versions are complete (and newest versions are never reclaimed).
   */
  private static long readTs() {
    return Long.MAX_VALUE;
  }

  private static Iterator<Row> rows(Iterator<Entry> entries) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() { return entries.hasNext(); }

      @Override
      public Row next() {
        Entry e = entries.next();
        return new Row(e.key(), e.value());
      }
    };
  }

  /** Committed rows not overwritten by the transaction, then its own live rows that qualify. */
  private static Iterator<Row> mergeOwnWrites(Iterator<Row> committed, Map<Object, Object> own,
      java.util.function.Predicate<Row> qualifies) {
    List<Row> out = new ArrayList<>();
    while (committed.hasNext()) {
      Row r = committed.next();
      if (!own.containsKey(r.key())) {
        out.add(r);
      }
    }
    for (Map.Entry<Object, Object> w : own.entrySet()) {
      if (w.getValue() != WriteSet.DELETED) {
        Row r = new Row((Key) w.getKey(), w.getValue());
        if (qualifies.test(r)) {
          out.add(r);
        }
      }
    }
    Collections.sort(out, (a, b) -> a.key().compareTo(b.key()));
    return out.iterator();
  }
}
