package org.morphdb.engine.sql.plan;

import java.util.Iterator;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;

/**
 * Where a running query reads rows: supplied by the transaction layer for each execution and
 * reached by the generated code through Calcite's {@code DataContext} (never a static).
 *
 * <p>Rows are {@code Object[]} in Calcite's representation ({@code Values.toCalcite}), one value
 * per column of {@link TableDef#columns()} in order, plus one trailing element: an opaque row
 * key, exposed to DML plans as the {@code $ROWKEY} column. Every call may be made several times
 * per execution (the inner side of a nested-loop join is re-read), and each call must return a
 * fresh iterator.
 *
 * <p><b>Projection.</b> Each row method takes {@code columns}: null for the whole row as above,
 * or the positions the caller reads (in {@link TableDef#columns()} order, the row key being
 * position {@code columns().size()}); the rows then hold exactly those values, in that order.
 * A source converts only what is read: each stored value converted is a memory access and
 * often a new box, per row.
 */
public interface TableSource {

  /** Every visible row of the table, projected on {@code columns} (null: all). */
  Iterator<Object[]> scan(TableDef table, int[] columns);

  /**
   * The row with this primary key (Calcite repr, primary-key column order), projected on
   * {@code columns} (null: all), or null.
   */
  Object[] lookup(TableDef table, Object[] primaryKey, int[] columns);

  /**
   * Rows whose index key lies within the bounds, in index order. A bound is a prefix of index
   * column values (Calcite repr); {@code null} means unbounded. Prefix comparison: a lower
   * bound {@code [5]} inclusive admits every key starting with 5, exclusive admits only keys
   * after every key starting with 5; upper bounds likewise. Bounds never contain NULL values.
   * Rows are projected on {@code columns} (null: all).
   */
  Iterator<Object[]> indexRange(TableDef table, IndexDef index, Object[] lower,
      boolean lowerInclusive, Object[] upper, boolean upperInclusive, int[] columns);

  /**
   * Rows whose primary key lies within the bounds, in key order: the bounds are prefixes of
   * primary-key column values, compared as in {@link #indexRange}. Only for a table with a
   * declared primary key (its rows are stored in key order).
   */
  Iterator<Object[]> keyRange(TableDef table, Object[] lower, boolean lowerInclusive, Object[] upper,
      boolean upperInclusive, int[] columns);

  /** Rows of a system table ({@code INFORMATION_SCHEMA.*}, {@code SYS.*}), Calcite repr. */
  Iterator<Object[]> systemRows(String schema, String table);

  /** NEXT VALUE FOR the sequence named {@code qualifiedName} ({@code SCHEMA.NAME}). */
  default long nextValue(String qualifiedName) {
    throw org.morphdb.engine.api.MorphException.of(org.morphdb.engine.api.ErrorCode.FEATURE_NOT_SUPPORTED,
        "Sequence %s cannot be read here (a DEFAULT is evaluated once, when declared): use an IDENTITY column",
        qualifiedName);
  }

  /** CURRENT VALUE FOR the sequence: the value it handed out last. */
  default long currentValue(String qualifiedName) {
    return nextValue(qualifiedName);
  }
}
