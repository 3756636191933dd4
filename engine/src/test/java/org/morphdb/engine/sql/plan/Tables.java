package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.catalog.ViewDef;

/** Builds catalogs for tests, one table at a time. */
final class Tables {
  private final Map<Integer, TableDef> tables = new HashMap<>();
  private final Map<String, ViewDef> views = new HashMap<>();
  private int nextId = 1;
  private int version = 1;

  /** Adds a table; columns written "NAME TYPE" with an optional " NOT NULL" and " PK". */
  Tables table(String name, String... columns) {
    return table(name, List.of(), columns);
  }

  /** Adds a table with indexes written "IDX_NAME:COL1,COL2[:UNIQUE][:STATE]". */
  Tables table(String name, List<String> indexes, String... columns) {
    int tableId = nextId++;
    List<ColumnDef> cols = new ArrayList<>();
    List<Integer> pk = new ArrayList<>();
    for (String spec : columns) {
      String[] p = spec.split(" ");
      ColumnType type = type(p[1]);
      boolean notNull = spec.contains("NOT NULL") || spec.endsWith(" PK");
      ColumnDef c = new ColumnDef(nextId++, cols.size(), p[0], type,
          notNull ? ConstraintState.VALID : null, null, null, null);
      cols.add(c);
      if (spec.endsWith(" PK")) {
        pk.add(c.id());
      }
    }
    List<IndexDef> idx = new ArrayList<>();
    for (String spec : indexes) {
      String[] p = spec.split(":");
      List<Integer> ids = new ArrayList<>();
      List<Boolean> desc = new ArrayList<>();
      for (String c : p[1].split(",")) {
        ids.add(cols.stream().filter(d -> d.name().equals(c)).findFirst().orElseThrow().id());
        desc.add(false);
      }
      boolean unique = p.length > 2 && p[2].equals("UNIQUE");
      IndexState state = p.length > 3 ? IndexState.valueOf(p[3])
          : p.length > 2 && !unique ? IndexState.valueOf(p[2]) : IndexState.PUBLIC;
      idx.add(new IndexDef(nextId++, p[0], tableId, ids, desc, unique, state));
    }
    tables.put(tableId, new TableDef(tableId, "PUBLIC", name, 1, cols, pk, idx, List.of(),
        cols.size()));
    return this;
  }

  Tables view(String name, String sql, String... columnNames) {
    views.put("PUBLIC." + name, new ViewDef(nextId++, "PUBLIC", name, sql, List.of(columnNames)));
    return this;
  }

  Tables version(int v) {
    this.version = v;
    return this;
  }

  Catalog catalog() {
    return new Catalog(version, 0L, nextId, "", tables, views);
  }

  static ColumnType type(String s) {
    int paren = s.indexOf('(');
    if (paren < 0) {
      return ColumnType.of(TypeKind.valueOf(s));
    }
    TypeKind kind = TypeKind.valueOf(s.substring(0, paren));
    String[] args = s.substring(paren + 1, s.length() - 1).split(",");
    return new ColumnType(kind, Integer.parseInt(args[0]), args.length > 1 ? Integer.parseInt(args[1]) : 0);
  }

  static List<List<Object>> rows(Iterator<Object[]> it) {
    List<List<Object>> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(java.util.Arrays.asList(it.next()));
    }
    return out;
  }
}
