package org.morphdb.jdbc.remote;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The driver's one timer thread (a daemon, started on first use and ended after 10 s idle):
 * query timeouts and the limits of a connect run on it.
 */
public final class DriverTimer {
  private static final ScheduledThreadPoolExecutor EXECUTOR = create();

  private DriverTimer() {
  }

  /** Runs {@code task} after {@code delay}; cancelling the future removes it. */
  public static ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
    return EXECUTOR.schedule(task, delay, unit);
  }

  private static ScheduledThreadPoolExecutor create() {
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "morphdb-driver-timer");
      t.setDaemon(true);
      return t;
    });
    executor.setRemoveOnCancelPolicy(true);
    executor.setKeepAliveTime(10, TimeUnit.SECONDS);
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }
}
