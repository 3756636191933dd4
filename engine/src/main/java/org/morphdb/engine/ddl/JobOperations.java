package org.morphdb.engine.ddl;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.storage.CommitBatch;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.SnapshotHandle;
import org.morphdb.engine.storage.RowCursor;
import org.morphdb.engine.storage.RunBuilder;
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.LockMode;
import org.morphdb.engine.tx.LockName;
import org.morphdb.engine.tx.PackedRows;
import org.morphdb.engine.tx.RowCodec;
import org.morphdb.engine.tx.Transaction;
import org.morphdb.engine.tx.TransactionManager;

/**
 * The work between a job's steps: backfill at a snapshot, validation at a snapshot, and the
 * purge of dropped keyspaces (DESIGN.md "Backfill", "Purges").
 */
public final class JobOperations {
  static final int BATCH = 4096;
  /**
   * Rows per batch of a plain (not UNIQUE) backfill: it holds no lock; a batch is about a
   * millisecond of work, so the CPU budget is checked about that often.
   */
  static final int PLAIN_BATCH = 1024;
  /**
   * A UNIQUE backfill holds the writers' value-key locks for a whole batch, and a writer's
   * commit try-locks them (failing with 1003): keep those batches small.
   */
  static final int UNIQUE_BATCH = 64;

  private final MvccStore store;
  private final TransactionManager txManager;
  private final ConstraintChecker constraints;
  /** The CPU a backfill may use while foreground commits run, in cores (1 or more: no limit). */
  private final double backfillCores;
  private final CpuBudget.Clocks clocks;
  /** What the last backfill's CPU budget saw (tests, diagnostics). */
  private volatile CpuBudget.Usage lastBackfill;
  /** Run on the job's thread after each backfill batch (tests: see TestHooks#afterBackfillBatch). */
  private volatile Runnable batchHook = () -> { };

  /** Operations whose backfill may use the CPU as it likes (tests of everything else). */
  public JobOperations(MvccStore store, TransactionManager txManager, ConstraintChecker constraints) {
    this(store, txManager, constraints, 1.0);
  }

  /**
   * @param backfillCores the CPU a backfill may use while foreground commits run, in cores
   *     (see {@link CpuBudget}; 1 or more: it never pauses)
   */
  public JobOperations(MvccStore store, TransactionManager txManager, ConstraintChecker constraints,
      double backfillCores) {
    this(store, txManager, constraints, backfillCores, CpuBudget.SYSTEM);
  }

  JobOperations(MvccStore store, TransactionManager txManager, ConstraintChecker constraints,
      double backfillCores, CpuBudget.Clocks clocks) {
    this.store = store;
    this.txManager = txManager;
    this.constraints = constraints;
    this.backfillCores = backfillCores;
    this.clocks = clocks;
  }

  /** The CPU budget of backfills, in cores. */
  public double backfillCores() {
    return backfillCores;
  }

  void setBackfillBatchHook(Runnable hook) {
    this.batchHook = hook == null ? () -> { } : hook;
  }

  /** What the CPU budget of the last backfill saw: its CPU and wall time, and its pauses. */
  CpuBudget.Usage lastBackfill() {
    return lastBackfill;
  }

  /**
   * Called under the catalog commit lock when a CREATE INDEX allocates its index id, before
   * the version that makes writers maintain the index is published: sizes a UNIQUE index's
   * keyspace for the table's rows and a margin for what writers add during the build. A
   * plain index is built as a run (see {@link #backfill}): its hash map holds only what
   * writers change, and one sized for every row would make each walk over it (the key order's
   * restore at the end of the build) visit millions of empty bins, 70 ms in the probe.
   */
  void prepareIndexSpace(int tableId, int indexId, boolean unique) {
    long rows = store.approximateSize(tableId);
    if (unique && rows >= 4096) {
      store.createSpace(indexId, rows + rows / 4);
    }
  }

