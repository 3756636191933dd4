package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.RowCodec;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.Transaction;

/**
 * Foreign keys at each write of one statement, under two-phase locking:
 * <ul>
 *   <li>a child row written with its key columns all set needs its parent row: looking it up
 *       takes the parent row's S lock, held to the end of the transaction, so no transaction
 *       can delete that parent before this one ends (23503 when it is missing);</li>
 *   <li>a parent row deleted (or its key moved) looks for the children that refer to it,
 *       reading the child table under its S lock (no child can be added meanwhile), and
 *       refuses (RESTRICT: 23503 at once), deletes them (CASCADE, recursively), sets their key
 *       columns to NULL or to their defaults, or (NO ACTION) looks again at the statement's
 *       end.</li>
 * </ul>
 * A reference that does not hold at the write is not an error yet: as SQL says of constraints
 * that are not deferrable, it must hold when the statement ends, so one statement may insert a
 * child before its parent (rows of a self-referencing table in any order), delete a parent and
 * then its children, or shift a parent key onto one another row held. Only the failures are
 * kept for {@link #atStatementEnd()}, so a statement whose references hold remembers nothing.
 * The rules of which keys apply come from the statement's catalog: a key added later changes
 * both tables' versions, so a transaction that wrote under the older schema cannot commit.
 */
final class ForeignKeyChecks {
  private final Catalog catalog;
  private final TableAccess access;
  private final ConstraintChecker constraints;
  private final Transaction tx;
  private final Node node;
  /** Rows deleted by a cascade of this statement: a cycle of references ends there. */
  private final Set<List<Object>> cascaded = new HashSet<>(2);
  /** References that did not hold when written, looked at again at the statement's end. */
  private final Set<Pending> pending = new LinkedHashSet<>(2);

  /** A reference of {@code key} to the parent row at {@code parentKey}, written by a child row or left by a parent's change. */
  private record Pending(ForeignKeyDef key, Key parentKey, boolean leftByParent) {}

  /**
   * The checks of a statement whose table takes part in no foreign key: every check loops over
   * that table's keys, none, and no other table is ever reached (no object per statement).
   */
  static final ForeignKeyChecks NONE = new ForeignKeyChecks(null, null, null, null, null);

  /** The checks of one statement on {@code table}. */
  static ForeignKeyChecks of(TableDef table, Catalog catalog, TableAccess access, ConstraintChecker constraints,
      Transaction tx, Node node) {
    return table.foreignKeys().isEmpty() ? NONE : new ForeignKeyChecks(catalog, access, constraints, tx, node);
  }

  private ForeignKeyChecks(Catalog catalog, TableAccess access, ConstraintChecker constraints, Transaction tx, Node node) {
    this.catalog = catalog;
    this.access = access;
    this.constraints = constraints;
    this.tx = tx;
    this.node = node;
  }

  /** A child row (stored form) is about to be written: every parent it refers to must exist. */
  void parentsExist(TableDef child, Object[] storedRow) {
    for (ForeignKeyDef key : child.foreignKeys()) {
      if (!key.isChild(child.id())) {
        continue;
      }
      Key parentKey = RowCodec.referencedKey(child, key, storedRow);
      if (parentKey != null && !parentExists(key, parentKey)) {
        pending.add(new Pending(key, parentKey, false));
      }
    }
  }

  /**
   * The statement's writes are done: every reference that did not hold when written must hold
   * now (23503 otherwise). The parent row found is S-locked, as at a write.
   */
  void atStatementEnd() {
    if (pending.isEmpty()) { // always so for NONE, which is shared: it is only read
      return;
    }
    for (Pending p : pending) {
      if (parentExists(p.key(), p.parentKey())) {
        continue;
      }
      TableDef parent = table(p.key().parentTableId());
      TableDef child = table(p.key().childTableId());
      if (!p.leftByParent()) {
        throw MorphException.of(ErrorCode.FOREIGN_KEY_VIOLATION,
            "FOREIGN KEY %s violated: %s refers to %s %s, which does not exist",
            p.key().name(), child.name(), parent.name(), p.parentKey());
      }
      List<TableAccess.Row> children = children(child, p.key(), p.parentKey());
      if (!children.isEmpty()) {
        throw referenced(p.key(), parent, p.parentKey(), children.size(), child);
      }
    }
    pending.clear();
  }

  /** Looks the parent row up under its S lock, held to the end of the transaction. */
  private boolean parentExists(ForeignKeyDef key, Key parentKey) {
    return access.lookup(tx, node, table(key.parentTableId()), parentKey) != null;
  }

  private static MorphException referenced(ForeignKeyDef key, TableDef parent, Key parentKey, int children,
      TableDef child) {
    return MorphException.of(ErrorCode.FOREIGN_KEY_VIOLATION,
        "FOREIGN KEY %s violated: %s %s is referenced by %d row(s) of %s",
        key.name(), parent.name(), parentKey, children, child.name());
  }

