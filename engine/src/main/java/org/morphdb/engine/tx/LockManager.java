package org.morphdb.engine.tx;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Two-phase locking for read-write transactions. A lock is named by any value object
 * (a table id, a row key in a space, a unique value key). A waiter that would close a
 * cycle in the wait-for graph, or that waits longer than the lock timeout, fails with
 * 40001/1003 and its transaction is aborted by the caller.
 */
public final class LockManager {
  private final ConcurrentHashMap<Object, LockEntry> locks = new ConcurrentHashMap<>();
  /** Waiting transaction id → the lock it waits for (for deadlock detection). */
  private final ConcurrentHashMap<Long, LockEntry> waitingFor = new ConcurrentHashMap<>();
  private final long timeoutMillis;

  public LockManager(long timeoutMillis) {
    this.timeoutMillis = timeoutMillis;
  }

  /** Granted holders of one lock name, and the monitor waiters sleep on. */
  private static final class LockEntry {
    final Object name;
    final LockHolders holders = new LockHolders();
    int waiters;

    LockEntry(Object name) {
      this.name = name;
    }
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
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    boolean firstWait = true;
    boolean waited = false;
    try {
      while (true) {
        LockEntry entry = locks.computeIfAbsent(name, LockEntry::new);
        synchronized (entry) {
          if (locks.get(name) != entry) {
            continue; // entry was removed after we looked it up; retry with the live one
          }
          if (entry.holders.grantable(tx.id(), wanted)) {
            entry.holders.put(tx.id(), wanted);
            tx.heldLocks().put(name, wanted);
            return true;
          }
          if (!wait) {
            removeIfUnused(entry);
            return false;
          }
          waited = true;
          waitOn(tx, entry, deadline, firstWait);
          firstWait = false;
        }
      }
    } finally {
      if (waited) {
        // registered from the first wait to the end, not only while asleep: another waiter's
        // cycle check must never find this one between two of its waits
        waitingFor.remove(tx.id());
      }
    }
  }

  /**
   * Sleeps on the entry (caller holds its monitor) or fails on deadlock, timeout or abort.
   * The cycle check runs when a waiter first blocks: the waiter that closes a cycle is the
   * one that finds it, so exactly one transaction of a deadlock is the victim.
   */
  private void waitOn(Transaction tx, LockEntry entry, long deadline, boolean firstWait) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw conflict(tx, entry, "lock wait timeout after " + timeoutMillis + " ms");
    }
    waitingFor.put(tx.id(), entry);
    if (firstWait && closesCycle(tx.id(), entry)) {
      throw conflict(tx, entry, "deadlock detected");
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

  private MorphException conflict(Transaction tx, LockEntry entry, String why) {
    return new MorphException(ErrorCode.LOCK_CONFLICT,
        "Transaction aborted: " + why + " (waiting for " + describe(entry.name) + ")");
  }

  private static String describe(Object name) {
    return name instanceof LockName n ? n.describe() : String.valueOf(name);
  }

  /** Does waiting on {@code entry} make {@code txId} reachable from the entry's holders? */
  private boolean closesCycle(long txId, LockEntry entry) {
    Deque<Long> todo = new ArrayDeque<>();
    entry.holders.forEachId(todo::add);
    Set<Long> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      long holder = todo.pop();
      if (holder == txId) {
        return true;
      }
      if (!seen.add(holder)) {
        continue;
      }
      LockEntry next = waitingFor.get(holder);
      if (next != null && next != entry) {
        synchronized (next) {
          next.holders.forEachId(todo::add);
        }
      }
    }
    return false;
  }

  /** Releases every lock the transaction holds and wakes the waiters. */
  public void releaseAll(Transaction tx) {
    Map<Object, LockMode> held = tx.heldLocks();
    for (Object name : held.keySet()) {
      LockEntry entry = locks.get(name);
      if (entry == null) {
        continue;
      }
      synchronized (entry) {
        entry.holders.remove(tx.id());
        if (entry.waiters > 0) {
          entry.notifyAll();
        }
        removeIfUnused(entry);
      }
    }
    held.clear();
  }

  private void removeIfUnused(LockEntry entry) {
    if (entry.holders.isEmpty() && entry.waiters == 0) {
      locks.remove(entry.name, entry);
    }
  }

  /** Number of lock names currently held or waited on (for tests). */
  public int size() {
    return locks.size();
  }
}
