package org.morphdb.server;

import io.netty.channel.SelectStrategy;
import io.netty.channel.SelectStrategyFactory;
import io.netty.util.IntSupplier;
import io.netty.util.concurrent.SingleThreadEventExecutor;
import io.netty.util.internal.ThreadExecutorMap;

/**
 * How an event loop waits for its next event: it polls without blocking for a short while
 * (by default 25 µs, {@value #PROPERTY} in microseconds, 0 to turn it off) before it sleeps in
 * the kernel. A client on a round trip sends its next request a few microseconds after it
 * read the last reply; a loop that went to sleep in between had to be woken by that request,
 * and on the machines measured the wake-up cost more than the statement (docs/decisions.md,
 * "The server's event loops spin before they sleep"). Work handed to the loop while it spins
 * (a reply from a worker) ends the spin at once.
 */
final class SpinBeforeSleep implements SelectStrategy {
  static final String PROPERTY = "morphdb.server.spinMicros";
  private static final long DEFAULT_MICROS = 25;

  private final long spinNanos;
  /** The loop this strategy serves, learnt on its first call (which runs on the loop). */
  private SingleThreadEventExecutor loop;

  private SpinBeforeSleep(long spinNanos) {
    this.spinNanos = spinNanos;
  }

  /** Spins as long as the system property says. */
  static SelectStrategyFactory factory() {
    return factory(Long.getLong(PROPERTY, DEFAULT_MICROS));
  }

  static SelectStrategyFactory factory(long micros) {
    long nanos = Math.max(0, micros) * 1000;
    return () -> new SpinBeforeSleep(nanos);
  }

  @Override
  public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
    if (hasTasks) {
      return selectNow.get(); // tasks wait: look at the sockets without blocking, as Netty does
    }
    if (spinNanos == 0) {
      return SELECT;
    }
    if (loop == null && ThreadExecutorMap.currentExecutor() instanceof SingleThreadEventExecutor e) {
      loop = e;
    }
    long end = System.nanoTime() + spinNanos;
    do {
      int ready = selectNow.get();
      if (ready > 0 || (loop != null && loop.pendingTasks() > 0)) {
        return ready; // 0 with tasks: the loop runs them and comes back here
      }
      Thread.onSpinWait();
    } while (System.nanoTime() - end < 0);
    return SELECT;
  }
}
