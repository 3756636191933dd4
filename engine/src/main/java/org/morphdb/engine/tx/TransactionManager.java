package org.morphdb.engine.tx;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.Compatibility;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.storage.CommitTicket;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.SnapshotHandle;

/**
 * Begins, commits and aborts transactions, and applies the schema rules of DESIGN.md:
 * enlistment, the per-operation table-version check, forward compatibility at commit, and
 * eager abort when a DDL makes an enlisted table incompatible.
 */
public final class TransactionManager {
  private final MvccStore store;
  private final LockManager locks;
  private final AtomicLong ids = new AtomicLong();
  private final OpenTransactions open = new OpenTransactions();
  private volatile ConstraintChecker constraints = ConstraintChecker.NONE;

  public TransactionManager(MvccStore store, LockManager locks) {
    this.store = store;
    this.locks = locks;
    locks.useTransactions(open); // a transaction is open from its begin to after finish released its locks
  }

  public void setConstraintChecker(ConstraintChecker checker) {
    this.constraints = checker;
  }

  public MvccStore store() { return store; }

  public LockManager locks() { return locks; }

  /** Starts a transaction. A read-only one reads everything at one snapshot. */
  public Transaction begin(boolean readOnly) {
    long id = ids.incrementAndGet();
    Transaction tx;
    if (readOnly) {
      SnapshotHandle snapshot = store.openSnapshot(); // registered, so the reclaimer keeps what it reads
      tx = new Transaction(id, true, snapshot.ts());
      tx.holdSnapshot(snapshot);
    } else {
      tx = new Transaction(id, false, 0L);
    }
    open.open(tx);
    return tx;
  }

  // --- enlistment and the per-operation check -----------------------------------------