  /**
   * Once WRITE_ONLY is active: reads the table at a snapshot S taken now, skips rows whose row
   * KV changed after S (their commits maintained the index), and writes the other rows'
   * index KVs in batches stamped at S, so any later version stays newer. A UNIQUE index takes
   * the writers' value-key locks and fails on a duplicate.
   *
   * <p>How long S stays registered: a plain index built as a run lets go of it at once. Its
   * scan reads only rows unchanged since S (their newest version, which nothing prunes), and
   * its entries never enter the index's chains below a newer version (the run is merged with
   * what commits logged meanwhile), so S has to protect nothing. Holding it for the whole build
   * would hold the low-water mark at S: every version the application writes meanwhile would
   * be kept, and every deleted key, until the end (docs/decisions.md, "The backfill lets go of
   * its snapshot"). An index written through its chains (UNIQUE, or one already PUBLIC)
   * holds S to the end: the deletes above S in its space must stay until its entries at S are
   * written below them, or a key deleted meanwhile and reclaimed would come back.
   */
  void backfill(JobContext ctx, JobRecord job, Catalog active, boolean cancellable) {
    TableDef table = active.table(ctx.tableId).orElse(null);
    if (table == null) {
      return;
    }
    IndexDef index = Lookup.index(table, ctx.indexId);
    // No one reads the index before it is PUBLIC. (The naive build of unsafe=skip-states
    // backfills a PUBLIC index: it keeps its order.) A plain index then gets its entries, and
    // what commits write to it meanwhile, as sorted runs attached at the end: arrays instead
    // of an object graph per entry (see SortedRun, WriteLog); its chains are only those
    // written after that, each brought into key order as it is written. A UNIQUE index is
    // written through its chains, and their key order is built once, at the end.
    boolean notRead = index.state() != IndexState.PUBLIC;
    boolean asRun = notRead && !index.unique();
    boolean deferOrder = notRead && index.unique();
    if (deferOrder) {
      store.deferOrder(index.id());
    }
    long total = store.approximateSize(table.id());
    if (asRun) {
      store.openLog(index.id(), logStripeCapacity(total));
    }
    CpuBudget budget = new CpuBudget(backfillCores, store::commitsBegun, clocks);
    ColumnDef[] columns = indexColumns(table, index);
    SnapshotHandle snapshot = store.openSnapshot();
    try {
      long s = ctx.startSnapshot != null ? ctx.startSnapshot.ts() : snapshot.ts();
      if (asRun) {
        snapshot.close(); // see the method comment
      }
      long done = 0;
      job.progress(0, total);
      RunBuilder run = asRun ? RunBuilder.at(s, total + total / 8) : null;
      RowCursor rows = store.scanUnchangedSince(table.id(), KeyRange.all(), s);
      int batch = index.unique() ? UNIQUE_BATCH : PLAIN_BATCH;
      int n;
      do { // until a batch comes back short: the scan's end
        if (cancellable && job.cancelRequested()) {
          throw MorphException.of(ErrorCode.CANCELLED, "DDL job %d was cancelled: %s", job.id(), job.statement());
        }
        n = index.unique() ? backfillUniqueBatch(table, index, rows, s)
            : backfillBatch(table, index, columns, rows, s, run);
        done += n;
        job.progress(done, Math.max(total, done));
        batchHook.run();
        budget.checkpoint();
      } while (n == batch);
      if (run != null) {
        store.attachRun(index.id(), run, budget);
      }
      job.progress(done, done);
    } finally {
      snapshot.close(); // idempotent
      if (asRun) {
        store.abandonLog(index.id()); // after a failure: the logged writes go to chains
      }
      if (deferOrder) {
        // also after a failure: the purge scans what was written
        store.restoreOrder(index.id(), budget::checkpoint);
      }
      lastBackfill = budget.usage();
    }
  }

