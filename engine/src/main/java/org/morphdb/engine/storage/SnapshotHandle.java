package org.morphdb.engine.storage;

/**
 * A registered read timestamp: while it is open, no version a reader at {@link #ts()}
 * can see is reclaimed. Close it when done (idempotent); try-with-resources fits.
 */
public final class SnapshotHandle implements AutoCloseable {
  private final VisibilityTracker tracker;
  private final long ts;
  /** The tracker's slot holding the registration, or -1 (see VisibilityTracker#openSnapshot). */
  private final int slot;
  private boolean closed;

  SnapshotHandle(VisibilityTracker tracker, long ts) {
    this(tracker, ts, -1);
  }

  SnapshotHandle(VisibilityTracker tracker, long ts, int slot) {
    this.tracker = tracker;
    this.ts = ts;
    this.slot = slot;
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
    tracker.release(ts, slot);
  }
}
