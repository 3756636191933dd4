package org.morphdb.engine.api;

/**
 * Hooks for tests that script interleavings: pause and resume the catalog channel of a
 * node, and wait for background purges. Reached with {@link Databases#testHooks(String)}.
 */
public interface TestHooks {
  /** Holds back every catalog version and heartbeat sent to the node until resumed. */
  void pauseNode(int nodeId);

  void resumeNode(int nodeId);

  /**
   * Calls {@code hook} with the name of each DDL step (DELETE_ONLY, WRITE_ONLY, PUBLIC,
   * ENFORCED, …) just before the step commits its catalog version, on the DDL's thread; the
   * hook may block to hold the job between steps. Null removes it.
   */
  void beforeDdlStep(java.util.function.Consumer<String> hook);

  /**
   * Runs {@code hook} on the DDL's thread after each batch of rows an index backfill wrote
   * (1,024 rows for a plain index, 64 for a UNIQUE one); the hook may block to hold the backfill there. Null
   * removes it.
   */
  void afterBackfillBatch(Runnable hook);

  /** True while a purge of a dropped index or table is still running. */
  boolean purgesRunning();

  /**
   * How many keyspaces the store holds: a dropped table's or index's space is forgotten once
   * its purge is done and no reader can see it any more.
   */
  int keyspaces();

  /**
   * How many keys the store holds in all its keyspaces, deleted ones not yet reclaimed
   * included.
   */
  long keysHeld();

  /** The newest catalog version the node has received. */
  int nodeCatalogVersion(int nodeId);

  /** The newest catalog version committed. */
  int catalogVersion();

  /** What the CPU budget of the last index backfill saw; null before the first. */
  BackfillUsage lastBackfill();
}