  /**
   * Room for a thread's appends to the log of a build over {@code rows} rows. For a big
   * table, 2^18 entries: a {@code long[]} column of that is just over 2 MB, which G1 allocates
   * outside the young generation on heaps up to about 8 GB (regions of 4 MB or less), while
   * columns of a little less (250,000 entries for a million rows) were young and every young
   * collection of the build copied them, 30 MB a collection in the probe. For a small table,
   * little.
   */
  static int logStripeCapacity(long rows) {
    return rows / 4 >= 1 << 16 ? 1 << 18 : (int) Math.max(1024, rows / 4);
  }

  private static ColumnDef[] indexColumns(TableDef table, IndexDef index) {
    ColumnDef[] columns = new ColumnDef[index.columnIds().size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = table.columnById(index.columnIds().get(i));
    }
    return columns;
  }

  /**
   * The index KVs of up to {@link #PLAIN_BATCH} rows (those unchanged since S): added to
   * {@code run} if there is one, else written at S.
   */
  private int backfillBatch(TableDef table, IndexDef index, ColumnDef[] columns, RowCursor rows,
      long s, RunBuilder run) {
    if (run != null) {
      int n = 0;
      Object[] parts = null;
      while (n < PLAIN_BATCH && rows.advance()) {
        Key rowKey = rows.key();
        if (parts == null) {
          parts = new Object[columns.length + rowKey.size()];
        }
        RowCodec.plainIndexParts(columns, rows.value(), rowKey, parts);
        run.addParts(parts, rowKey); // a plain index entry's value is its row key (RowCodec.indexValue)
        n++;
      }
      return n;
    }
    Key[] keys = new Key[PLAIN_BATCH];
    Object[] values = new Object[PLAIN_BATCH];
    int n = 0;
    while (n < PLAIN_BATCH && rows.advance()) {
      Key key = RowCodec.indexKey(columns, index, rows.value(), rows.key());
      keys[n] = key;
      values[n++] = RowCodec.indexValue(index, key, rows.key());
    }
    store.putAllAt(index.id(), keys, values, n, s);
    return n;
  }

  /** A UNIQUE index's batch: small, under the writers' value-key locks, checking duplicates. */
  private int backfillUniqueBatch(TableDef table, IndexDef index, RowCursor rows, long s) {
    CommitBatch batch = new CommitBatch();
    Map<Key, Key> claimed = new HashMap<>();
    Transaction locks = txManager.begin(false);
    int n = 0;
    try {
      while (n < UNIQUE_BATCH && rows.advance()) {
        Key rowKey = rows.key();
        n++;
        Key key = RowCodec.indexKey(table, index, rows.value(), rowKey);
        if (RowCodec.isUniqueValueKey(index, key)) {
          txManager.locks().acquire(locks, new LockName.KeyInSpace(index.id(), key), LockMode.X);
          Object owner = store.get(index.id(), key, Long.MAX_VALUE);
          Key previous = claimed.put(key, rowKey);
          if ((owner != null && !owner.equals(rowKey)) || (previous != null && !previous.equals(rowKey))) {
            throw MorphException.of(ErrorCode.UNIQUE_VIOLATION,
                "Cannot create unique index %s on %s: duplicate key %s", index.name(), table.name(), key);
          }
        }
        batch.put(index.id(), key, RowCodec.indexValue(index, key, rowKey));
      }
      store.putAllAt(batch, s);
    } finally {
      txManager.rollback(locks);
    }
    return n;
  }

  SnapshotHandle openSnapshot() {
    return store.openSnapshot();
  }

