package org.morphdb.engine.cluster;

import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;

/**
 * The node of a one-node database: there is no propagation channel, it reads the catalog
 * log directly. Completeness past its last heartbeat costs one serialized heartbeat.
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
      long r = log.heartbeat();
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
