package org.morphdb.engine.durable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.UpdateEntry;
import org.morphdb.engine.ddl.DdlJobs;
import org.morphdb.engine.ddl.JobRecord;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.tx.RowCodec;

/**
 * The steps of an open after the files are read, before the first session: ends the DDL
 * jobs the crash interrupted, and rebuilds every index from the rows.
 *
 * <p>Index keyspaces are never logged nor checkpointed: an index is a function of its
 * table's rows, and after a restart no snapshot older than the restart exists, so each row's
 * newest version is all an index needs. Rebuilding makes a half-built index impossible (an
 * interrupted backfill leaves nothing behind) and keeps the log to row writes.
 *
 * <p>A job the crash interrupted is walked back where it was adding something (an index not
 * yet PUBLIC, a NOT NULL or CHECK not yet VALID: removed, as a failed job would) and finished
 * where it was dropping something (an index between PUBLIC and ABSENT: removed), in one
 * catalog version; the job ends FAILED or DONE saying so.
 */
final class Reopen {
  private static final int BATCH = 4096;

  private Reopen() {}

  /** Ends the interrupted jobs; returns the names of the tables whose catalog entry changed. */
  static Set<String> endInterruptedJobs(CatalogLog log, DdlJobs jobs, List<JobRecord> interrupted) {
    Set<String> changedTables = new HashSet<>();
    if (!interrupted.isEmpty() || hasUnfinishedStates(log.latest())) {
      log.append(c -> walkBack(c, changedTables), 0, "-- reopen: unfinished schema changes undone");
    }
    for (JobRecord job : interrupted) {
      boolean drop = job.statement().stripLeading().regionMatches(true, 0, "DROP", 0, 4);
      if (changedTables.contains(job.tableName()) && drop) {
        jobs.endInterrupted(job, JobRecord.State.DONE, "Interrupted by a crash at step " + job.step()
            + "; completed when the database was reopened");
      } else if (changedTables.contains(job.tableName())) {
        jobs.endInterrupted(job, JobRecord.State.FAILED, "Interrupted by a crash at step " + job.step()
            + "; walked back when the database was reopened");
      } else {
        jobs.endInterrupted(job, JobRecord.State.DONE,
            "Interrupted by a crash after its last step; marked done when the database was reopened");
      }
    }
    return changedTables;
  }

  private static boolean hasUnfinishedStates(Catalog c) {
    for (TableDef t : c.tables()) {
      if (!undone(t).equals(t)) {
        return true;
      }
    }
    return false;
  }

  private static List<UpdateEntry> walkBack(Catalog c, Set<String> changedTables) {
    List<UpdateEntry> entries = new ArrayList<>();
    for (TableDef t : c.tables()) {
      TableDef changed = undone(t);
      if (!changed.equals(t)) {
        entries.add(new UpdateEntry.PutTable(changed));
        changedTables.add(t.name());
      }
    }
    return entries;
  }

  /** The table without index states short of PUBLIC and constraints short of VALID. */
  private static TableDef undone(TableDef t) {
    List<IndexDef> indexes = t.indexes().stream().filter(i -> i.state() == IndexState.PUBLIC).toList();
    TableDef changed = indexes.size() == t.indexes().size() ? t : t.withIndexes(indexes);
    boolean schemaChanged = false;
    for (ColumnDef col : t.columns()) {
      if (col.notNull() == ConstraintState.ENFORCED) {
        changed = changed.mapColumn(col.id(), x -> x.withNotNull(null));
        schemaChanged = true;
      }
    }
    List<CheckDef> checks = t.checks().stream().filter(x -> x.state() != ConstraintState.ENFORCED).toList();
    if (checks.size() != t.checks().size()) {
      changed = changed.withChecks(checks);
      schemaChanged = true;
    }
    return schemaChanged ? changed.bumped() : changed;
  }

  /** Writes every index's entries from its table's rows at {@code ts}, above every row version. */
  static void rebuildIndexes(Catalog c, MvccStore store, long ts) {
    for (TableDef t : c.tables()) {
      for (IndexDef index : t.indexes()) {
        store.createSpace(index.id(), store.approximateSize(t.id()));
        store.deferOrder(index.id());
        Key[] keys = new Key[BATCH];
        Object[] values = new Object[BATCH];
        int n = 0;
        for (Iterator<Entry> it = store.scan(t.id(), KeyRange.all(), ts); it.hasNext(); ) {
          Entry row = it.next();
          keys[n] = RowCodec.indexKey(t, index, row.value(), row.key());
          values[n] = RowCodec.indexValue(index, keys[n], row.key());
          if (++n == BATCH) {
            store.putAllAt(index.id(), keys, values, n, ts);
            n = 0;
          }
        }
        store.putAllAt(index.id(), keys, values, n, ts);
        store.restoreOrder(index.id());
      }
    }
  }

  /** Tells {@code floor} the largest hidden row id of each table that has one. */
  static void hiddenRowIds(Catalog c, MvccStore store, long ts, BiConsumer<Integer, Long> floor) {
    for (TableDef t : c.tables()) {
      if (t.hasHiddenRowId()) {
        Iterator<Entry> it = store.scanDescending(t.id(), KeyRange.all(), ts);
        if (it.hasNext() && it.next().key().part(0) instanceof Long last) {
          floor.accept(t.id(), last);
        }
      }
    }
  }

  /** Forgets the keyspaces of tables dropped before the crash whose purge may not have finished. */
  static void dropDeadSpaces(List<Catalog> history, Catalog latest, MvccStore store) {
    Set<Long> live = new HashSet<>();
    latest.tables().forEach(t -> live.add((long) t.id()));
    Set<Long> everTables = new HashSet<>();
    history.forEach(c -> c.tables().forEach(t -> everTables.add((long) t.id())));
    for (long space : store.spaceIds()) {
      if (everTables.contains(space) && !live.contains(space)) {
        store.dropSpace(space);
      }
    }
  }
}
