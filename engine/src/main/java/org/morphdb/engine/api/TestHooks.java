package org.morphdb.engine.api;

/**
 * Hooks for tests that script interleavings: pause and resume the catalog channel of a
 * node, and wait for background purges. Reached with {@link Databases#testHooks(String)}.
 */
public interface TestHooks {
  /** Holds back every catalog version and heartbeat sent to the node until resumed. */
  void pauseNode(int nodeId);

  void resumeNode(int nodeId);

  /** True while a purge of a dropped index or table is still running. */
  boolean purgesRunning();

  /** The newest catalog version the node has received. */
  int nodeCatalogVersion(int nodeId);

  /** The newest catalog version committed. */
  int catalogVersion();
}
