package org.morphdb.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareRequest;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.sql.Prepared;
import org.morphdb.engine.sql.SqlEngine;
import org.morphdb.engine.sql.parser.SqlTransactionControl;
import org.morphdb.engine.tx.Transaction;
import org.morphdb.engine.tx.TransactionManager;
import org.morphdb.engine.tx.TxState;

/**
 * A client session: its transaction (begun by its first statement), auto-commit and
 * read-only modes, and prepared statements. Statement meaning lives in {@link SqlEngine}.
 */
final class SessionImpl implements Session {
  private static final AtomicLong STATEMENT_IDS = new AtomicLong();

  private final Database db;
  private final Node node;
  private final Runnable onClose;
  private final SqlEngine sql;
  private final TransactionManager txm;
  /** {@code ddlInTransaction=error}: DDL inside a transaction that used tables fails with 25001. */
  private final boolean ddlInTransactionFails;
  private final Map<Long, Prepared> prepared = new HashMap<>();
  private final Savepoints savepoints = new Savepoints(this);
  private Transaction tx;
  private boolean autoCommit = true;
  private boolean readOnly;
  private volatile boolean closed;
  private volatile Thread running;

  SessionImpl(Database db, Node node, boolean ddlInTransactionFails, Runnable onClose) {
    this.db = db;
    this.ddlInTransactionFails = ddlInTransactionFails;
    this.node = node;
    this.onClose = onClose;
    this.sql = db.sql();
    this.txm = db.txManager();
  }

  @Override
  public PrepareResponse prepare(PrepareRequest request) {
    ensureOpen();
    Prepared p = guardStack(() -> sql.prepare(request.sql()));
    long id = STATEMENT_IDS.incrementAndGet();
    prepared.put(id, p);
    return sql.describe(id, p, sql.describeCatalog(tx, node), tx);
  }

  @Override
  public PrepareResponse reprepare(long statementId, Map<Integer, Integer> tableVersions) {
    ensureOpen();
    Prepared p = statement(statementId);
    return sql.describe(statementId, p, sql.catalogWithVersions(tableVersions, sql.describeCatalog(tx, node)), tx);
  }

  @Override
  public Response execute(ExecuteRequest request) {
    ensureOpen();
    return guardStack(() -> run(request));
  }

  /**
   * The last line of defence against a statement nested deeper than some recursive step can
   * follow (parsing, planning and running each guard their own): the statement fails with
   * 42000 and the session stays usable. Whatever the statement wrote was undone on the way.
   */
  private static <T> T guardStack(java.util.function.Supplier<T> work) {
    try {
      return work.get();
    } catch (StackOverflowError e) {
      throw MorphException.tooComplex(e);
    }
  }

  private Response run(ExecuteRequest request) {
    Prepared p = request.statementId() > 0 ? statement(request.statementId()) : sql.prepare(request.sql());
    List<Object> params = request.parameters() == null ? List.of() : request.parameters();
    Map<Integer, Integer> clientVersions =
        request.clientTableVersions() == null ? Map.of() : request.clientTableVersions();
    running = Thread.currentThread();
    try {
      return switch (p.kind()) {
        case DDL -> runDdl(p);
        case QUERY -> runQuery(p, params, clientVersions, request.maxRows());
        case DML -> runDml(p, params, clientVersions, request.generatedKeyColumns());
        case OTHER -> p.node() instanceof SqlTransactionControl control
            ? savepoints.run(control) : sql.runOther(p);
      };
    } finally {
      running = null;
    }
  }

  /**
   * DDL is not transactional. Inside a transaction that has already used tables it first
   * commits that transaction, as H2, MySQL and Oracle do and as Flyway and Liquibase expect
   * (a failed commit is the statement's error, and the DDL does not run); with
   * {@code ddlInTransaction=error} it is refused with 25001 and the transaction goes on.
   */
  private Response runDdl(Prepared p) {
    boolean usedTables = tx != null && (tx.readOnly() || tx.enlistedAny());
    if (ddlInTransactionFails && usedTables && tx.state() == TxState.ACTIVE) {
      throw MorphException.of(ErrorCode.DDL_IN_TRANSACTION,
          "Schema changes cannot run inside a transaction that has already used tables; "
              + "commit or roll back first (the transaction is still open; ddlInTransaction=error)");
    }
    if (!ddlInTransactionFails && usedTables) {
      commit(); // an aborted transaction fails here with its 40001, and the DDL does not run
    }
    return sql.runDdl(node, p);
  }

