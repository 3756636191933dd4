package org.morphdb.engine.tx;

import java.util.Arrays;
import java.util.List;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;

/**
 * The F1 key/value model of DESIGN.md for one table: a stored row is an {@code Object[]}
 * indexed by column slot (values in stored form), kept in the store packed ({@link
 * PackedRows}); its row KV is keyed by the primary key (or a hidden row id); each secondary
 * index adds one index KV per row. Methods taking an {@code Object storedRow} accept either
 * form.
 */
public final class RowCodec {
  private RowCodec() {}

  /** Row key of a stored row of a table with a declared primary key. */
  public static Key primaryKey(TableDef table, Object[] storedRow) {
    List<Integer> pk = table.primaryKey();
    Object[] parts = new Object[pk.size()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = storedRow[table.columnById(pk.get(i)).slot()];
    }
    return Key.of(parts);
  }

  /**
   * The parent's primary key a child row refers to through a foreign key, or null when one
   * of its columns is NULL (such a row refers to nothing, as SQL's MATCH SIMPLE says).
   */
  public static Key referencedKey(TableDef child, org.morphdb.engine.catalog.ForeignKeyDef key, Object[] storedRow) {
    Object[] parts = new Object[key.childColumns().size()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = stored(child.columnById(key.childColumns().get(i)), storedRow);
      if (parts[i] == null) {
        return null;
      }
    }
    return Key.of(parts);
  }

  /** The stored value of a column in a stored row; rows written before the column existed read its initial default. */
  public static Object stored(ColumnDef column, Object[] storedRow) {
    int slot = column.slot();
    return slot < storedRow.length ? storedRow[slot] : column.initialDefault();
  }

  /** As {@link #stored(ColumnDef, Object[])}, of a row in either form. */
  public static Object stored(ColumnDef column, Object storedRow) {
    if (storedRow instanceof Object[] row) {
      return stored(column, row);
    }
    Object v = PackedRows.slot(storedRow, column.slot());
    return v == PackedRows.ABSENT ? column.initialDefault() : v;
  }

  /**
   * A row as the query layer sees it: one Calcite-form value per visible column, plus the
   * row key as a trailing element (for UPDATE and DELETE).
   */
  public static Object[] toCalciteRow(TableDef table, Key rowKey, Object storedRow) {
    Object[] row = PackedRows.unpack(storedRow);
    List<ColumnDef> columns = table.columns();
    Object[] out = new Object[columns.size() + 1];
    for (int i = 0; i < columns.size(); i++) {
      ColumnDef c = columns.get(i);
      out[i] = Values.toCalcite(c.type().kind(), stored(c, row));
    }
    out[columns.size()] = rowKey;
    return out;
  }

  /**
   * {@link #toCalciteRow(TableDef, Key, Object)} projected: the values at {@code positions}
   * (the row key being position {@code table.columns().size()}), converting only those;
   * null positions mean the whole row. A packed row is unpacked at once when most of it is
   * read, else each value is read where it lies.
   */
  public static Object[] toCalciteRow(TableDef table, Key rowKey, Object storedRow, int[] positions) {
    if (positions == null) {
      return toCalciteRow(table, rowKey, storedRow);
    }
    List<ColumnDef> columns = table.columns();
    Object row = storedRow instanceof byte[] && 2 * positions.length > columns.size()
        ? PackedRows.unpack(storedRow) : storedRow;
    Object[] out = new Object[positions.length];
    for (int i = 0; i < positions.length; i++) {
      int p = positions[i];
      if (p == columns.size()) {
        out[i] = rowKey;
      } else {
        ColumnDef c = columns.get(p);
        out[i] = Values.toCalcite(c.type().kind(), stored(c, row));
      }
    }
    return out;
  }

  /** A stored row from one Calcite-form value per visible column (extra trailing values ignored). */
  public static Object[] fromCalciteRow(TableDef table, Object[] calciteRow) {
    Object[] stored = new Object[table.nextSlot()];
    List<ColumnDef> columns = table.columns();
    for (int i = 0; i < columns.size(); i++) {
      ColumnDef c = columns.get(i);
      stored[c.slot()] = Values.toStored(c.type().kind(), calciteRow[i]);
    }
    return stored;
  }

