package org.morphdb.engine.cluster;

import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;

/**
 * The node of a one-node database: there is no propagation channel, it reads the catalog
 * log directly. Completeness up to the clock's current ts is lock-free (see {@link
 * CatalogLog#completeUntilCurrent}); past it, one serialized heartbeat.
 */
final class DirectNode implements Node {
  private final int id;
  private final CatalogLog log;
  private volatile long completeUntil;

  DirectNode(int id, CatalogLog log) {
    this.id = id;
    this.log = log;
  }

  @Override
  public int id() { return id; }

  @Override
  public Catalog catalogAt(long ts) {
    if (ts > completeUntil) {
      // lock-free as long as ts is not past the clock's current ts and no append runs: a
      // serialized heartbeat per statement made concurrent statements contend on the log
      long r = log.completeUntilCurrent();
      if (r < ts) {
        r = log.heartbeat();
      }
      if (r > completeUntil) {
        completeUntil = r;
      }
    }
    return log.catalogAt(ts);
  }

  /** The log is local: a heartbeat answers at once. */
  @Override
  public boolean knowsCatalogAt(long ts) { return true; }

  @Override
  public Catalog latestKnown() { return log.latest(); }

  @Override
  public long completeUntil() { return completeUntil; }
}
