package org.morphdb.engine.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.morphdb.engine.catalog.CatalogLog;

/**
 * The compute nodes of one database; sessions attach to one each. With one node there is no
 * channel: the node reads the catalog log directly. With several, each node is fed by its own
 * FIFO channel of catalog versions and heartbeats, and a ticker issues heartbeats so nodes
 * rarely have to pull one.
 */
public final class Cluster {
  private final List<Node> nodes;
  private final AtomicInteger roundRobin = new AtomicInteger();
  private final Thread ticker;

  public Cluster(ClusterConfig config, CatalogLog log) {
    List<Node> list = new ArrayList<>();
    if (config.nodes() == 1 && config.lagMillis() == 0 && !config.staleCache()) {
      list.add(new DirectNode(0, log));
      ticker = null;
    } else {
      for (int i = 0; i < config.nodes(); i++) {
        list.add(new ChannelNode(i, log, config));
      }
      log.addListener(c -> list.forEach(n -> ((ChannelNode) n).channel().send(c)));
      log.addHeartbeatListener(r -> list.forEach(n -> ((ChannelNode) n).channel().send(r)));
      long period = Math.max(1, config.delayMillis() / 2);
      ticker = new Thread(() -> tick(log, period), "morph-heartbeat");
      ticker.setDaemon(true);
      ticker.start();
    }
    this.nodes = List.copyOf(list);
  }

  private static void tick(CatalogLog log, long periodMillis) {
    try {
      while (true) {
        log.heartbeat();
        Thread.sleep(periodMillis);
      }
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
    }
  }

  public int size() { return nodes.size(); }

  public Node node(int id) { return nodes.get(id); }

  public List<Node> nodes() { return nodes; }

  /** The next node in round-robin order, for sessions that name none. */
  public Node nextNode() {
    return nodes.get(Math.floorMod(roundRobin.getAndIncrement(), nodes.size()));
  }

  /** Test hook: the channel feeding a node (null for the one node of a one-node database). */
  public Channel channel(int nodeId) {
    return nodes.get(nodeId) instanceof ChannelNode c ? c.channel() : null;
  }

  public void shutdown() {
    if (ticker != null) {
      ticker.interrupt();
    }
    for (Node n : nodes) {
      if (n instanceof ChannelNode c) {
        c.channel().shutdown();
      }
    }
  }
}
