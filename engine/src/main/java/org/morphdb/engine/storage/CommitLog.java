package org.morphdb.engine.storage;

/**
 * Where a durable database makes its commits survive the process: {@link CommitTicket}
 * hands every batch to it before applying it, and waits for it before the commit returns.
 * An in-memory database has none, and its commits pay for nothing of this.
 */
public interface CommitLog {
  /**
   * Records the batch committed at {@code commitTs} (before it is applied). Returns a position
   * to pass to {@link #awaitDurable}, or -1 when nothing needed recording. Fails with a
   * MorphException when the log cannot be written: the commit then applies nothing.
   */
  long append(long commitTs, CommitBatch batch);

  /**
   * Returns once everything appended up to {@code position} is as durable as the database
   * promises (forced, or written to the OS in async mode). Fails with a MorphException when
   * that cannot be done.
   */
  void awaitDurable(long position);
}
