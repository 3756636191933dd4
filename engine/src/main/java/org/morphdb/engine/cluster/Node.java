package org.morphdb.engine.cluster;

import org.morphdb.engine.catalog.Catalog;

/**
 * A compute node: executes statements with its own cached view of the catalog. Before it
 * acts at a timestamp it must know the catalog complete up to that timestamp (metadata
 * completeness), else it waits and finally fails with 40001/1004.
 */
public interface Node {

  int id();

  /** The catalog in force at {@code ts}, once this node knows it completely (may wait). */
  Catalog catalogAt(long ts);

  /** True when {@link #catalogAt(long) catalogAt(ts)} would answer without waiting. */
  boolean knowsCatalogAt(long ts);

  /** The newest catalog version this node has received. */
  Catalog latestKnown();

  /** Timestamp up to which this node's catalog is known complete. */
  long completeUntil();
}
