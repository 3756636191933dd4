package org.morphdb.engine.durable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.ForeignKeyDef;
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
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.PackedRows;
import org.morphdb.engine.tx.RowCodec;

/**
 * Ends, at open, the DDL jobs a crash interrupted, from the rows as recovered. Nothing runs
 * yet (no session, no transaction, no other node), so a job can jump to its end state in
 * one catalog version without the F1 states in between:
 *
 * <ul>
 *   <li>an index being created (DELETE_ONLY or WRITE_ONLY) is resumed: its entries are built
 *       from the rows at open like every index's, so it becomes PUBLIC; a UNIQUE one whose rows
 *       hold a duplicate is walked back instead (the job fails as its backfill would have);
 *   <li>an index being dropped is removed (the drop completes);
 *   <li>a NOT NULL being added (ENFORCED) is validated against the rows: VALID, or walked back
 *       when a NULL is there;
 *   <li>a FOREIGN KEY being added (ENFORCED on both its tables) is validated against the rows:
 *       VALID when every child row's parent is there, else walked back from both tables;
 *   <li>a CHECK being added is validated against the rows in the same way (walked back when no
 *       checker of CHECK conditions is given, as in tests of the layers below SQL).
 * </ul>
 * An unfinished state with no interrupted job (not expected) is removed.
 */
final class InterruptedJobs {
  private final MvccStore store;
  /** The catalog whose interrupted jobs are being ended. */
  private Catalog catalog;
  private final long ts;
  /** Table name → why its job failed (walked back). */
  private final Map<String, String> failures = new HashMap<>();
  /** Tables whose job was brought to its end state here. */
  private final Set<String> completed = new HashSet<>();
  /** Foreign key id → the first child row without its parent (null: none), found once for both tables. */
  private final Map<Integer, java.util.Optional<Key>> orphans = new HashMap<>();

  private final ConstraintChecker checker;

  private InterruptedJobs(MvccStore store, long ts, ConstraintChecker checker) {
    this.store = store;
    this.ts = ts;
    this.checker = checker;
  }

  /** Ends every interrupted job, committing one catalog version when anything changes. */
  static void end(CatalogLog log, MvccStore store, long ts, DdlJobs jobs, List<JobRecord> interrupted,
      ConstraintChecker checker) {
    InterruptedJobs plan = new InterruptedJobs(store, ts, checker);
    Map<String, JobRecord> byTable = new HashMap<>();
    interrupted.forEach(j -> byTable.putIfAbsent(j.tableName(), j));
    log.append(c -> plan.entries(c, byTable), 0, "-- reopen: interrupted schema changes ended");
    for (JobRecord job : interrupted) {
      String why = plan.failures.get(job.tableName());
      if (why != null) {
        jobs.endInterrupted(job, JobRecord.State.FAILED, "Interrupted by a crash at step " + job.step()
            + "; walked back when the database was reopened: " + why);
      } else if (plan.completed.contains(job.tableName())) {
        jobs.endInterrupted(job, JobRecord.State.DONE, "Interrupted by a crash at step " + job.step()
            + "; completed when the database was reopened");
      } else {
        // the crash came before its first version or after its last: the schema shows which
        jobs.endInterrupted(job, JobRecord.State.FAILED, "Interrupted by a crash at step " + job.step()
            + "; nothing of it was left half-way: the schema is as its last committed step left it");
      }
    }
  }

  private List<UpdateEntry> entries(Catalog c, Map<String, JobRecord> byTable) {
    catalog = c;
    List<UpdateEntry> entries = new ArrayList<>();
    for (TableDef t : c.tables()) {
      TableDef ended = end(t, byTable.get(t.name()));
      if (!ended.equals(t)) {
        entries.add(new UpdateEntry.PutTable(ended));
      }
    }
    return entries;
  }

