package org.morphdb.engine.sql.plan;

import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.function.Supplier;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;

/**
 * What one leaf of a plan reads, and how: stashed in the generated code's DataContext by the
 * Morph scan rels and called at run time. Rows handed on have exactly the scan's fields (the
 * row key is dropped unless exposed; a projection picks columns).
 */
public final class ScanSpec {
  /** DataContext entry holding the execution's {@link TableSource}. */
  public static final String SOURCE = "morph.source";

  private final TableDef table;
  private final String systemSchema;
  private final String systemTable;
  private final int[] columns;
  private final int width;
  private final IndexDef index;
  private final TypeKind[] keyKinds;
  private final boolean lowerInclusive;
  private final boolean upperInclusive;

  private ScanSpec(TableDef table, String systemSchema, String systemTable, int[] columns, int width,
      IndexDef index, TypeKind[] keyKinds, boolean lowerInclusive, boolean upperInclusive) {
    this.table = table;
    this.systemSchema = systemSchema;
    this.systemTable = systemTable;
    this.columns = columns;
    this.width = width;
    this.index = index;
    this.keyKinds = keyKinds;
    this.lowerInclusive = lowerInclusive;
    this.upperInclusive = upperInclusive;
  }

  /** Full scan or primary-key lookup ({@code keyKinds} = kinds of the key columns). */
  static ScanSpec ofTable(TableDef table, int[] columns, int width, TypeKind[] keyKinds) {
    return new ScanSpec(table, null, null, columns, width, null, keyKinds, true, true);
  }

  /** A range of {@code index}, or of the primary key when {@code index} is null. */
  static ScanSpec ofIndex(TableDef table, int[] columns, int width, IndexDef index,
      TypeKind[] keyKinds, boolean lowerInclusive, boolean upperInclusive) {
    return new ScanSpec(table, null, null, columns, width, index, keyKinds, lowerInclusive,
        upperInclusive);
  }

  static ScanSpec ofSystem(String schema, String name, int width) {
    return new ScanSpec(null, schema, name, null, width, null, null, true, true);
  }

  public Enumerable<Object> scan(DataContext root) {
    TableSource source = source(root);
    return rows(() -> source.scan(table, columns));
  }

  public Enumerable<Object> system(DataContext root) {
    TableSource source = source(root);
    return rows(() -> source.systemRows(systemSchema, systemTable));
  }

  /** The row whose primary key equals {@code key} (values of any comparable type). */
  public Enumerable<Object> lookup(DataContext root, Object[] key) {
    Object[] k = new Object[key.length];
    for (int i = 0; i < key.length; i++) {
      if (key[i] == null) {
        return Linq4j.emptyEnumerable();
      }
      k[i] = Coercions.key(keyKinds[i], key[i]);
      if (k[i] == Coercions.BELOW || k[i] == Coercions.ABOVE) {
        return Linq4j.emptyEnumerable();
      }
    }
    TableSource source = source(root);
    return rows(() -> {
      Object[] row = source.lookup(table, k, columns);
      return row == null ? Collections.emptyIterator() : Collections.singletonList(row).iterator();
    });
  }

  /**
   * Rows whose leading key columns (the index's, or the primary key's when the spec has no
   * index) equal {@code eq}, and whose next column lies between
   * {@code low} and {@code high} (each {@link #NONE} when absent).
   */
  public Enumerable<Object> range(DataContext root, Object[] eq, Object low, Object high) {
    Object[] prefix = new Object[eq.length];
    for (int i = 0; i < eq.length; i++) {
      prefix[i] = eq[i] == null ? null : Coercions.key(keyKinds[i], eq[i]);
      if (prefix[i] == null || prefix[i] == Coercions.BELOW || prefix[i] == Coercions.ABOVE) {
        return Linq4j.emptyEnumerable();
      }
    }
    Object lo = bound(eq.length, low);
    Object hi = bound(eq.length, high);
    if (lo == null || hi == null || lo == Coercions.ABOVE || hi == Coercions.BELOW) {
      return Linq4j.emptyEnumerable();
    }
    Object[] lower = extend(prefix, lo == NONE || lo == Coercions.BELOW ? NONE : lo);
    Object[] upper = extend(prefix, hi == NONE || hi == Coercions.ABOVE ? NONE : hi);
    boolean loInc = lower.length == prefix.length || lowerInclusive;
    boolean hiInc = upper.length == prefix.length || upperInclusive;
    TableSource source = source(root);
    Object[] from = lower.length == 0 ? null : lower;
    Object[] to = upper.length == 0 ? null : upper;
    return rows(index == null ? () -> source.keyRange(table, from, loInc, to, hiInc, columns)
        : () -> source.indexRange(table, index, from, loInc, to, hiInc, columns));
  }

  /** Marks an absent range bound in generated code. */
  public static final Object NONE = new Object() {
    @Override
    public String toString() {
      return "NONE";
    }
  };

  private Object bound(int column, Object v) {
    if (v == NONE || v == null) {
      return v;
    }
    return Coercions.key(keyKinds[column], v);
  }

  private static Object[] extend(Object[] prefix, Object last) {
    if (last == NONE) {
      return prefix;
    }
    Object[] a = Arrays.copyOf(prefix, prefix.length + 1);
    a[prefix.length] = last;
    return a;
  }

  private static TableSource source(DataContext root) {
    Object s = root.get(SOURCE);
    if (s == null) {
      throw new IllegalStateException("no TableSource in the DataContext");
    }
    return (TableSource) s;
  }

  private Enumerable<Object> rows(Supplier<Iterator<Object[]>> open) {
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<Object> enumerator() {
        return new RowEnumerator(open.get());
      }
    };
  }

  /** Whether rows are handed on as bare values. */
  boolean scalar() {
    return columns == null ? width == 1 : columns.length == 1;
  }

  /** A row of the source as this leaf hands it on (the source projected it already). */
  Object shape(Object[] row) {
    if (scalar()) {
      return row[0];
    }
    if (columns == null) {
      return row.length == width ? row : Arrays.copyOf(row, width);
    }
    return row;
  }

  /** Iterates a TableSource iterator, shaping each row. */
  private final class RowEnumerator implements Enumerator<Object> {
    private final Iterator<Object[]> it;
    private Object current;

    RowEnumerator(Iterator<Object[]> it) {
      this.it = it;
    }

    @Override
    public Object current() {
      return current;
    }

    @Override
    public boolean moveNext() {
      if (!it.hasNext()) {
        return false;
      }
      current = shape(it.next());
      return true;
    }

    @Override
    public void reset() {
      throw new UnsupportedOperationException("reset");
    }

    @Override
    public void close() {
      if (it instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      }
    }
  }
}