  /** Values of the index columns of a stored row (stored form). */
  public static Object[] indexValues(TableDef table, IndexDef index, Object storedRow) {
    List<Integer> cols = index.columnIds();
    Object[] values = new Object[cols.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = stored(table.columnById(cols.get(i)), storedRow);
    }
    return values;
  }

  /**
   * The index KV key of a row: (index values, row key parts); for a UNIQUE index whose
   * values are all non-NULL, the values alone (so two writers of one value meet on one key).
   */
  public static Key indexKey(TableDef table, IndexDef index, Object storedRow, Key rowKey) {
    List<Integer> cols = index.columnIds();
    int n = cols.size();
    Object[] parts = new Object[n + rowKey.size()];
    for (int i = 0; i < n; i++) {
      parts[i] = stored(table.columnById(cols.get(i)), storedRow);
    }
    return indexKey(index, parts, n, rowKey);
  }

  /**
   * As {@link #indexKey(TableDef, IndexDef, Object, Key)}, with the index's columns looked
   * up once by the caller ({@code columns[i]} is the column of the index's i-th column id): the
   * backfill builds millions of keys of one index.
   */
  public static Key indexKey(ColumnDef[] columns, IndexDef index, Object storedRow, Key rowKey) {
    Object[] parts = new Object[columns.length + rowKey.size()];
    putColumns(columns, storedRow, parts);
    return indexKey(index, parts, columns.length, rowKey);
  }

  /**
   * The parts of a plain (not UNIQUE) index's key of a row, not yet normalized, into {@code
   * parts} (the index's columns' count plus the row key's): for the backfill, which adds them
   * to a run without making a key per row.
   */
  public static void plainIndexParts(ColumnDef[] columns, Object storedRow, Key rowKey, Object[] parts) {
    putColumns(columns, storedRow, parts);
    putRowKey(rowKey, parts, columns.length);
  }

  private static void putColumns(ColumnDef[] columns, Object storedRow, Object[] parts) {
    for (int i = 0; i < columns.length; i++) {
      parts[i] = stored(columns[i], storedRow);
    }
  }

  /** The row key's parts into {@code parts} from {@code n} on. */
  private static void putRowKey(Key rowKey, Object[] parts, int n) {
    for (int i = n; i < parts.length; i++) {
      parts[i] = rowKey.part(i - n);
    }
  }

  private static Key indexKey(IndexDef index, Object[] parts, int n, Key rowKey) {
    if (index.unique() && noNulls(parts, n)) {
      return Key.of(Arrays.copyOf(parts, n));
    }
    putRowKey(rowKey, parts, n);
    return Key.ofOwned(parts);
  }

  /** True when this index key is a UNIQUE value key (whose KV value is the owning row key). */
  public static boolean isUniqueValueKey(IndexDef index, Key indexKey) {
    return index.unique() && indexKey.size() == index.columnIds().size();
  }

  /**
   * The value stored under an index key: the row key. A UNIQUE value key needs it (its key
   * lacks the primary key); a plain index key holds the primary key too, but an index scan
   * that finds the very key object the table's hash map holds (the backfill and inserts store
   * that one) looks the row up without building a key, hashing it or comparing its parts.
   */
  public static Object indexValue(IndexDef index, Key indexKey, Key rowKey) {
    return rowKey;
  }

  /** The row key an index entry points to (the entry's key is read only if its value is not one). */
  public static Key rowKeyOfIndexEntry(IndexDef index, Entry entry) {
    if (entry.value() instanceof Key k) {
      return k;
    }
    return entry.key().suffix(index.columnIds().size());
  }

  static boolean noNulls(Object[] values) {
    return noNulls(values, values.length);
  }

  private static boolean noNulls(Object[] values, int n) {
    for (int i = 0; i < n; i++) {
      if (values[i] == null) {
        return false;
      }
    }
    return true;
  }
}
