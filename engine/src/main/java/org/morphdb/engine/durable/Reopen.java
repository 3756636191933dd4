package org.morphdb.engine.durable;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.tx.RowCodec;

/**
 * The steps of an open after the files are read, before the first session: rebuilds every
 * index from the rows, continues hidden row ids, forgets dropped tables (the interrupted DDL
 * jobs are ended first, by {@link InterruptedJobs}).
 *
 * <p>Index keyspaces are never logged nor checkpointed: an index is a function of its
 * table's rows, and after a restart no snapshot older than the restart exists, so each row's
 * newest version is all an index needs. Rebuilding makes a half-built index impossible (an
 * interrupted backfill leaves nothing behind) and keeps the log to row writes.
 *
 */
final class Reopen {
  private static final int BATCH = 4096;

  private Reopen() {}

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

  /**
   * Forgets the keyspaces of tables dropped before the crash (their purge may not have
   * finished), and any index keyspace a checkpoint caught while it was being made.
   */
  static void dropDeadSpaces(List<Catalog> history, Catalog latest, MvccStore store) {
    Set<Long> live = new HashSet<>();
    latest.tables().forEach(t -> live.add((long) t.id()));
    Set<Long> dead = new HashSet<>();
    for (Catalog c : history) {
      for (TableDef t : c.tables()) {
        dead.add((long) t.id());
        t.indexes().forEach(i -> dead.add((long) i.id())); // rebuilt from the rows, never loaded
      }
    }
    dead.removeAll(live);
    for (long space : store.spaceIds()) {
      if (dead.contains(space)) {
        store.dropSpace(space);
      }
    }
  }
}
