package org.morphdb.server;

import java.util.concurrent.atomic.AtomicLong;

/** Counters of a running server, for its operators and for tests that check it stayed sane. */
public final class ServerStats {
  private final AtomicLong open = new AtomicLong();
  private final AtomicLong accepted = new AtomicLong();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong protocolViolations = new AtomicLong();
  private final AtomicLong idleClosed = new AtomicLong();

  void opened() {
    open.incrementAndGet();
    accepted.incrementAndGet();
  }

  void closed() { open.decrementAndGet(); }

  void request() { requests.incrementAndGet(); }

  void protocolViolation() { protocolViolations.incrementAndGet(); }

  void closedIdle() { idleClosed.incrementAndGet(); }

  /** Connections open now. */
  public long openConnections() { return open.get(); }

  public long acceptedConnections() { return accepted.get(); }

  public long requests() { return requests.get(); }

  /** Connections closed because they broke the protocol. */
  public long protocolViolations() { return protocolViolations.get(); }

  /** Connections closed by the idle timeout. */
  public long idleClosed() { return idleClosed.get(); }
}
