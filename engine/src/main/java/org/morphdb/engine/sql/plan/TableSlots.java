package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.ViewDef;

/**
 * A statement's cache key with the names of the tables it reads replaced by numbered slots:
 * {@code SELECT pk FROM tab3 WHERE col0 > ?} and the same over {@code tab4} share one slotted
 * key, and when the two tables have the same row type they share one logical plan
 * ({@link PlanTemplate}). Slots keep the pattern of equal names: {@code tab0 JOIN tab0} and
 * {@code tab0 JOIN tab1} differ.
 *
 * <p>Only statements whose table names cannot mean anything else get a slotted key: a name
 * that is also a column of one of the tables, a view's name or a system schema's would be
 * resolved differently in another statement with the same slots, so such statements get none.
 *
 * @param key    the slotted key
 * @param tables the table of each slot, in order of first appearance
 */
record TableSlots(String key, List<TableDef> tables) {
  private static final char SLOT = '\u0001';
  private static final List<String> SYSTEM_SCHEMAS = List.of("SYS", "INFORMATION_SCHEMA");

  /**
   * The slotted form of a key made by {@link LiteralLifter}, whose identifiers' names lie at
   * {@code names} (start and end of each, in order), or null when the statement names no
   * table or a name is ambiguous.
   */
  static TableSlots of(String key, int[] names, Catalog catalog) {
    if (key.indexOf(SLOT) >= 0) {
      return null; // a quoted name holds the slot mark: its slotted key could be another's
    }
    StringBuilder out = new StringBuilder(key.length());
    List<String> slotted = new ArrayList<>();
    List<TableDef> tables = new ArrayList<>();
    int copied = 0;
    for (int i = 0; i < names.length; i += 2) {
      String name = key.substring(names[i], names[i + 1]);
      if (SYSTEM_SCHEMAS.contains(name) || isView(catalog, name)) {
        return null;
      }
      Optional<TableDef> table = catalog.table(Catalog.DEFAULT_SCHEMA, name);
      if (table.isEmpty()) {
        continue;
      }
      if (inOtherSchema(catalog, name)) {
        return null;
      }
      int slot = slotted.indexOf(name);
      if (slot < 0) {
        slot = slotted.size();
        slotted.add(name);
        tables.add(table.get());
      }
      // the name's length prefix stays: it tells the slot from a name that looks like one
      out.append(key, copied, names[i]).append(SLOT).append(slot).append(SLOT);
      copied = names[i + 1];
    }
    if (tables.isEmpty() || namesAColumn(tables)) {
      return null;
    }
    out.append(key, copied, key.length());
    return new TableSlots(out.toString(), List.copyOf(tables));
  }

  private static boolean isView(Catalog catalog, String name) {
    for (ViewDef v : catalog.views()) {
      if (v.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a table of this name lives outside the default schema (which one is read?). */
  private static boolean inOtherSchema(Catalog catalog, String name) {
    for (TableDef t : catalog.tables()) {
      if (t.name().equals(name) && !t.schema().equals(Catalog.DEFAULT_SCHEMA)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some slot's table name is also a column name of some slot's table. */
  private static boolean namesAColumn(List<TableDef> tables) {
    for (TableDef t : tables) {
      for (ColumnDef c : t.columns()) {
        for (TableDef named : tables) {
          if (named.name().equals(c.name())) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
