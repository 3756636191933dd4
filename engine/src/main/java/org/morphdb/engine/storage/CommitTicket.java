package org.morphdb.engine.storage;

import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * One commit in progress, from taking its commit timestamp to becoming visible:
 * <pre>
 *   try (CommitTicket ticket = store.begin()) {
 *     long commitTs = ticket.ts();        // e.g. look up the catalog at commitTs
 *     ticket.apply(batch);                // may be called several times
 *   }                                     // close() = finish(): the commit becomes visible
 * </pre>
 * Until it finishes, readers at or above {@link #ts()} wait in {@link
 * MvccStore#awaitVisible}, so finish promptly, and always (closing without applying is an
 * abort that writes nothing). Used by one thread at a time.
 */
public final class CommitTicket implements AutoCloseable {
  private final MvccStore store;
  private final VisibilityTracker tracker;
  private final VisibilityTracker.InFlight inFlight;
  private volatile boolean finished;
  /** Where this commit's last batch ended in the store's {@link CommitLog}; -1 when none. */
  private long logPosition = -1;

  CommitTicket(MvccStore store, VisibilityTracker tracker, VisibilityTracker.InFlight inFlight) {
    this.store = store;
    this.tracker = tracker;
    this.inFlight = inFlight;
  }

  /** The commit timestamp every write of this commit is stamped with. */
  public long ts() {
    return inFlight.ts;
  }

  /** Writes the batch at {@link #ts()}; a later write of a key in this commit wins. */
  public void apply(CommitBatch batch) {
    if (finished) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR, "commit %d already finished", ts());
    }
    CommitLog log = store.commitLog();
    if (log != null) {
      logPosition = Math.max(logPosition, log.append(ts(), batch)); // logged first: a failed write applies nothing
    }
    store.applyAt(batch, ts(), true);
  }

  /** Makes the commit visible (or, with nothing applied, abandons it). Idempotent. */
  public void finish() {
    boolean first = !finished;
    finished = true;
    tracker.finish(inFlight);
    if (first && logPosition >= 0) {
      // Visible first, so readers never wait on a disk; returns (and the commit is
      // acknowledged) only once durable. A failure here fails the commit and the log.
      store.commitLog().awaitDurable(logPosition);
    }
  }

  public boolean isFinished() {
    return finished;
  }

  @Override
  public void close() {
    finish();
  }
}
