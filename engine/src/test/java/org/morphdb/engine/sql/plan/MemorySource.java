package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;

/**
 * A TableSource over fixed rows (Calcite repr), for tests. Each stored row gets a trailing
 * row key "rk-&lt;table&gt;-&lt;n&gt;". Counts how it was called.
 */
class MemorySource implements TableSource {
  private final Catalog catalog;
  private final QueryPlanner planner;
  private final Map<Integer, List<Object[]>> rows = new HashMap<>();
  private final Map<String, List<Object[]>> system = new HashMap<>();
  int scans;
  int lookups;
  int ranges;
  /** Of {@link #ranges}, those of the primary key. */
  int keyRanges;

  MemorySource(Catalog catalog, QueryPlanner planner) {
    this.catalog = catalog;
    this.planner = planner;
  }

  /** Adds rows (values in column order) to a table. */
  MemorySource add(String table, Object[]... values) {
    TableDef t = catalog.table("PUBLIC", table).orElseThrow();
    List<Object[]> list = rows.computeIfAbsent(t.id(), k -> new ArrayList<>());
    for (Object[] v : values) {
      Object[] row = Arrays.copyOf(v, v.length + 1);
      row[v.length] = "rk-" + t.name() + "-" + list.size();
      list.add(row);
    }
    return this;
  }

  MemorySource system(String schema, String table, Object[]... values) {
    system.put(schema + "." + table, List.of(values));
    return this;
  }

  private List<Object[]> rowsOf(TableDef t) {
    return rows.getOrDefault(t.id(), List.of());
  }

  @Override
  public Iterator<Object[]> scan(TableDef table, int[] columns) {
    scans++;
    return project(copy(rowsOf(table)), columns).iterator();
  }

  @Override
  public Object[] lookup(TableDef table, Object[] primaryKey, int[] columns) {
    lookups++;
    int[] pk = table.primaryKeyPositions();
    for (Object[] r : rowsOf(table)) {
      boolean match = true;
      for (int i = 0; i < pk.length; i++) {
        match &= Objects.equals(r[pk[i]], primaryKey[i]);
      }
      if (match) {
        return project(r, columns);
      }
    }
    return null;
  }

  @Override
  public Iterator<Object[]> indexRange(TableDef table, IndexDef index, Object[] lower,
      boolean lowerInclusive, Object[] upper, boolean upperInclusive, int[] columns) {
    return range(table, index.columnIds().stream().mapToInt(table::columnIndex).toArray(), lower,
        lowerInclusive, upper, upperInclusive, columns);
  }

  @Override
  public Iterator<Object[]> keyRange(TableDef table, Object[] lower, boolean lowerInclusive, Object[] upper,
      boolean upperInclusive, int[] columns) {
    keyRanges++;
    return range(table, table.primaryKeyPositions(), lower, lowerInclusive, upper, upperInclusive, columns);
  }

  private Iterator<Object[]> range(TableDef table, int[] cols, Object[] lower,
      boolean lowerInclusive, Object[] upper, boolean upperInclusive, int[] columns) {
    ranges++;
    List<Object[]> out = new ArrayList<>();
    for (Object[] r : rowsOf(table)) {
      if (lower != null) {
        int c = comparePrefix(r, cols, lower);
        if (c < 0 || (c == 0 && !lowerInclusive)) {
          continue;
        }
      }
      if (upper != null) {
        int c = comparePrefix(r, cols, upper);
        if (c > 0 || (c == 0 && !upperInclusive)) {
          continue;
        }
      }
      out.add(r.clone());
    }
    out.sort((a, b) -> compareRows(a, b, cols));
    return project(out, columns).iterator();
  }

  @Override
  public Iterator<Object[]> systemRows(String schema, String table) {
    if (schema.equals(SystemTables.INFORMATION_SCHEMA)) {
      return planner.systemRows(catalog, schema, table).iterator();
    }
    return copy(system.getOrDefault(schema + "." + table, List.of())).iterator();
  }

  /** The values at {@code columns} of a row (a copy of the whole row when null). */
  private static Object[] project(Object[] row, int[] columns) {
    if (columns == null) {
      return row.clone();
    }
    Object[] out = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      out[i] = row[columns[i]];
    }
    return out;
  }

  private static List<Object[]> project(List<Object[]> rows, int[] columns) {
    List<Object[]> out = new ArrayList<>();
    rows.forEach(r -> out.add(project(r, columns)));
    return out;
  }

  private static List<Object[]> copy(List<Object[]> list) {
    List<Object[]> out = new ArrayList<>();
    list.forEach(r -> out.add(r.clone()));
    return out;
  }

  /** NULLs sort first, as in a storage that encodes them low. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    return Comparator.nullsFirst((Object x, Object y) -> ((Comparable) x).compareTo(y)).compare(a, b);
  }

  private static int comparePrefix(Object[] row, int[] cols, Object[] bound) {
    for (int i = 0; i < bound.length; i++) {
      int c = compare(row[cols[i]], bound[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static int compareRows(Object[] a, Object[] b, int[] cols) {
    for (int c : cols) {
      int r = compare(a[c], b[c]);
      if (r != 0) {
        return r;
      }
    }
    return 0;
  }
}
