package org.morphdb.engine.ddl;

/**
 * What a job learns as it runs and later steps need: the ids its first step allocated.
 * Written by the step functions (under the catalog commit lock), read by the job's thread.
 */
public final class JobContext {
  volatile int tableId = -1;
  volatile int indexId = -1;
  volatile int columnId = -1;
  volatile int checkId = -1;
  /** Keyspaces the purge deletes: a dropped index, or a dropped table and its indexes. */
  volatile long[] purgeSpaces = new long[0];
  /** Negative control skip-states: the snapshot taken when the job started, for the backfill or validation. */
  volatile org.morphdb.engine.storage.SnapshotHandle startSnapshot;
  /** True when IF [NOT] EXISTS made the statement a no-op. */
  volatile boolean noOp;

  public int tableId() { return tableId; }

  public int indexId() { return indexId; }

  public int columnId() { return columnId; }

  public int checkId() { return checkId; }
}