  /**
   * Binds a table to a read-write transaction on first touch: records tableEnlistTs and the
   * schema I in force then. Later touches check that the table version in force now is
   * still I's (after the caller took its locks), else abort with 1001.
   */
  public Enlistment enlist(Transaction tx, Node node, TableDef resolved) {
    tx.throwIfAborted();
    Enlistment e = tx.enlistment(resolved.id());
    if (e == null) {
      long ts = store.nowTs();
      TableDef initial = node.catalogAt(ts).table(resolved.id()).orElseThrow(
          () -> MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table '%s' not found", resolved.name()));
      if (initial.version() != resolved.version()) { // the statement planned with an older schema than I
        MorphException err = MorphException.of(ErrorCode.SCHEMA_CHANGED,
            "Transaction aborted: table %s changed from version %d to %d while the statement was planned",
            resolved.name(), resolved.version(), initial.version());
        abort(tx, err);
        throw err;
      }
      e = new Enlistment(initial.id(), ts, initial);
      tx.enlist(e);
    }
    return e;
  }

  /** The operation rule: the table version in force now must equal I's, else abort (1001). */
  public TableDef checkTableVersion(Transaction tx, Node node, int tableId) {
    tx.throwIfAborted();
    Enlistment e = tx.enlistment(tableId);
    TableDef now = node.catalogAt(store.nowTs()).table(tableId).orElse(null);
    if (now == null || now.version() != e.initial().version()) {
      MorphException err = now == null
          ? MorphException.of(ErrorCode.INCOMPATIBLE_SCHEMA,
              "Transaction aborted: table %s was dropped after the transaction enlisted it",
              e.initial().name())
          : MorphException.of(ErrorCode.SCHEMA_CHANGED,
              "Transaction aborted: table %s changed from version %d to %d after the transaction enlisted it",
              e.initial().name(), e.initial().version(), now.version());
      abort(tx, err);
      throw err;
    }
    return now;
  }

  // --- commit, rollback, abort --------------------------------------------------------

  /** The commit protocol of DESIGN.md, in its order. */
  public void commit(Transaction tx, Node node) {
    tx.throwIfAborted();
    if (tx.readOnly() || (tx.writes().isEmpty() && !tx.enlistedAny())) {
      finish(tx, TxState.COMMITTED);
      return;
    }
    CommitTicket ticket = takeCommitTs(tx, node);
    try {
      if (!tx.transition(TxState.ACTIVE, TxState.COMMITTING)) {
        tx.throwIfAborted();
      }
      Catalog c = node.catalogAt(ticket.ts());
      validateForwardCompatible(tx, c);
      ticket.apply(new CommitWork(tx, c, store, locks, constraints).build());
      ticket.finish();
      finish(tx, TxState.COMMITTED);
    } catch (RuntimeException e) {
      ticket.finish(); // abandons the commit: nothing was applied
      MorphException err = e instanceof MorphException m ? m
          : new MorphException(ErrorCode.INTERNAL_ERROR, "commit failed: " + e, e);
      tx.transition(TxState.COMMITTING, TxState.ABORTED);
      tx.markAborted(err);
      finish(tx, TxState.ABORTED);
      throw err;
    }
  }

  /**
   * Takes a commit timestamp, having first made the node's catalog complete a little past
   * now, so a stalled node fails with 1004 before it holds a timestamp readers wait behind.
   * If the timestamp still ran past what the node knows, it is given back and taken again;
   * with channel lag above the activation delay the node is always somewhat behind, so after
   * a few tries the commit keeps its timestamp and waits (at most about one lag).
   */
  private CommitTicket takeCommitTs(Transaction tx, Node node) {
    for (int attempt = 0; ; attempt++) {
      long ahead = org.morphdb.engine.clock.HybridClock.plusMillis(store.nowTs(), 1);
      if (!node.knowsCatalogAt(ahead)) {
        node.catalogAt(ahead); // waits, or fails with 1004 before holding a commit ts
      }
      CommitTicket ticket = store.begin();
      if (attempt >= 2 || node.knowsCatalogAt(ticket.ts())) {
        return ticket;
      }
      ticket.finish(); // abandoned: nothing was applied
      tx.throwIfAborted();
    }
  }

  private void validateForwardCompatible(Transaction tx, Catalog c) {
    for (Enlistment e : tx.enlistments()) {
      Optional<String> why = Compatibility.incompatibility(e.initial(), c.table(e.tableId()).orElse(null));
      if (why.isPresent()) {
        throw MorphException.of(ErrorCode.INCOMPATIBLE_SCHEMA,
            "Transaction aborted at commit: the schema of table %s is not forward-compatible (%s)",
            e.initial().name(), why.get());
      }
    }
  }

  public void rollback(Transaction tx) {
    tx.transition(TxState.ACTIVE, TxState.ABORTED);
    finish(tx, TxState.ABORTED);
  }

  /** Aborts the transaction after a failed operation; it can only be rolled back afterwards. */
  public void abort(Transaction tx, MorphException cause) {
    tx.markAborted(cause);
    locks.releaseAll(tx);
  }

  private void finish(Transaction tx, TxState end) {
    tx.transition(TxState.ACTIVE, end);
    tx.transition(TxState.COMMITTING, end);
    tx.writes().clear();
    locks.releaseAll(tx);
    open.close(tx);
    SnapshotHandle h = tx.snapshot();
    if (h != null) {
      h.close(); // idempotent
    }
  }

  /**
   * Eager abort: called for every committed catalog version. Each open read-write
   * transaction that enlisted a table the change made incompatible is rolled back at once,
   * releasing its locks; one that already holds a commitTs is left to finish.
   */
  public void onCatalogCommitted(Catalog next) {
    for (Transaction tx : open) {
      if (tx.readOnly() || tx.state() != TxState.ACTIVE) {
        continue;
      }
      for (Enlistment e : tx.enlistments()) {
        TableDef now = next.table(e.tableId()).orElse(null);
        Optional<String> why = Compatibility.incompatibility(e.initial(), now);
        if (why.isPresent()) {
          MorphException cause = MorphException.of(ErrorCode.INCOMPATIBLE_SCHEMA,
              "Transaction aborted: table %s changed incompatibly (%s) by \"%s\"",
              e.initial().name(), why.get(), next.statement());
          if (tx.abortEagerly(cause)) {
            locks.releaseAll(tx);
          }
          break;
        }
      }
    }
  }

  /** Open transactions (for tests and system views). */
  public int activeCount() { return open.size(); }
}