  private Response runQuery(Prepared p, List<Object> params, Map<Integer, Integer> clientVersions, long maxRows) {
    if (tx == null && autoCommit) {
      Transaction snapshot = txm.begin(true); // queries never block writers
      try {
        return sql.runQuery(snapshot, node, p, params, clientVersions, maxRows);
      } finally {
        txm.commit(snapshot, node);
      }
    }
    Transaction t = currentTransaction();
    if (!p.forUpdate()) {
      return inStatement(t, () -> sql.runQuery(t, node, p, params, clientVersions, maxRows));
    }
    if (t.readOnly()) {
      throw MorphException.of(ErrorCode.READ_ONLY_TRANSACTION, "SELECT ... FOR UPDATE in a read-only transaction");
    }
    t.readForUpdate(true);
    try {
      return inStatement(t, () -> sql.runQuery(t, node, p, params, clientVersions, maxRows));
    } finally {
      t.readForUpdate(false);
    }
  }

  private Response runDml(Prepared p, List<Object> params, Map<Integer, Integer> clientVersions,
      List<String> keysAsked) {
    if (tx == null && autoCommit) {
      Transaction t = txm.begin(readOnly);
      try {
        Response r = sql.runDml(t, node, p, params, clientVersions, keysAsked);
        txm.commit(t, node);
        return r;
      } catch (RuntimeException | StackOverflowError e) {
        txm.rollback(t);
        throw e;
      }
    }
    Transaction t = currentTransaction();
    return inStatement(t, () -> sql.runDml(t, node, p, params, clientVersions, keysAsked));
  }

  /**
   * Runs one statement of an explicit transaction: a failed statement is undone; a
   * retriable failure (40001) aborts the whole transaction, which can then only roll back.
   */
  private Response inStatement(Transaction t, java.util.function.Supplier<Response> work) {
    t.throwIfAborted();
    t.beginStatement();
    try {
      return work.get();
    } catch (MorphException e) {
      if (e.code().retriable() && e.code() != ErrorCode.SCHEMA_VERSION_MISMATCH) {
        txm.abort(t, e);
      } else {
        t.writes().undoStatement();
      }
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      t.writes().undoStatement();
      throw e;
    }
  }

  /** The explicit transaction, begun by the first statement that needs it. */
  Transaction currentTransaction() {
    if (tx == null) {
      tx = txm.begin(readOnly);
    }
    return tx;
  }

  /** The session's open transaction, or null. */
  public Transaction transaction() { return tx; }

  @Override
  public void closeStatement(long statementId) {
    prepared.remove(statementId);
  }

  @Override
  public void commit() {
    ensureOpen();
    if (tx == null) {
      return;
    }
    Transaction t = tx;
    tx = null;
    savepoints.clear();
    txm.commit(t, node);
  }

  @Override
  public void rollback() {
    ensureOpen();
    if (tx != null) {
      Transaction t = tx;
      tx = null;
      savepoints.clear();
      txm.rollback(t);
    }
  }

  @Override
  public void setAutoCommit(boolean autoCommit) {
    ensureOpen();
    if (autoCommit && !this.autoCommit) {
      commit();
    }
    this.autoCommit = autoCommit;
  }

  @Override
  public boolean autoCommit() { return autoCommit; }

  @Override
  public void setReadOnly(boolean readOnly) {
    ensureOpen();
    if (tx != null && readOnly != this.readOnly) {
      throw MorphException.of(ErrorCode.TRANSACTION_ACTIVE,
          "Cannot change read-only mode while a transaction is active");
    }
    this.readOnly = readOnly;
  }

  @Override
  public boolean readOnly() { return readOnly; }

  @Override
  public boolean inTransaction() { return tx != null; }

  @Override
  public int nodeId() { return node.id(); }

  @Override
  public void cancel() {
    Thread t = running; // a running DDL job sees the interrupt and walks back
    if (t != null) {
      t.interrupt();
    }
  }

  @Override
  public boolean isClosed() { return closed; }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (tx != null) {
      txm.rollback(tx);
      tx = null;
    }
    prepared.clear();
    onClose.run();
  }

  private Prepared statement(long id) {
    Prepared p = prepared.get(id);
    if (p == null) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Prepared statement %d is closed", id);
    }
    return p;
  }

  private void ensureOpen() {
    if (closed) {
      throw new MorphException(ErrorCode.CLOSED, "Session is closed");
    }
  }
}