  /**
   * Once ENFORCED is active: every commit from then on checks the constraint, so checking the
   * rows visible at a snapshot taken now covers the rest.
   */
  void validate(JobContext ctx, JobRecord job, Catalog active) {
    TableDef table = active.table(ctx.tableId).orElse(null);
    if (table == null) {
      return;
    }
    ColumnDef column = ctx.columnId >= 0 ? table.columnById(ctx.columnId) : null;
    CheckDef check = ctx.checkId >= 0
        ? table.checks().stream().filter(c -> c.id() == ctx.checkId).findFirst().orElse(null) : null;
    ForeignKeyDef key = ctx.checkId >= 0
        ? table.foreignKeys().stream().filter(k -> k.id() == ctx.checkId).findFirst().orElse(null) : null;
    try (SnapshotHandle snapshot = store.openSnapshot()) {
      long s = ctx.startSnapshot != null ? ctx.startSnapshot.ts() : snapshot.ts(); // skip-states: the job's start
      long done = 0;
      long total = store.approximateSize(table.id());
      Iterator<Entry> rows = store.scan(table.id(), KeyRange.all(), s);
      while (rows.hasNext()) {
        Entry e = rows.next();
        Object[] row = PackedRows.unpack(e.value());
        if (column != null && RowCodec.stored(column, row) == null) {
          throw MorphException.of(ErrorCode.NOT_NULL_VIOLATION,
              "Cannot set NOT NULL on %s.%s: row %s has NULL", table.name(), column.name(), e.key());
        }
        if (check != null && !constraints.satisfies(table, check, row)) {
          throw MorphException.of(ErrorCode.CHECK_VIOLATION,
              "Cannot add CHECK %s on %s: row %s violates it", check.name(), table.name(), e.key());
        }
        if (key != null) {
          Key parentKey = RowCodec.referencedKey(table, key, row);
          if (parentKey != null && store.get(key.parentTableId(), parentKey, s) == null) {
            throw MorphException.of(ErrorCode.FOREIGN_KEY_VIOLATION,
                "Cannot add FOREIGN KEY %s on %s: row %s refers to %s, which does not exist",
                key.name(), table.name(), e.key(), parentKey);
          }
        }
        if (++done % BATCH == 0) {
          job.progress(done, Math.max(done, total));
          if (job.cancelRequested()) {
            throw MorphException.of(ErrorCode.CANCELLED, "DDL job %d was cancelled: %s", job.id(), job.statement());
          }
        }
      }
      job.progress(done, done);
    }
  }

  /**
   * Deletes every KV of the keyspaces with MVCC tombstones, once the visibility watermark has
   * passed the final state's activation (no late commit can add to them any more). A
   * snapshot that still sees the object keeps reading the versions below. Returns the last
   * delete's commit ts (0 when there was nothing to delete).
   */
  long purge(long[] spaces, long finalActivationTs) {
    store.awaitVisible(finalActivationTs);
    long lastDelete = 0;
    for (long space : spaces) {
      lastDelete = Math.max(lastDelete, store.retireRun(space)); // a backfill's run: at once
      // Each batch resumes after the last key deleted: starting over would step through the
      // tombstones of every earlier batch again (quadratic in the index's size: a DROP INDEX
      // of a million entries kept a core busy for tens of seconds). No key of a space starts
      // with another whole key (row keys and plain index keys all have one length; a UNIQUE
      // index's value keys hold non-NULL values only, its other keys start with a NULL among
      // them), so no key sorts between a key and its upper bound.
      KeyRange rest = KeyRange.all();
      while (true) {
        CommitBatch batch = new CommitBatch();
        Iterator<Entry> it = store.scan(space, rest, Long.MAX_VALUE);
        Key last = null;
        while (it.hasNext() && batch.size() < BATCH) {
          last = it.next().key();
          batch.delete(space, last);
        }
        if (last == null) {
          break;
        }
        lastDelete = Math.max(lastDelete, store.commit(batch));
        rest = KeyRange.of(Key.upperBound(last.parts().toArray()), Key.upperBound());
      }
    }
    return lastDelete;
  }

  /**
   * Drops the purged spaces from the store when no reader reads below {@code purgedTs}, so
   * every reader sees only the purge's deletes there; false (nothing done) while one might not.
   */
  boolean forgetIfUnread(long[] spaces, long purgedTs) {
    if (store.lowWaterMark() < purgedTs) {
      return false;
    }
    for (long space : spaces) {
      store.dropSpace(space);
    }
    return true;
  }
}
