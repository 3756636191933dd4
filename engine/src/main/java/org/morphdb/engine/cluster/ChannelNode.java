package org.morphdb.engine.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;
import org.morphdb.engine.clock.HybridClock;

/**
 * A node of a several-node database. Its catalog cache is fed by a FIFO channel of catalog
 * versions and "complete until R" heartbeats (DESIGN.md "Nodes, propagation and metadata
 * completeness"). Having received everything committed up to R, it knows the catalog for
 * every ts ≤ R + delay; past that it pulls a heartbeat through the same channel and waits.
 */
final class ChannelNode implements Node {
  private final int id;
  private final CatalogLog log;
  private final ClusterConfig config;
  private final Object monitor = new Object();
  /** Catalog versions received so far, oldest first (guarded by monitor). */
  private final List<Catalog> known = new ArrayList<>();
  private volatile Catalog latest;
  private volatile long completeUntil;
  private final Channel channel;

  ChannelNode(int id, CatalogLog log, ClusterConfig config) {
    this.id = id;
    this.log = log;
    this.config = config;
    this.known.addAll(log.versions());
    this.latest = known.get(known.size() - 1);
    this.channel = new Channel("morph-node-" + id, config.lagMillis(), this::receive);
  }

  @Override
  public int id() { return id; }

  Channel channel() { return channel; }

  /** Called by the channel, in order. */
  private void receive(Object message) {
    synchronized (monitor) {
      if (message instanceof Catalog c) {
        if (c.version() == latest.version() + 1) {
          known.add(c);
          latest = c;
        }
      } else if (message instanceof Long r) {
        long until = HybridClock.plusMillis(r, config.delayMillis());
        if (until > completeUntil) {
          completeUntil = until;
        }
      }
      monitor.notifyAll();
    }
  }

  @Override
  public Catalog catalogAt(long ts) {
    if (ts > completeUntil && !config.staleCache()) {
      awaitComplete(ts);
    }
    synchronized (monitor) {
      for (int i = known.size() - 1; i >= 0; i--) {
        if (known.get(i).activationTs() <= ts) {
          return known.get(i);
        }
      }
      return known.get(0);
    }
  }

  private void awaitComplete(long ts) {
    long deadline = System.currentTimeMillis() + config.completenessTimeoutMillis();
    log.heartbeat(); // pulls a heartbeat through every channel, ordered after all prior versions
    synchronized (monitor) {
      while (ts > completeUntil) {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
          throw MorphException.of(ErrorCode.NODE_BEHIND,
              "Node %d could not learn the catalog up to the operation's timestamp within %d ms; retry",
              id, config.completenessTimeoutMillis());
        }
        try {
          monitor.wait(Math.min(left, 50));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new MorphException(ErrorCode.CANCELLED, "interrupted while waiting for the catalog");
        }
      }
    }
  }

  @Override
  public boolean knowsCatalogAt(long ts) { return ts <= completeUntil || config.staleCache(); }

  @Override
  public Catalog latestKnown() { return latest; }

  @Override
  public long completeUntil() { return completeUntil; }
}
