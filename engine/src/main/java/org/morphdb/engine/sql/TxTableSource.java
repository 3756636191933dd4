package org.morphdb.engine.sql;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.morphdb.engine.Database;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.sql.plan.TableSource;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.tx.RowCodec;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.Transaction;

/**
 * The query layer's view of a transaction's tables: converts between Calcite's values and
 * stored rows and keys, and delegates to {@link TableAccess} (which locks and checks versions).
 */
final class TxTableSource implements TableSource {
  private final TableAccess access;
  private final Transaction tx;
  private final Node node;
  private final Database db;
  /** The catalog the statement was planned with: system tables and sequences are read in it. */
  private final Catalog catalog;
  /** Made on first use (most statements use neither), then kept for the statement's other rows. */
  private SequenceAccess sequences;
  private SystemRows system;

  TxTableSource(TableAccess access, Transaction tx, Node node, Database db, Catalog catalog) {
    this.access = access;
    this.tx = tx;
    this.node = node;
    this.db = db;
    this.catalog = catalog;
  }

  private SequenceAccess sequences() {
    if (sequences == null) {
      sequences = new SequenceAccess(db, catalog);
    }
    return sequences;
  }

  @Override
  public long nextValue(String qualifiedName) {
    return sequences().next(qualifiedName);
  }

  @Override
  public long currentValue(String qualifiedName) {
    return sequences().current(qualifiedName);
  }

  @Override
  public Iterator<Object[]> scan(TableDef table, int[] columns) {
    return toCalcite(table, access.scan(tx, node, table), columns);
  }

  @Override
  public Object[] lookup(TableDef table, Object[] primaryKey, int[] columns) {
    Key key = storedKey(table, table.primaryKey(), primaryKey);
    if (key == null) {
      return null;
    }
    TableAccess.Row row = access.lookup(tx, node, table, key);
    return row == null ? null : RowCodec.toCalciteRow(table, row.key(), row.stored(), columns);
  }

  @Override
  public Iterator<Object[]> indexRange(TableDef table, IndexDef index, Object[] lower, boolean lowerInclusive,
      Object[] upper, boolean upperInclusive, int[] columns) {
    KeyRange range = range(table, index.columnIds(), lower, lowerInclusive, upper, upperInclusive);
    int constrained = Math.max(lower == null ? 0 : lower.length, upper == null ? 0 : upper.length);
    Iterator<TableAccess.Row> rows = access.indexRange(tx, node, table, index, range);
    return toCalcite(table, nonNullPrefix(table, index, constrained, rows), columns);
  }

  @Override
  public Iterator<Object[]> keyRange(TableDef table, Object[] lower, boolean lowerInclusive, Object[] upper,
      boolean upperInclusive, int[] columns) {
    KeyRange range = range(table, table.primaryKey(), lower, lowerInclusive, upper, upperInclusive);
    return toCalcite(table, access.scan(tx, node, table, range), columns); // key columns are never NULL
  }

  /** The stored keys between two prefixes of the key columns' values (Calcite repr). */
  private static KeyRange range(TableDef table, List<Integer> keyColumns, Object[] lower, boolean lowerInclusive,
      Object[] upper, boolean upperInclusive) {
    Key low = lower == null ? Key.upperBound(new Object[] {null}) // NULLs never satisfy a range
        : lowerInclusive ? Key.lowerBound(stored(table, keyColumns, lower))
        : Key.upperBound(stored(table, keyColumns, lower));
    Key high = upper == null ? Key.upperBound()
        : upperInclusive ? Key.upperBound(stored(table, keyColumns, upper))
        : Key.lowerBound(stored(table, keyColumns, upper));
    return KeyRange.of(low, high);
  }

  @Override
  public Iterator<Object[]> systemRows(String schema, String table) {
    if (system == null) {
      system = new SystemRows(db, catalog);
    }
    return system.rows(schema, table);
  }

  /** Drops rows with a NULL in any of the first {@code n} index columns (a comparison never matches NULL). */
  private static Iterator<TableAccess.Row> nonNullPrefix(TableDef table, IndexDef index, int n,
      Iterator<TableAccess.Row> rows) {
    if (n <= 1) {
      return rows; // the key range itself excludes NULLs in the first column
    }
    return new Iterator<>() {
      TableAccess.Row next = advance();

      private TableAccess.Row advance() {
        outer:
        while (rows.hasNext()) {
          TableAccess.Row r = rows.next();
          for (int i = 0; i < n; i++) {
            if (RowCodec.stored(table.columnById(index.columnIds().get(i)), r.stored()) == null) {
              continue outer;
            }
          }
          return r;
        }
        return null;
      }

      @Override
      public boolean hasNext() { return next != null; }

      @Override
      public TableAccess.Row next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        TableAccess.Row r = next;
        next = advance();
        return r;
      }
    };
  }

  private static Object[] stored(TableDef table, List<Integer> keyColumns, Object[] calcite) {
    Object[] out = new Object[calcite.length];
    for (int i = 0; i < calcite.length; i++) {
      ColumnDef c = table.columnById(keyColumns.get(i));
      out[i] = Values.toStored(c.type().kind(), calcite[i]);
    }
    return out;
  }

  /** The stored key of primary-key values; null when a value is NULL (no row has it). */
  static Key storedKey(TableDef table, List<Integer> columnIds, Object[] calcite) {
    Object[] parts = new Object[calcite.length];
    for (int i = 0; i < calcite.length; i++) {
      if (calcite[i] == null) {
        return null;
      }
      parts[i] = Values.toStored(table.columnById(columnIds.get(i)).type().kind(), calcite[i]);
    }
    return Key.of(parts);
  }

  private static Iterator<Object[]> toCalcite(TableDef table, Iterator<TableAccess.Row> rows,
      int[] columns) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() { return rows.hasNext(); }

      @Override
      public Object[] next() {
        TableAccess.Row r = rows.next();
        return RowCodec.toCalciteRow(table, r.key(), r.stored(), columns);
      }
    };
  }
}
