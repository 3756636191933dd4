package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.morphdb.engine.Database;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.ddl.JobRecord;
import org.morphdb.engine.sql.plan.SystemTables;

/**
 * Rows of the system tables for one statement: INFORMATION_SCHEMA from the catalog the
 * statement was planned with, SYS from the database's live state.
 */
final class SystemRows {
  private final Database db;
  private final Catalog catalog;

  SystemRows(Database db, Catalog catalog) {
    this.db = db;
    this.catalog = catalog;
  }

  Iterator<Object[]> rows(String schema, String table) {
    if (schema.equals("INFORMATION_SCHEMA")) {
      return SystemTables.catalogRows(catalog, schema, table).iterator();
    }
    if (!schema.equals("SYS")) {
      throw MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table '%s.%s' not found", schema, table);
    }
    List<Object[]> rows = new ArrayList<>();
    switch (table) {
      case "SCHEMA_VERSIONS" -> {
        for (Catalog c : db.catalogLog().versions()) {
          rows.add(new Object[] {c.version(), c.activationTs(), c.statement()});
        }
      }
      case "DDL_JOBS" -> {
        for (JobRecord j : db.jobRunner().jobs().all()) {
          rows.add(new Object[] {j.id(), j.statement(), j.tableName(), j.state().name(), j.step(),
              j.rowsDone(), j.rowsTotal(), ts(j.started()), ts(j.finished()), j.error()});
        }
      }
      case "NODES" -> {
        for (Node n : db.cluster().nodes()) {
          rows.add(new Object[] {n.id(), n.latestKnown().version(), n.completeUntil()});
        }
      }
      default -> throw MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table 'SYS.%s' not found", table);
    }
    return rows.iterator();
  }

  private static Long ts(java.time.LocalDateTime t) {
    return t == null ? null : Values.timestampToCalcite(t);
  }
}
