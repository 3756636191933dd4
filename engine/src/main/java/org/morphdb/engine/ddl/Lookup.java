package org.morphdb.engine.ddl;

import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;

/** Name resolution with the errors of the public contract. */
final class Lookup {
  private Lookup() {}

  static TableDef table(Catalog c, String schema, String name) {
    return c.table(schema, name).orElseThrow(
        () -> MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table '%s' not found", name));
  }

  static ColumnDef column(TableDef t, String name) {
    return t.column(name).orElseThrow(() -> MorphException.of(ErrorCode.COLUMN_NOT_FOUND,
        "Column '%s' not found in table %s", name, t.name()));
  }

  static IndexDef index(TableDef t, int indexId) {
    return t.indexes().stream().filter(i -> i.id() == indexId).findFirst().orElseThrow(
        () -> new IllegalStateException("index " + indexId + " vanished from " + t.name()));
  }

  static void checkNameFree(Catalog c, String schema, String name) {
    if (c.table(schema, name).isPresent() || c.view(schema, name).isPresent()) {
      throw MorphException.of(ErrorCode.TABLE_EXISTS, "Table or view '%s' already exists", name);
    }
  }
}
