package org.morphdb.server;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Runs one connection's tasks one after another on a shared pool: an engine session is used
 * by one thread at a time, and requests of a connection are answered in order.
 */
final class SerialExecutor {
  private final Executor pool;
  private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
  private boolean running;

  SerialExecutor(Executor pool) {
    this.pool = pool;
  }

  /** Queues a task; returns the number of tasks queued or running before it. */
  synchronized int submit(Runnable task) {
    tasks.add(task);
    int before = tasks.size() - 1 + (running ? 1 : 0);
    if (!running) {
      running = true;
      pool.execute(this::drain);
    }
    return before;
  }

  /** Whether no task is queued or running. */
  synchronized boolean idle() {
    return !running;
  }

  private void drain() {
    while (true) {
      Runnable task;
      synchronized (this) {
        task = tasks.poll();
        if (task == null) {
          running = false;
          return;
        }
      }
      try {
        task.run();
      } catch (RuntimeException e) {
        // each task reports its own failures; one must not stop the connection's queue
      }
    }
  }
}
