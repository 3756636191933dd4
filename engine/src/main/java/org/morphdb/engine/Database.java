package org.morphdb.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.catalog.CatalogLog;
import org.morphdb.engine.clock.HybridClock;
import org.morphdb.engine.cluster.Cluster;
import org.morphdb.engine.cluster.ClusterConfig;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.ddl.DdlJobs;
import org.morphdb.engine.durable.DatabaseFiles;
import org.morphdb.engine.durable.Durability;
import org.morphdb.engine.ddl.JobOperations;
import org.morphdb.engine.ddl.JobRunner;
import org.morphdb.engine.sql.SqlEngine;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.SequenceValues;
import org.morphdb.engine.tx.LockManager;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.TransactionManager;

/**
 * One named database, in memory or durable in a directory: the parts of DESIGN.md wired together. State lives in the
 * parts (store, catalog log, transaction manager, job runner); this class only owns them.
 */
public final class Database {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Database.class);
  /** How often deleted keys are reclaimed: often enough that few pile up between rounds. */
  private static final long RECLAIM_EVERY_MILLIS = 50;
  private final String name;
  private final DatabaseOptions options;
  private final HybridClock clock = new HybridClock();
  private final MvccStore store;
  private final CatalogLog catalogLog;
  private final Cluster cluster;
  private final TransactionManager txManager;
  private final JobRunner jobRunner;
  private final SqlEngine sql;
  private final AtomicInteger openSessions = new AtomicInteger();
  private final Map<Integer, AtomicLong> rowIdSequences = new ConcurrentHashMap<>();
  private final SequenceValues sequenceValues = new SequenceValues();
  /** Takes deleted keys out of the store ({@link MvccStore#reclaimDeletedKeys}) every few ms. */
  private final ScheduledExecutorService reclaimer;

  /** Null for an in-memory database. */
  private final Durability durability;

  Database(String name, DatabaseOptions options) {
    this(name, options, null);
  }

  /** A database kept in {@code files} (recovered from them), or in memory when null. */
  Database(String name, DatabaseOptions options, DatabaseFiles files) {
    this.name = name;
    this.options = options;
    this.store = new MvccStore(clock);
    this.catalogLog = new CatalogLog(clock);
    // recovered before the nodes exist: each copies the catalog's versions when made
    this.durability = files == null ? null : Durability.recover(files,
        Durability.Settings.of(options.durability(), options.writeDelayMillis()), store, catalogLog, clock);
    this.cluster = new Cluster(new ClusterConfig(options.nodes(), options.delayMillis(), options.lagMillis(),
        options.completenessTimeoutMillis(), "stale-cache".equals(options.unsafe())), catalogLog);
    this.txManager = new TransactionManager(store, new LockManager(options.lockTimeoutMillis()));
    catalogLog.addListener(txManager::onCatalogCommitted);
    DdlJobs jobs = new DdlJobs();
    this.sql = new SqlEngine(this);
    txManager.setConstraintChecker(sql.constraintChecker());
    this.jobRunner = new JobRunner(catalogLog, clock, options.delayMillis(), jobs,
        new JobOperations(store, txManager, sql.constraintChecker(), options.backfillCores()),
        "skip-states".equals(options.unsafe()));
    if (durability != null) {
      durability.finishOpen(jobs, (tableId, last) ->
          rowIdSequences.computeIfAbsent(tableId, k -> new AtomicLong()).accumulateAndGet(last, Math::max),
          sequenceValues, sql.constraintChecker());
    }
    this.reclaimer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "morph-reclaim-" + name);
      t.setDaemon(true);
      return t;
    });
    reclaimer.scheduleWithFixedDelay(this::reclaimDeletedKeys, RECLAIM_EVERY_MILLIS,
        RECLAIM_EVERY_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void reclaimDeletedKeys() {
    try {
      store.reclaimDeletedKeys();
    } catch (RuntimeException e) {
      // never let one failure stop the schedule; the keys stay queued for the next round
      LOG.warn("reclaiming deleted keys of database {} failed", name, e);
    }
  }

  public String name() { return name; }

  public DatabaseOptions options() { return options; }

  public HybridClock clock() { return clock; }

  public MvccStore store() { return store; }

  public CatalogLog catalogLog() { return catalogLog; }

  /** The counters of sequences and IDENTITY columns. */
  public SequenceValues sequenceValues() { return sequenceValues; }

  public Cluster cluster() { return cluster; }

  public TransactionManager txManager() { return txManager; }

  public TableAccess tableAccess() { return sql.tableAccess(); }

  public JobRunner jobRunner() { return jobRunner; }

  public SqlEngine sql() { return sql; }

  /** CHECKPOINT: writes a checkpoint of a file database; nothing to do in memory. */
  public void checkpoint() {
    if (durability != null) {
      durability.checkpoint();
    }
  }

  /** Next hidden row id of a table without a declared primary key. */
  public long nextRowId(int tableId) {
    return rowIdSequences.computeIfAbsent(tableId, k -> new AtomicLong()).incrementAndGet();
  }

  Session openSession(Map<String, String> sessionOptions) {
    Node node = pickNode(sessionOptions);
    boolean ddlInTransactionFails = sessionOptions.entrySet().stream()
        .anyMatch(e -> e.getKey().equalsIgnoreCase("ddlInTransaction") && e.getValue().trim().equalsIgnoreCase("error"));
    return new SessionImpl(this, node, ddlInTransactionFails, () -> DatabaseRegistry.sessionClosed(this));
  }

  private Node pickNode(Map<String, String> sessionOptions) {
    for (Map.Entry<String, String> e : sessionOptions.entrySet()) {
      if (e.getKey().equalsIgnoreCase("node")) {
        try {
          int id = Integer.parseInt(e.getValue().trim());
          if (id >= 0 && id < cluster.size()) {
            return cluster.node(id);
          }
        } catch (NumberFormatException ignored) {
          // reported below
        }
        throw MorphException.of(ErrorCode.CANNOT_CONNECT, "Option node=%s: database %s has nodes 0..%d",
            e.getValue(), name, cluster.size() - 1);
      }
    }
    return cluster.nextNode();
  }

  org.morphdb.engine.api.TestHooks testHooks() {
    return new org.morphdb.engine.api.TestHooks() {
      @Override
      public void pauseNode(int nodeId) { channel(nodeId).pause(); }

      @Override
      public void resumeNode(int nodeId) { channel(nodeId).resume(); }

      @Override
      public void beforeDdlStep(java.util.function.Consumer<String> hook) { jobRunner.setBeforeStepHook(hook); }

      @Override
      public void afterBackfillBatch(Runnable hook) { jobRunner.setBackfillBatchHook(hook); }

      @Override
      public boolean purgesRunning() { return jobRunner.jobs().purgesRunning(); }

      @Override
      public int keyspaces() { return store.keyspaceCount(); }

      @Override
      public long keysHeld() { return store.keysHeld(); }

      @Override
      public int nodeCatalogVersion(int nodeId) { return cluster.node(nodeId).latestKnown().version(); }

      @Override
      public int catalogVersion() { return catalogLog.latest().version(); }

      @Override
      public org.morphdb.engine.api.BackfillUsage lastBackfill() { return jobRunner.lastBackfill(); }

      private org.morphdb.engine.cluster.Channel channel(int nodeId) {
        org.morphdb.engine.cluster.Channel c = cluster.channel(nodeId);
        if (c == null) {
          throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Node %d has no channel (one-node database)", nodeId);
        }
        return c;
      }
    };
  }

  void sessionOpened() { openSessions.incrementAndGet(); }

  /** True when the session that closed was the last one. */
  boolean sessionClosedLast() { return openSessions.decrementAndGet() == 0; }

  /** Tests: stops the database as a killed process would stop: a durable one leaves its files as they are. */
  void abandon() {
    reclaimer.shutdownNow();
    jobRunner.shutdown();
    cluster.shutdown();
    if (durability != null) {
      durability.abandon();
    }
  }

  void shutdown() {
    reclaimer.shutdownNow();
    jobRunner.close();
    cluster.shutdown();
    if (durability != null) {
      durability.close();
    }
  }
}
