package org.morphdb.engine.tx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Two-phase locking for read-write transactions. A lock is named by any value object
 * (a table id, a row key in a space, a unique value key). A waiter that waits longer than
 * the lock timeout fails with 40001/1003 and its transaction is aborted by the caller; when
 * waits close a cycle, the member of it that began waiting last fails so (woken, if it is
 * not the one that found the cycle): first come, first served, so a transaction retried after
 * losing one deadlock is not the loser of the next one by being new.
 */
public final class LockManager {
  private final ConcurrentHashMap<Object, LockEntry> locks = new ConcurrentHashMap<>();
  private final RangeLocks ranges = new RangeLocks(locks);
  /** Waiting transaction id → it and the lock it waits for (for deadlock detection). */
  private final ConcurrentHashMap<Long, Waiter> waitingFor = new ConcurrentHashMap<>();
  /** Orders waits by when they began. */
  private final AtomicLong waits = new AtomicLong();
  private final long timeoutMillis;
  /**
   * How often a blocked waiter looks for a cycle again. A check when a wait begins misses
   * cycles that close otherwise: RangePhantomRaceTest met waits that only the lock timeout
   * ended, with a cycle of waits in place (upgrades of shared row locks, granted to others
   * while one waited), so every waiter looks again at this interval, as detectors that run
   * periodically do.
   */
  private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  /** Every open transaction, for moving fast-path locks; null: no fast path. */
  private volatile Collection<Transaction> transactions;

