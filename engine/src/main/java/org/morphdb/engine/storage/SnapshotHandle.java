package org.morphdb.engine.storage;

/**
 * A registered read timestamp: while it is open, no version a reader at {@link #ts()}
 * can see is reclaimed. Close it when done (idempotent); try-with-resources fits.
 */
public final class SnapshotHandle implements AutoCloseable {
  private final VisibilityTracker tracker;
  private final long ts;
  private boolean closed;

  SnapshotHandle(VisibilityTracker tracker, long ts) {
    this.tracker = tracker;
    this.ts = ts;
  }

  /** The timestamp this handle protects. */
  public long ts() {
    return ts;
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    tracker.release(ts);
  }
}
