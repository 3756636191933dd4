package org.morphdb.engine.cluster;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * A FIFO channel to one node, delivered by its own thread. Test lag delays messages by a
 * random amount but never reorders them; a paused channel holds everything back.
 */
public final class Channel {
  private record Envelope(Object message, long deliverAtNanos) {}

  private final LinkedBlockingQueue<Envelope> queue = new LinkedBlockingQueue<>();
  private final long lagMillis;
  private final Consumer<Object> receiver;
  private final Thread thread;
  private long lastDeliverAt;
  private volatile boolean paused;
  private volatile long extraDelayMillis;

  Channel(String name, long lagMillis, Consumer<Object> receiver) {
    this.lagMillis = lagMillis;
    this.receiver = receiver;
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Enqueues a message; called in the serialized order of catalog commits and heartbeats. */
  synchronized void send(Object message) {
    long lag = lagMillis + extraDelayMillis;
    long delay = lag == 0 ? 0 : ThreadLocalRandom.current().nextLong(lag + 1) * 1_000_000L;
    long at = Math.max(lastDeliverAt, System.nanoTime() + delay); // delay, never reorder
    lastDeliverAt = at;
    queue.add(new Envelope(message, at));
  }

  /** Test hook: holds every message back until {@link #resume()}. */
  public void pause() { paused = true; }

  public synchronized void resume() {
    paused = false;
    notifyAll();
  }

  public boolean paused() { return paused; }

  /** Test hook: delays messages sent from now on by up to this many more milliseconds. */
  public void setExtraDelayMillis(long ms) { this.extraDelayMillis = ms; }

  private void run() {
    try {
      while (true) {
        Envelope e = queue.take();
        long wait;
        while ((wait = e.deliverAtNanos() - System.nanoTime()) > 0) {
          Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
        }
        synchronized (this) {
          while (paused) {
            wait();
          }
        }
        receiver.accept(e.message());
      }
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
    }
  }

  void shutdown() { thread.interrupt(); }
}
