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
   * The slotted form of a key made by {@link LiteralLifter} (identifiers double-quoted, string
   * literals single-quoted), or null when the statement names no table or a name is ambiguous.
   */
  static TableSlots of(String key, Catalog catalog) {
    StringBuilder out = new StringBuilder(key.length());
    List<String> names = new ArrayList<>();
    List<TableDef> tables = new ArrayList<>();
    int i = 0;
    while (i < key.length()) {
      char c = key.charAt(i);
      if (c == SLOT) {
        return null; // not a key we made
      }
      if (c == '\'') {
        int end = closing(key, i, '\'');
        out.append(key, i, end);
        i = end;
      } else if (c == '"') {
        int end = closing(key, i, '"');
        String name = key.substring(i + 1, end - 1).replace("\"\"", "\"");
        if (SYSTEM_SCHEMAS.contains(name) || isView(catalog, name)) {
          return null;
        }
        Optional<TableDef> table = catalog.table(Catalog.DEFAULT_SCHEMA, name);
        if (table.isPresent()) {
          if (inOtherSchema(catalog, name)) {
            return null;
          }
          int slot = names.indexOf(name);
          if (slot < 0) {
            slot = names.size();
            names.add(name);
            tables.add(table.get());
          }
          out.append(SLOT).append(slot).append(SLOT);
        } else {
          out.append(key, i, end);
        }
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    if (tables.isEmpty() || namesAColumn(tables)) {
      return null;
    }
    return new TableSlots(out.toString(), List.copyOf(tables));
  }

  /** Index just after the quote that closes the quoted text starting at {@code start}. */
  private static int closing(String s, int start, char quote) {
    int i = start + 1;
    while (i < s.length()) {
      if (s.charAt(i) == quote) {
        if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
          i += 2; // doubled quote: part of the text
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return s.length();
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
