package org.morphdb.engine.ddl;

import java.util.List;
import java.util.function.BiFunction;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.UpdateEntry;

/**
 * One step of a job's state machine: the catalog version it commits (entries computed from
 * the latest catalog, under the catalog commit lock) and the work that follows once that
 * version is active everywhere.
 *
 * @param name      what SYS.DDL_JOBS shows as STEP, e.g. "WRITE_ONLY"
 * @param entries   the update entries; empty commits nothing
 * @param operation work after the version is active
 */
public record Step(String name, BiFunction<JobContext, Catalog, List<UpdateEntry>> entries, Operation operation) {

  /** Work a step does after its catalog version is active. */
  public enum Operation {
    NONE,
    /** Write index KVs for the rows of a snapshot taken now (CREATE INDEX). */
    BACKFILL,
    /** Check the rows of a snapshot taken now against the new constraint (SET NOT NULL, ADD CHECK). */
    VALIDATE,
    /** Delete the KVs of the dropped index or table, in the background. */
    PURGE
  }

  public static Step of(String name, BiFunction<JobContext, Catalog, List<UpdateEntry>> entries) {
    return new Step(name, entries, Operation.NONE);
  }

  public Step then(Operation op) {
    return new Step(name, entries, op);
  }
}