  /** A parent row is about to be deleted: its children are refused, deleted or updated. */
  void parentDeleted(TableDef parent, Key parentKey) {
    for (ForeignKeyDef key : parent.foreignKeys()) {
      if (key.isParent(parent.id())) {
        act(key, key.onDelete(), parent, parentKey, null);
      }
    }
  }

  /** A parent row's key is about to change from {@code oldKey} to the key of {@code newRow}. */
  void parentKeyChanged(TableDef parent, Key oldKey, Object[] newRow) {
    for (ForeignKeyDef key : parent.foreignKeys()) {
      if (key.isParent(parent.id())) {
        act(key, key.onUpdate(), parent, oldKey, newRow);
      }
    }
  }

  /** {@code newParent}: the parent row's new image when its key moves, null when it is deleted. */
  private void act(ForeignKeyDef key, ForeignKeyDef.RefAction action, TableDef parent, Key parentKey,
      Object[] newParent) {
    TableDef child = table(key.childTableId());
    List<TableAccess.Row> children = children(child, key, parentKey);
    if (children.isEmpty()) {
      return;
    }
    switch (action) {
      case CASCADE -> {
        for (TableAccess.Row r : children) {
          if (newParent == null) {
            deleteCascaded(child, r.key());
          } else {
            setColumns(child, key, r, newKeyValues(parent, child, key, newParent));
          }
        }
      }
      case SET_NULL -> children.forEach(r -> setColumns(child, key, r, new Object[key.childColumns().size()]));
      case SET_DEFAULT -> children.forEach(r -> setColumns(child, key, r, defaults(child, key)));
      case NO_ACTION -> pending.add(new Pending(key, parentKey, true));
      case RESTRICT -> throw referenced(key, parent, parentKey, children.size(), child);
    }
  }

  private void deleteCascaded(TableDef child, Key childKey) {
    if (!cascaded.add(List.of(child.id(), childKey))) {
      return;
    }
    parentDeleted(child, childKey);
    access.delete(tx, node, child, childKey);
  }

  /** The child's key columns set to {@code values} (stored form); the new row is checked again. */
  private void setColumns(TableDef child, ForeignKeyDef key, TableAccess.Row r, Object[] values) {
    Object[] row = java.util.Arrays.copyOf(r.values(), Math.max(r.values().length, child.nextSlot()));
    for (int i = 0; i < values.length; i++) {
      row[child.columnById(key.childColumns().get(i)).slot()] = values[i];
    }
    constraints.check(child, row);
    parentsExist(child, row);
    access.update(tx, node, child, r.key(), row);
  }

  /** The parent's new key values, in the child columns' stored forms. */
  private static Object[] newKeyValues(TableDef parent, TableDef child, ForeignKeyDef key, Object[] newParent) {
    Object[] values = new Object[key.childColumns().size()];
    for (int i = 0; i < values.length; i++) {
      ColumnDef from = parent.columnById(key.parentColumns().get(i));
      ColumnDef to = child.columnById(key.childColumns().get(i));
      Object calcite = Values.toCalcite(from.type().kind(), RowCodec.stored(from, newParent));
      values[i] = Values.toStored(to.type().kind(), Coercion.toColumn(to.type(), calcite, to.name()));
    }
    return values;
  }

  private static Object[] defaults(TableDef child, ForeignKeyDef key) {
    Object[] values = new Object[key.childColumns().size()];
    for (int i = 0; i < values.length; i++) {
      ColumnDef c = child.columnById(key.childColumns().get(i));
      values[i] = c.defaultValue();
    }
    return values;
  }

  /**
   * The child rows that refer to {@code parentKey}, read under the child table's S lock:
   * through a readable index that starts with the key's columns when there is one, else by
   * scanning the child table.
   */
  private List<TableAccess.Row> children(TableDef child, ForeignKeyDef key, Key parentKey) {
    List<TableAccess.Row> out = new ArrayList<>();
    IndexDef index = indexStartingWith(child, key.childColumns());
    Object[] prefix = parentKey.parts().toArray();
    Iterator<TableAccess.Row> rows = index == null ? access.scan(tx, node, child)
        : access.indexRange(tx, node, child, index, KeyRange.of(Key.lowerBound(prefix), Key.upperBound(prefix)));
    while (rows.hasNext()) {
      TableAccess.Row r = rows.next();
      if (parentKey.equals(RowCodec.referencedKey(child, key, r.values()))
          && !cascaded.contains(List.of(child.id(), r.key()))) {
        out.add(r);
      }
    }
    return out;
  }

  private static IndexDef indexStartingWith(TableDef t, List<Integer> columns) {
    for (IndexDef index : t.indexes()) {
      if (index.state() == IndexState.PUBLIC && index.columnIds().size() >= columns.size()
          && index.columnIds().subList(0, columns.size()).equals(columns)) {
        return index;
      }
    }
    return null;
  }

  private TableDef table(int id) {
    return catalog.table(id).orElseThrow(() -> MorphException.of(ErrorCode.INCOMPATIBLE_SCHEMA,
        "A table of a foreign key was dropped while the statement ran"));
  }
}
