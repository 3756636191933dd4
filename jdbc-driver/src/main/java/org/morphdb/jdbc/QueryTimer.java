package org.morphdb.jdbc;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.morphdb.engine.api.Session;

/** Cancels a statement through {@link Session#cancel()} when its query timeout passes. */
final class QueryTimer implements AutoCloseable {
  private static final QueryTimer NONE = new QueryTimer(null);

  /** One daemon thread for the whole driver, started on first use. */
  private static final class Scheduler {
    static final ScheduledThreadPoolExecutor EXECUTOR = create();

    private static ScheduledThreadPoolExecutor create() {
      ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "morphdb-query-timeout");
        t.setDaemon(true);
        return t;
      });
      executor.setRemoveOnCancelPolicy(true);
      return executor;
    }
  }

  private final AtomicBoolean fired = new AtomicBoolean();
  private final ScheduledFuture<?> future;

  private QueryTimer(ScheduledFuture<?> future) {
    this.future = future;
  }

  private QueryTimer(Session session, int seconds) {
    this.future = Scheduler.EXECUTOR.schedule(() -> {
      fired.set(true);
      try {
        session.cancel();
      } catch (RuntimeException ignored) {
        // the statement ended meanwhile, or the session is gone: nothing to cancel
      }
    }, seconds, TimeUnit.SECONDS);
  }

  static QueryTimer start(Session session, int seconds) {
    return seconds <= 0 ? NONE : new QueryTimer(session, seconds);
  }

  boolean fired() {
    return fired.get();
  }

  @Override
  public void close() {
    if (future != null) {
      future.cancel(false);
    }
  }
}
