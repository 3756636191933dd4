package org.morphdb.jdbc;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.morphdb.engine.api.Session;

/** Cancels a statement through {@link Session#cancel()} when its query timeout passes. */
final class QueryTimer implements AutoCloseable {
  private static final QueryTimer NONE = new QueryTimer(null);

  private final AtomicBoolean fired = new AtomicBoolean();
  private final ScheduledFuture<?> future;

  private QueryTimer(ScheduledFuture<?> future) {
    this.future = future;
  }

  private QueryTimer(Session session, int seconds) {
    this.future = org.morphdb.jdbc.remote.DriverTimer.schedule(() -> {
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
