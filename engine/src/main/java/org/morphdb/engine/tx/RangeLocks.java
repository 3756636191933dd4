package org.morphdb.engine.tx;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;

/**
 * Shared locks on ranges of a table's primary keys, which protect a key-bounded scan against
 * phantoms without locking the whole table: a transaction that scans {@code ID BETWEEN 10 AND
 * 20} keeps writers of keys 10 to 20 out, existing rows or not, and lets every other writer of
 * the table in. (A table S lock did the same for every key, and two transactions that each
 * read a range and then wrote elsewhere in the table deadlocked on its upgrade to X.)
 *
 * <p>The two sides, and why neither misses the other:
 * <ul>
 *   <li>A range locker (IS on the table already) first waits, unseen, for every writer
 *       holding X on a row inside the range (taking that row's S lock). Then it publishes
 *       its range in the table's list, counts it in {@link #held}, and looks again: if a
 *       writer got a row inside meanwhile, it takes its range back out and starts over.
 *   <li>A row X locker, once its row lock is granted, reads {@link #held}; when it is not
 *       zero it waits for every other transaction's published range in the table that holds
 *       its key (while a range is only being checked, that wait ends when it is taken back).
 * </ul>
 * Each side writes first and reads second, through volatile reads and writes and monitors, so
 * at least one sees the other. A range locker waits only while its range is not published,
 * so no writer ever waits for a range that waits for it: a reader that meets a long writer
 * waits for it, as it did for the table lock, instead of making it the loser of a deadlock.
 * While no range is locked anywhere, a row lock costs one volatile read more.
 *
 * <p>Range locks are S only: a scan that reads for update still locks its table X.
 */
final class RangeLocks {
  /**
   * Range locks after which a transaction's further scans of the table lock the whole table
   * (S) instead: every row writer of the table checks every range locked in it.
   */
  static final int TABLE_LOCK_AFTER = 32;
  /** Checks of a range after which it is given up for the table's S lock. */
  private static final int ROUNDS = 8;

  private final ConcurrentHashMap<Object, LockManager.LockEntry> rowLocks;
  /** Table id → its range locks' entries; an entry's only holder is its owner. */
  private final ConcurrentHashMap<Integer, List<LockManager.LockEntry>> byTable = new ConcurrentHashMap<>();
  /** Range locks held, over every table: zero lets row lockers skip the lists. */
  private final AtomicInteger held = new AtomicInteger();

  /** {@code rowLocks}: the lock manager's table of entries, searched for row locks inside a range. */
  RangeLocks(ConcurrentHashMap<Object, LockManager.LockEntry> rowLocks) {
    this.rowLocks = rowLocks;
  }

  /**
   * Locks {@code range} of {@code table} S for {@code tx}, waiting (through {@code manager})
   * for the transactions that hold X on rows inside it. A range that writers keep entering
   * while it is checked is given up after a few rounds for the table's S lock, which waits
   * in turn like any lock.
   */
  void lock(LockManager manager, Transaction tx, LockName.Table table, KeyRange range) {
    LockName.KeyRangeOf name = new LockName.KeyRangeOf(table, range, tx.id());
    if (tx.heldLocks().containsKey(name)) {
      return;
    }
    for (int round = 0; round < ROUNDS; round++) {
      awaitWritersInside(manager, tx, table.tableId(), range);
      LockManager.LockEntry entry = publish(tx, name);
      if (!writerInside(tx, table.tableId(), range)) {
        return;
      }
      takeBack(tx, entry);
    }
    manager.acquire(tx, table, LockMode.S);
  }

  private LockManager.LockEntry publish(Transaction tx, LockName.KeyRangeOf name) {
    LockManager.LockEntry entry = new LockManager.LockEntry(name);
    synchronized (entry) {
      entry.put(tx.id(), LockMode.S);
    }
    tx.heldLocks().put(name, LockMode.S, entry); // before it is seen: a release then finds it
    byTable.computeIfAbsent(name.table().tableId(), id -> new CopyOnWriteArrayList<>()).add(entry);
    held.incrementAndGet();
    return entry;
  }

  private void takeBack(Transaction tx, LockManager.LockEntry entry) {
    tx.heldLocks().remove(entry.name);
    synchronized (entry) {
      entry.remove(tx.id());
      forget(entry);
      entry.notifyAll(); // the writers that saw it published
    }
  }

  /** Waits for each writer that holds X on a row inside the range, taking the row's S lock. */
  private void awaitWritersInside(LockManager manager, Transaction tx, int tableId, KeyRange range) {
    for (Map.Entry<Object, LockManager.LockEntry> lock : rowLocks.entrySet()) {
      if (inside(lock.getKey(), tableId, range) && conflicts(lock.getValue(), tx)) {
        manager.acquire(tx, lock.getKey(), LockMode.S);
      }
    }
  }

  private boolean writerInside(Transaction tx, int tableId, KeyRange range) {
    for (Map.Entry<Object, LockManager.LockEntry> lock : rowLocks.entrySet()) {
      if (inside(lock.getKey(), tableId, range) && conflicts(lock.getValue(), tx)) {
        return true;
      }
    }
    return false;
  }

  private static boolean inside(Object lockName, int tableId, KeyRange range) {
    return lockName instanceof LockName.KeyInSpace row && row.space() == tableId
        && row.key() instanceof Key key && range.contains(key);
  }

  /** True when another transaction holds {@code entry}'s lock in a mode S cannot share. */
  private static boolean conflicts(LockManager.LockEntry entry, Transaction tx) {
    synchronized (entry) {
      return !entry.removed && !entry.grantable(tx.id(), LockMode.S);
    }
  }

  /** Waits while another transaction holds a range lock on {@code row}'s table that holds its key. */
  void awaitRangesHolding(LockManager manager, Transaction tx, LockName.KeyInSpace row) {
    if (held.get() == 0 || !(row.key() instanceof Key key)) {
      return;
    }
    List<LockManager.LockEntry> ranges = byTable.get((int) row.space());
    if (ranges == null) {
      return;
    }
    for (LockManager.LockEntry entry : ranges) {
      LockName.KeyRangeOf range = (LockName.KeyRangeOf) entry.name;
      if (range.ownerTx() != tx.id() && range.range().contains(key)) {
        manager.awaitRelease(tx, entry);
      }
    }
  }

  /** Forgets a released range lock (its owner let go of it); the caller holds the entry's monitor. */
  void forget(LockManager.LockEntry entry) {
    entry.removed = true; // ends the waits of writers for it
    LockName.KeyRangeOf name = (LockName.KeyRangeOf) entry.name;
    List<LockManager.LockEntry> ranges = byTable.get(name.table().tableId());
    if (ranges != null && ranges.remove(entry)) {
      held.decrementAndGet();
    }
  }

  /** Range locks held now (tests). */
  int size() {
    return held.get();
  }
}
