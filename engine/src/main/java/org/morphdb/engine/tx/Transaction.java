package org.morphdb.engine.tx;

import java.util.LinkedHashMap;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.storage.SnapshotHandle;

/**
 * One transaction. Read-only transactions read at {@code snapshotTs} without locks;
 * read-write transactions take locks, enlist tables, buffer their writes and apply them
 * atomically at commit. Owned by one session thread; only {@link #abortEagerly} and lock
 * release are called from other threads.
 */
public final class Transaction {
  private final long id;
  private final boolean readOnly;
  private final long snapshotTs;
  /** Changed only by compare-and-set ({@link #STATE}); a field, not an AtomicReference: one object less per transaction. */
  private volatile TxState state = TxState.ACTIVE;
  private static final java.lang.invoke.VarHandle STATE;

  static {
    try {
      STATE = java.lang.invoke.MethodHandles.lookup().findVarHandle(Transaction.class, "state", TxState.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
  private volatile MorphException abortCause;
  /**
   * The tables enlisted, in the order they were made. Copy on write: the owner thread
   * publishes a new array per enlistment, so a DDL thread (eager abort) reads a complete
   * one without a lock. A transaction enlists a table or two; a concurrent map per
   * transaction, plus a second map of their versions, were a fifth of what an auto-commit
   * insert allocated.
   */
  private volatile Enlistment[] enlistments = NONE;
  private static final Enlistment[] NONE = new Enlistment[0];
  /** Table id → (row key → stored row, or {@link WriteSet#DELETED}). */
  private final WriteSet writes = new WriteSet();
  private final HeldLocks heldLocks = new HeldLocks();
  /** Table intention locks taken on the lock manager's fast path (also in heldLocks). */
  private final LockManager.FastLocks fastLocks = new LockManager.FastLocks();
  /**
   * The newest committed image of the row this transaction read or checked last, for its
   * commit (which needs a row's old image to find the index entries it drops): the locks the
   * transaction took before reading keep the image current until the commit. One row only,
   * the last: that covers a single-row write, the common transaction, without a map per
   * transaction; {@code lastReadKey == null}: none.
   */
  private int lastReadTable;
  private Object lastReadKey;
  private Object lastReadImage;
  /** Row X locks taken per table, for lock escalation. */
  private final RowLockCounts rowLockCounts = new RowLockCounts(RowLockCounts.ESCALATE_AFTER);
  /** Range locks taken per table ({@link RangeLocks#TABLE_LOCK_AFTER}); null until the first. */
  private RowLockCounts rangeLockCounts;
  /**
   * Tables whose version this statement already checked (the operation rule): {@code
   * checkedCount} of them, the first in {@code checkedFirst} (a statement mostly touches one
   * table, and an array per transaction showed in allocation profiles), the others in {@code
   * checkedMore[0 .. checkedCount - 1)}; cleared per statement.
   */
  private int checkedFirst;
  private int[] checkedMore = NO_TABLES;
  private int checkedCount;
  private static final int[] NO_TABLES = new int[0];
  /** A read-only transaction's registered snapshot, closed when it ends; null otherwise. */
  // volatile: a session may be ended from another thread than the one that began it
  private volatile SnapshotHandle snapshot;
  /**
   * Where {@link OpenTransactions} keeps this one while it is open. The stripe is set before
   * the transaction is published and read by whichever thread ends it (the session hands its
   * transaction from thread to thread with a happens-before); the slot is guarded by the
   * stripe's monitor.
   */
  OpenTransactions.Stripe openStripe;
  int openSlot = -1;

  Transaction(long id, boolean readOnly, long snapshotTs) {
    this.id = id;
    this.readOnly = readOnly;
    this.snapshotTs = snapshotTs;
  }

  public long id() { return id; }

  public boolean readOnly() { return readOnly; }

  /** While true, the statement running reads for update (SELECT ... FOR UPDATE). */
  private boolean readingForUpdate;

  /**
   * Marks the statement about to run as reading for update: its reads take the write locks
   * (a table it scans X, a row it looks up X under IX), so two transactions that read a row
   * and then write it wait for each other instead of deadlocking on the upgrade.
   */
  public void readForUpdate(boolean on) { readingForUpdate = on; }

  public boolean readingForUpdate() { return readingForUpdate; }

  /** For read-only transactions: the timestamp every read uses. */
  public long snapshotTs() { return snapshotTs; }

  public TxState state() { return state; }

  void holdSnapshot(SnapshotHandle handle) { this.snapshot = handle; }

  SnapshotHandle snapshot() { return snapshot; }

  /**
   * The enlistments so far, in the order made (any thread). The array is the transaction's
   * own, never written after it was published: callers in this package only read it.
   */
  Enlistment[] enlistments() { return enlistments; }

  public boolean enlistedAny() { return enlistments.length > 0; }

  /** The table's enlistment, or null. A linear look: a transaction enlists few tables. */
  public Enlistment enlistment(int tableId) {
    for (Enlistment e : enlistments) {
      if (e.tableId() == tableId) {
        return e;
      }
    }
    return null;
  }

  /** Records a new enlistment (owner thread). */
  void enlist(Enlistment e) {
    Enlistment[] old = enlistments;
    Enlistment[] next = java.util.Arrays.copyOf(old, old.length + 1);
    next[old.length] = e;
    enlistments = next;
  }

  public WriteSet writes() { return writes; }

  HeldLocks heldLocks() { return heldLocks; }

  LockManager.FastLocks fastLocks() { return fastLocks; }

  RowLockCounts rowLockCounts() { return rowLockCounts; }

  RowLockCounts rangeLockCounts() {
    if (rangeLockCounts == null) {
      rangeLockCounts = new RowLockCounts(0);
    }
    return rangeLockCounts;
  }

  /** Records {@code image} (null: no row) as the newest committed one of the row, read under the row's lock. */
  void rememberCommitted(int tableId, Object key, Object image) {
    lastReadTable = tableId;
    lastReadKey = key;
    lastReadImage = image;
  }

  /** The committed image remembered for the row (null: no row), or {@link #NOT_REMEMBERED}. */
  Object committedImage(int tableId, Object key) {
    Object k = lastReadKey;
    return k != null && lastReadTable == tableId && (k == key || k.equals(key)) ? lastReadImage : NOT_REMEMBERED;
  }

  /** See {@link #committedImage}. */
  static final Object NOT_REMEMBERED = new Object();

  /** tableEnlistSV per enlisted table (table id → version), in enlistment order. */
  public Map<Integer, Integer> tableEnlistVersions() {
    Map<Integer, Integer> out = new LinkedHashMap<>();
    for (Enlistment e : enlistments) {
      out.put(e.tableId(), e.initial().version());
    }
    return out;
  }

  /** Starts a statement: its writes become undoable, and table versions are checked afresh. */
  public void beginStatement() {
    writes.beginStatement();
    checkedCount = 0;
  }

  /** True the first time per statement a table is checked. */
  boolean firstCheckThisStatement(int tableId) {
    if (checkedCount == 0) {
      checkedFirst = tableId;
      checkedCount = 1;
      return true;
    }
    if (checkedFirst == tableId) {
      return false;
    }
    int more = checkedCount - 1;
    for (int i = 0; i < more; i++) {
      if (checkedMore[i] == tableId) {
        return false;
      }
    }
    if (more == checkedMore.length) {
      checkedMore = java.util.Arrays.copyOf(checkedMore, Math.max(2, more * 2));
    }
    checkedMore[more] = tableId;
    checkedCount++;
    return true;
  }

  boolean transition(TxState from, TxState to) {
    return STATE.compareAndSet(this, from, to);
  }

  /**
   * Aborts the transaction from another thread (a DDL made an enlisted table incompatible).
   * Fails, returning false, when the transaction already holds a commitTs or has ended.
   */
  boolean abortEagerly(MorphException cause) {
    if (STATE.compareAndSet(this, TxState.ACTIVE, TxState.ABORTED)) {
      abortCause = cause;
      return true;
    }
    return false;
  }

  void markAborted(MorphException cause) {
    if (STATE.compareAndSet(this, TxState.ACTIVE, TxState.ABORTED) && abortCause == null) {
      abortCause = cause;
    }
  }

  /** Throws the abort cause when the transaction was aborted (e.g. eagerly by a DDL). */
  public void throwIfAborted() {
    if (state == TxState.ABORTED) {
      MorphException cause = abortCause;
      // another thread's abortEagerly sets the state, then the cause: wait out that instant
      for (int i = 0; cause == null && i < 1_000; i++) {
        Thread.onSpinWait();
        cause = abortCause;
      }
      throw cause != null
          ? new MorphException(cause.code(), cause.getMessage())
          : new MorphException(ErrorCode.TRANSACTION_ABORTED, "Transaction was aborted");
    }
  }

  @Override
  public String toString() {
    return "Tx" + id + (readOnly ? "(ro@" + snapshotTs + ")" : "") + "[" + state + "]";
  }
}
