package org.morphdb.engine.cluster;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
  /**
   * A cache of "complete until": raised with a release store, not a volatile one. A reader
   * needs only that the versions the log published before it are visible once it sees the
   * new value (release/acquire gives that); a stale value merely sends it down the slow path.
   * A volatile store adds a full fence, here on nearly every statement (each commit moves the
   * clock past the cached value). Measured: no clear change, within the probe's noise.
   */
  private volatile long completeUntil;
  private static final VarHandle COMPLETE_UNTIL;

  static {
    try {
      COMPLETE_UNTIL = MethodHandles.lookup().findVarHandle(DirectNode.class, "completeUntil", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

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
        COMPLETE_UNTIL.setRelease(this, r);
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