  public LockManager(long timeoutMillis) {
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * Turns on the fast path for table intention locks: {@code open} must hold every
   * transaction from before its first lock until after its locks are released.
   */
  void useTransactions(Collection<Transaction> open) {
    this.transactions = open;
  }

  private static final AtomicIntegerFieldUpdater<LockEntry> STRONG =
      AtomicIntegerFieldUpdater.newUpdater(LockEntry.class, "strong");

  /**
   * Granted holders of one lock name (inherited, not in a field: one object per row lock, not
   * two), and the monitor waiters sleep on.
   */
  static final class LockEntry extends LockHolders {
    final Object name;
    int waiters;
    /**
     * Set, under the entry's monitor, when the entry leaves the lock map: a thread that found
     * it there before then retries with the live one. (A flag instead of looking the name up
     * again: a row lock is taken and let go once per written row.)
     */
    boolean removed;
    /**
     * A table's transactions holding or requesting S or X on it ({@link #STRONG}). While it is
     * zero, IS and IX are granted on the fast path, without this entry's monitor. A field, not
     * an AtomicInteger: every row lock makes an entry, and only tables use it.
     */
    volatile int strong;

    LockEntry(Object name) {
      this.name = name;
    }
  }

  /**
   * The table intention locks (IS, IX) one transaction took on the fast path: recorded only
   * here, in the transaction, so that writers of one table do not all take the table entry's
   * monitor twice per write (PostgreSQL's fast path for weak relation locks, in small).
   * Guarded by its own monitor: taken by the owner, and by a transaction that wants S or X
   * on one of the tables, which first moves these locks into the table's entry.
   */
  static final class FastLocks {
    private LockEntry[] entries;
    private LockMode[] modes;
    private int count;

    private int indexOf(LockEntry entry) {
      for (int i = 0; i < count; i++) {
        if (entries[i] == entry) {
          return i;
        }
      }
      return -1;
    }

    private void put(LockEntry entry, LockMode mode) {
      int i = indexOf(entry);
      if (i >= 0) {
        modes[i] = mode;
        return;
      }
      if (entries == null) {
        entries = new LockEntry[2];
        modes = new LockMode[2];
      } else if (count == entries.length) {
        entries = Arrays.copyOf(entries, count * 2);
        modes = Arrays.copyOf(modes, count * 2);
      }
      entries[count] = entry;
      modes[count++] = mode;
    }

    /** Forgets every lock held here, in {@code held} too: they never entered an entry. */
    private void releaseAll(HeldLocks held) {
      for (int i = 0; i < count; i++) {
        held.remove(entries[i].name);
        entries[i] = null;
        modes[i] = null;
      }
      count = 0;
    }

    /** Removes the lock on {@code entry}'s table; its mode, or null if not held here. */
    private LockMode remove(LockEntry entry) {
      int i = indexOf(entry);
      if (i < 0) {
        return null;
      }
      LockMode mode = modes[i];
      entries[i] = entries[count - 1];
      modes[i] = modes[count - 1];
      entries[--count] = null;
      modes[count] = null;
      return mode;
    }
  }

  private static boolean isIntention(LockMode mode) {
    return mode == LockMode.IS || mode == LockMode.IX;
  }

  /**
   * Acquires {@code mode} on {@code name} for the transaction, blocking while incompatible
   * locks are held by others. Re-acquiring a covered mode is free.
   */
  public void acquire(Transaction tx, Object name, LockMode mode) {
    if (!tryAcquire(tx, name, mode, true)) {
      throw new IllegalStateException("unreachable: blocking acquire returned false");
    }
  }

  /**
   * Locks a range of a table's primary keys S (see {@link RangeLocks}); the caller holds IS
   * on the table. Falls back to the table's S lock when the range cannot be settled.
   */
  public void acquireRange(Transaction tx, LockName.Table table, org.morphdb.engine.storage.KeyRange range) {
    ranges.lock(this, tx, table, range);
  }

  /**
   * Waits for the transactions whose range locks hold {@code row}, a table row the caller
   * just locked X: every writer of a table's row calls it after its row lock.
   */
  public void awaitRangesHolding(Transaction tx, LockName.KeyInSpace row) {
    ranges.awaitRangesHolding(this, tx, row);
  }

  /** Acquires without waiting; false when another transaction holds a conflicting lock. */
  public boolean tryAcquire(Transaction tx, Object name, LockMode mode) {
    return tryAcquire(tx, name, mode, false);
  }

  private boolean tryAcquire(Transaction tx, Object name, LockMode mode, boolean wait) {
    LockMode held = tx.heldLocks().get(name);
    if (held != null && held.covers(mode)) {
      return true;
    }
    LockMode wanted = held == null ? mode : held.combine(mode);
    Collection<Transaction> open = transactions;
    if (!(name instanceof LockName.Table) || open == null) {
      return acquireInEntry(tx, name, wanted, wait);
    }
    LockEntry entry = entryOf(name); // a table's entry stays
    if (isIntention(wanted)) {
      return acquireFast(tx, entry, wanted) || acquireInEntry(tx, name, wanted, wait);
    }
    if (held != null && !isIntention(held)) {
      return acquireInEntry(tx, name, wanted, wait); // counted in strong already
    }
    STRONG.incrementAndGet(entry); // from now on intention locks go through the entry
    boolean granted = false;
    try {
      moveFastLocks(entry, open);
      granted = acquireInEntry(tx, name, wanted, wait);
      return granted;
    } finally {
      if (!granted) {
        STRONG.decrementAndGet(entry);
      }
    }
  }

  /**
   * The lock table's entry of {@code name}, made when missing. A look-up, then a put-if-absent,
   * not {@code computeIfAbsent}: most row locks name a key no one else locks, and on an empty
   * bin that made a reservation node and took its monitor besides the entry's insertion.
   */
  private LockEntry entryOf(Object name) {
    LockEntry entry = locks.get(name);
    if (entry == null) {
      LockEntry made = new LockEntry(name);
      entry = locks.putIfAbsent(name, made);
      if (entry == null) {
        entry = made;
      }
    }
    return entry;
  }

  /** Grants an intention lock on the fast path when no one holds or wants S or X on the table. */
  private boolean acquireFast(Transaction tx, LockEntry entry, LockMode wanted) {
    FastLocks fast = tx.fastLocks();
    synchronized (fast) {
      if (entry.strong != 0) {
        moveFastLock(tx, entry); // its own, if any: the entry then holds all of tx's lock
        return false;
      }
      if (tx.heldLocks().containsKey(entry.name) && fast.indexOf(entry) < 0) {
        return false; // held in the entry since a stronger locker moved it there
      }
      fast.put(entry, wanted);
      tx.heldLocks().put(entry.name, wanted, entry);
      return true;
    }
  }

  /** Moves every open transaction's fast-path lock on the table into its entry. */
  private void moveFastLocks(LockEntry entry, Collection<Transaction> open) {
    for (Transaction t : open) {
      synchronized (t.fastLocks()) {
        moveFastLock(t, entry);
      }
    }
  }

  /** Caller holds {@code t.fastLocks()}'s monitor. */
  private static void moveFastLock(Transaction t, LockEntry entry) {
    LockMode mode = t.fastLocks().remove(entry);
    if (mode != null) {
      synchronized (entry) {
        entry.put(t.id(), mode);
      }
    }
  }

  private boolean acquireInEntry(Transaction tx, Object name, LockMode wanted, boolean wait) {
    return acquireInEntry(tx, name, null, wanted, wait);
  }

  /**
   * Waits until {@code entry}, one that is not in the lock table (a range lock's), is let go
   * of or grants X, with the lock timeout and deadlock check of any wait; takes nothing.
   */
  void awaitRelease(Transaction tx, LockEntry entry) {
    acquireInEntry(tx, entry.name, entry, LockMode.X, true);
  }

  /** {@code only}: the entry to wait on without taking it; null: the lock table's entry of {@code name}. */
  private boolean acquireInEntry(Transaction tx, Object name, LockEntry only, LockMode wanted, boolean wait) {
    long deadline = 0; // set when it first blocks: a clock read per granted lock showed in profiles
    Waiter waiter = null; // set when it first blocks
    long checkedAt = 0;
    try {
      while (true) {
        LockEntry entry = only != null ? only : entryOf(name);
        List<Long> holders;
        synchronized (entry) {
          if (entry.removed && only == null) {
            continue; // entry was removed after we looked it up; retry with the live one
          }
          if (only != null && (entry.removed || entry.grantable(tx.id(), wanted))) {
            return true;
          }
          if (entry.grantable(tx.id(), wanted)) {
            entry.put(tx.id(), wanted);
            tx.heldLocks().put(name, wanted, entry);
            return true;
          }
          if (!wait) {
            removeIfUnused(entry);
            return false;
          }
          if (waiter != null && waiter.entry() == entry && System.nanoTime() - checkedAt < RECHECK_NANOS) {
            waitOn(tx, entry, deadline);
            continue;
          }
          if (waiter == null) {
            if (org.morphdb.engine.api.LockWaits.refuseWait()) {
              throw conflict(entry, "the caller may not wait for a lock");
            }
            // registered from now to the end, not only while asleep, so another waiter's
            // cycle check never misses this one between two of its waits
            deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            waiter = new Waiter(tx, entry, waits.incrementAndGet());
            waitingFor.put(tx.id(), waiter);
          } else if (waiter.entry() != entry) {
            // the entry left the table while no one slept on it (its holder let go) and a new
            // one took its place: the waits graph must show the live entry, whose holders this
            // waits for now, and the check below runs again. (Keeping the old one hid cycles
            // through this wait: RangePhantomRaceTest's waits then ended only by the timeout.)
            waiter = new Waiter(tx, entry, waiter.since());
            waitingFor.put(tx.id(), waiter);
          }
          checkedAt = System.nanoTime();
          holders = new ArrayList<>(2);
          entry.forEachId(holders::add);
        }
        // outside the entry's monitor: the check takes other entries' monitors, and two
        // waiters checking at once must not hold each other's
        resolveDeadlock(tx, entry, holders);
      }
    } finally {
      if (waiter != null) {
        waitingFor.remove(tx.id());
      }
    }
  }

  /** A blocked transaction, the lock it waits for, and when it began waiting (a sequence). */
  private record Waiter(Transaction tx, LockEntry entry, long since) {}

  /** Sleeps on the entry (caller holds its monitor); fails on timeout or abort. */
  private void waitOn(Transaction tx, LockEntry entry, long deadline) {
    tx.throwIfAborted(); // a deadlock's victim may be chosen before it first sleeps
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw conflict(entry, "lock wait timeout after " + timeoutMillis + " ms");
    }
    entry.waiters++;
    try {
      TimeUnit.NANOSECONDS.timedWait(entry, Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(50)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MorphException(ErrorCode.CANCELLED, "interrupted while waiting for a lock");
    } finally {
      entry.waiters--;
    }
    tx.throwIfAborted();
  }

  /**
   * If waiting on {@code entry} (held by {@code holders}) closes a cycle of waits, aborts one
   * transaction of it: the one that began waiting last. Every member that finds the cycle,
   * even at the same instant, picks the same one, so exactly one is aborted. When that is
   * another, it is woken and fails, and this one keeps waiting (bounded by the lock timeout,
   * as any wait). Choosing by transaction age instead starved retries: a unit that lost,
   * retried under a new and so youngest transaction, lost again to every unit that had begun
   * meanwhile (HikariIntegrationTest failed so in about one run of eight).
   */
  private void resolveDeadlock(Transaction tx, LockEntry entry, List<Long> holders) {
    List<Long> cycle = cycleThrough(tx.id(), holders);
    if (cycle == null) {
      return;
    }
    Waiter victim = null;
    for (long id : cycle) {
      Waiter w = waitingFor.get(id);
      if (w == null) {
        return; // it left its wait (it found the cycle too and failed): the cycle is gone
      }
      if (victim == null || w.since() > victim.since()) {
        victim = w;
      }
    }
    if (victim.tx() == tx) {
      throw conflict(entry, "deadlock detected");
    }
    // a victim that cannot be aborted has ended or was aborted otherwise: its locks go anyway
    if (victim.tx().abortEagerly(conflict(victim.entry(), "deadlock detected"))) {
      synchronized (victim.entry()) {
        victim.entry().notifyAll(); // wakes the victim now rather than at its next timed wake-up
      }
    }
  }

  private MorphException conflict(LockEntry entry, String why) {
    return new MorphException(ErrorCode.LOCK_CONFLICT,
        "Transaction aborted: " + why + " (waiting for " + describe(entry.name) + ")");
  }

  private static String describe(Object name) {
    return name instanceof LockName n ? n.describe() : String.valueOf(name);
  }

  /**
   * The transactions of a cycle of waits from {@code txId} back to itself through {@code
   * holders} (those {@code txId} waits for), or null. Takes one entry's monitor at a time.
   */
  private List<Long> cycleThrough(long txId, List<Long> holders) {
    Map<Long, Long> reachedFrom = new HashMap<>();
    Deque<Long> todo = new ArrayDeque<>();
    for (long h : holders) {
      if (h != txId && reachedFrom.putIfAbsent(h, txId) == null) { // an upgrade waits for others
        todo.add(h);
      }
    }
    while (!todo.isEmpty()) {
      long holder = todo.pop();
      if (holder == txId) {
        List<Long> cycle = new ArrayList<>();
        long at = txId;
        do {
          cycle.add(at);
          at = reachedFrom.get(at);
        } while (at != txId);
        return cycle;
      }
      Waiter next = waitingFor.get(holder);
      if (next == null) {
        continue;
      }
      List<Long> nextHolders = new ArrayList<>(2);
      synchronized (next.entry()) {
        next.entry().forEachId(nextHolders::add);
      }
      for (long h : nextHolders) {
        if (reachedFrom.putIfAbsent(h, holder) == null) {
          todo.add(h);
        }
      }
    }
    return null;
  }

  /** Releases every lock the transaction holds and wakes the waiters. */
  public void releaseAll(Transaction tx) {
    HeldLocks held = tx.heldLocks();
    FastLocks fast = tx.fastLocks();
    synchronized (fast) {
      fast.releaseAll(held);
    }
    // taken out all at once: an eager abort's release may run alongside the owner's, and
    // only the one that took a lock may release it (and count a strong one off)
    HeldLocks.Drained taken = held.drain();
    for (int i = 0; i < taken.modes().length; i++) {
      if (taken.modes()[i] == null) {
        continue; // an empty slot, or a lock removed singly
      }
      LockEntry entry = taken.entries()[i];
      synchronized (entry) {
        entry.remove(tx.id());
        if (entry.waiters > 0) {
          entry.notifyAll();
        }
        if (entry.name instanceof LockName.KeyRangeOf) {
          ranges.forget(entry);
        } else {
          removeIfUnused(entry);
        }
      }
      if (entry.name instanceof LockName.Table && !isIntention(taken.modes()[i]) && transactions != null) {
        STRONG.decrementAndGet(entry); // after leaving the holders: intention locks may go fast again
      }
    }
  }

  /**
   * Drops a row's entry once no one holds or waits for it. A table's entry stays: every
   * write takes its table's intention lock, and removing the entry when the last writer let
   * go made concurrent writers re-create it in the map over and over, contending on it (one
   * small entry per table ever locked is kept).
   */
  private void removeIfUnused(LockEntry entry) {
    if (entry.isEmpty() && entry.waiters == 0 && !(entry.name instanceof LockName.Table)
        && locks.remove(entry.name, entry)) {
      entry.removed = true; // the caller holds the entry's monitor
    }
  }

  /** Number of lock names currently held or waited on (for tests). */
  public int size() {
    return locks.size();
  }
}