  private TableDef end(TableDef t, JobRecord job) {
    boolean dropping = job != null && job.statement().stripLeading().regionMatches(true, 0, "DROP", 0, 4);
    List<IndexDef> indexes = new ArrayList<>();
    for (IndexDef i : t.indexes()) {
      if (i.state() == IndexState.PUBLIC) {
        indexes.add(i);
      } else if (dropping) {
        completed.add(t.name());
      } else if (job != null) {
        Key duplicate = i.unique() ? firstDuplicate(t, i) : null;
        if (duplicate == null) {
          indexes.add(i.withState(IndexState.PUBLIC));
          completed.add(t.name());
        } else {
          failures.put(t.name(), "unique index " + i.name() + " has a duplicate key " + duplicate);
        }
      }
    }
    TableDef ended = indexes.equals(t.indexes()) ? t : t.withIndexes(indexes);
    boolean schemaChanged = false;
    for (ColumnDef col : t.columns()) {
      if (col.notNull() == ConstraintState.ENFORCED) {
        boolean valid = job != null && !hasNull(t, col);
        ended = ended.mapColumn(col.id(), x -> x.withNotNull(valid ? ConstraintState.VALID : null));
        schemaChanged |= !valid;
        if (valid) {
          completed.add(t.name());
        } else {
          failures.put(t.name(), "column " + col.name() + " holds a NULL");
        }
      }
    }
    List<CheckDef> checks = new ArrayList<>();
    for (CheckDef check : t.checks()) {
      if (check.state() != ConstraintState.ENFORCED) {
        checks.add(check);
      } else if (checker != null && job != null && allSatisfy(t, check)) {
        checks.add(new CheckDef(check.id(), check.name(), check.sql(), ConstraintState.VALID));
        completed.add(t.name());
      } else {
        schemaChanged = true;
        failures.put(t.name(), "CHECK constraint " + check.name() + " is violated by a row"
            + (checker == null ? " or could not be validated" : ""));
      }
    }
    if (!checks.equals(t.checks())) {
      ended = ended.withChecks(checks);
    }
    List<ForeignKeyDef> keys = new ArrayList<>();
    for (ForeignKeyDef k : t.foreignKeys()) {
      if (k.state() != ConstraintState.ENFORCED) {
        keys.add(k);
        continue;
      }
      java.util.Optional<Key> orphan = orphans.computeIfAbsent(k.id(), id -> firstOrphan(k));
      if (orphan.isEmpty()) { // VALID, as its validation would have ended: no new table version
        keys.add(k.withState(ConstraintState.VALID));
        completed.add(t.name());
      } else {
        schemaChanged = true; // walked back from this table (each of its two tables comes here)
        if (k.isChild(t.id())) {
          failures.put(t.name(), "foreign key " + k.name() + " has a child row without its parent, "
              + orphan.get());
        }
      }
    }
    if (!keys.equals(t.foreignKeys())) {
      ended = ended.withForeignKeys(keys);
    }
    return schemaChanged ? ended.bumped() : ended;
  }

  /** The referenced key of the first child row whose parent row is not there. */
  private java.util.Optional<Key> firstOrphan(ForeignKeyDef key) {
    TableDef child = catalog.table(key.childTableId()).orElseThrow();
    for (Iterator<Entry> it = store.scan(child.id(), KeyRange.all(), ts); it.hasNext(); ) {
      Key parentKey = RowCodec.referencedKey(child, key, PackedRows.unpack(it.next().value()));
      if (parentKey != null && store.get(key.parentTableId(), parentKey, ts) == null) {
        return java.util.Optional.of(parentKey);
      }
    }
    return java.util.Optional.empty();
  }

  private Key firstDuplicate(TableDef t, IndexDef index) {
    Set<Key> seen = new HashSet<>();
    for (Iterator<Entry> it = store.scan(t.id(), KeyRange.all(), ts); it.hasNext(); ) {
      Entry row = it.next();
      Key key = RowCodec.indexKey(t, index, row.value(), row.key());
      if (RowCodec.isUniqueValueKey(index, key) && !seen.add(key)) {
        return key;
      }
    }
    return null;
  }

  private boolean allSatisfy(TableDef t, CheckDef check) {
    for (Iterator<Entry> it = store.scan(t.id(), KeyRange.all(), ts); it.hasNext(); ) {
      if (!checker.satisfies(t, check, PackedRows.unpack(it.next().value()))) {
        return false;
      }
    }
    return true;
  }

  private boolean hasNull(TableDef t, ColumnDef column) {
    for (Iterator<Entry> it = store.scan(t.id(), KeyRange.all(), ts); it.hasNext(); ) {
      if (RowCodec.stored(column, it.next().value()) == null) {
        return true;
      }
    }
    return false;
  }
}
