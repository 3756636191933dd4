package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.List;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.GeneratedKeys;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.storage.SequenceValues;

/**
 * What an INSERT does to each row beyond assigning the values given: the IDENTITY column's
 * value, and the generated keys the client asked for.
 *
 * <p>IDENTITY: a row that gives no value (the column left out, DEFAULT, or NULL) takes the
 * generator's next value. GENERATED ALWAYS refuses a value (428C9). BY DEFAULT takes it, and
 * moves the generator past it, so that rows loaded with explicit ids (a migration's seed
 * data) are not run into by the next generated value, as MySQL and SQLite do.
 */
final class InsertedRows {
  private final TableDef table;
  private final SequenceValues sequences;
  private final int identityIndex;
  private final boolean identityGiven;
  private final List<ColumnDef> keyColumns;
  private final List<Object[]> keys;

  /**
   * @param targets   the columns the INSERT names
   * @param keysAsked null when no generated keys were asked for; empty for the IDENTITY
   *                  column, else the primary key; else these column names
   */
  InsertedRows(TableDef table, List<ColumnDef> targets, SequenceValues sequences, List<String> keysAsked) {
    this.table = table;
    this.sequences = sequences;
    int identity = -1;
    for (int i = 0; i < table.columns().size(); i++) {
      if (table.columns().get(i).isIdentity()) {
        identity = i;
      }
    }
    this.identityIndex = identity;
    this.identityGiven = identity >= 0 && targets.stream().anyMatch(c -> c.isIdentity());
    this.keyColumns = keysAsked == null ? null : keyColumns(table, keysAsked, identity);
    this.keys = keysAsked == null ? null : new ArrayList<>();
  }

  /** Fills in the IDENTITY value of a row (Calcite form); {@code defaulted} when DEFAULT was written. */
  void generate(Object[] row, boolean defaulted) {
    if (identityIndex < 0) {
      return;
    }
    ColumnDef c = table.columns().get(identityIndex);
    Object given = identityGiven && !defaulted ? row[identityIndex] : null;
    if (given == null) {
      long next = sequences.next(c.identity().sequence());
      row[identityIndex] = Coercion.toColumn(c.type(), next, c.name());
    } else if (c.identity().always()) {
      throw MorphException.of(ErrorCode.GENERATED_ALWAYS,
          "Column %s is GENERATED ALWAYS AS IDENTITY: leave it out or write DEFAULT", c.name());
    } else {
      sequences.advancePast(c.identity().sequence(), ((Number) given).longValue());
    }
  }

  /** Remembers the asked-for key values of a row as inserted (Calcite form). */
  void inserted(Object[] row) {
    if (keys == null) {
      return;
    }
    Object[] k = new Object[keyColumns.size()];
    for (int i = 0; i < k.length; i++) {
      ColumnDef c = keyColumns.get(i);
      k[i] = Values.toApi(c.type().kind(), row[table.columnIndex(c.id())]);
    }
    keys.add(k);
  }

  /** The keys for the response, or null when none were asked for. */
  GeneratedKeys generatedKeys() {
    if (keys == null) {
      return null;
    }
    List<ColumnMeta> metas = keyColumns.stream().map(c -> PointAccess.meta(c, table)).toList();
    return new GeneratedKeys(metas, keys);
  }

  /** The columns an INSERT ... RETURNING answers with ({@code *}: all of them). */
  static List<ColumnMeta> columns(TableDef t, List<String> asked) {
    return keyColumns(t, asked, -1).stream().map(c -> PointAccess.meta(c, t)).toList();
  }

  /** Whether the INSERT gives the IDENTITY column a value in its column list. */
  boolean identityGiven() { return identityGiven; }

  private static ColumnDef columnAt(TableDef t, String hashIndex) {
    int n;
    try {
      n = Integer.parseInt(hashIndex.substring(1));
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > t.columns().size()) {
      throw MorphException.of(ErrorCode.COLUMN_NOT_FOUND,
          "Generated key column index %s is not between 1 and %d", hashIndex.substring(1), t.columns().size());
    }
    return t.columns().get(n - 1);
  }

  private static List<ColumnDef> keyColumns(TableDef t, List<String> asked, int identity) {
    if (asked.isEmpty()) {
      return identity >= 0 ? List.of(t.columns().get(identity))
          : t.primaryKey().stream().map(t::columnById).toList();
    }
    List<ColumnDef> out = new ArrayList<>();
    for (String name : asked) {
      if (name.equals("*")) { // RETURNING *
        out.addAll(t.columns());
        continue;
      }
      if (name.startsWith("#")) { // JDBC's column indexes: the table's n-th column, from 1
        out.add(columnAt(t, name));
        continue;
      }
      ColumnDef c = t.column(name).or(() -> t.columns().stream()
              .filter(col -> col.name().equalsIgnoreCase(name)).findFirst())
          .orElseThrow(() -> MorphException.of(ErrorCode.COLUMN_NOT_FOUND,
              "Generated key column '%s' not found in table %s", name, t.name()));
      out.add(c);
    }
    return out;
  }
}
