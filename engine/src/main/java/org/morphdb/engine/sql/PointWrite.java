package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.type.SqlTypeName;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.Transaction;

/**
 * The fast path of single-row writes by primary key: {@code UPDATE t SET c = <literal|?>, …
 * WHERE pk = …} (not changing the key) and {@code DELETE FROM t WHERE pk = …}. No planner:
 * one key lookup and one buffered write.
 */
final class PointWrite {
  private final PointAccess key;
  private final List<ColumnDef> targets;
  private final Object[] setItems;
  private final List<ColumnMeta> parameters;

  private PointWrite(PointAccess key, List<ColumnDef> targets, Object[] setItems, List<ColumnMeta> parameters) {
    this.key = key;
    this.targets = targets;
    this.setItems = setItems;
    this.parameters = parameters;
  }

  List<ColumnMeta> parameters() { return parameters; }

  static PointWrite update(SqlUpdate upd, TableDef t, List<ColumnDef> targets) {
    if (!(upd.getTargetTable() instanceof SqlIdentifier from) || upd.getAlias() != null) {
      return null;
    }
    PointAccess key = PointAccess.of(t, from, upd.getCondition(), new int[0]);
    if (key == null) {
      return null;
    }
    List<SqlNode> exprs = upd.getSourceExpressionList().getList();
    Object[] items = new Object[exprs.size()];
    List<ColumnMeta> params = new ArrayList<>();
    for (int i = 0; i < items.length; i++) {
      ColumnDef c = targets.get(i);
      if (t.primaryKey().contains(c.id())) {
        return null; // a moving key goes the general way
      }
      SqlNode e = exprs.get(i);
      if (e instanceof SqlDynamicParam p) {
        items[i] = new PointAccess.Param(p.getIndex());
        set(params, p.getIndex(), PointAccess.meta(c, t));
      } else if (e instanceof SqlLiteral lit && lit.getTypeName() == SqlTypeName.NULL) {
        items[i] = null;
      } else {
        Object v = PointAccess.value(e);
        if (v == null || v instanceof PointAccess.Param) {
          return null;
        }
        items[i] = v;
      }
    }
    return withKeyParams(new PointWrite(key, targets, items, params));
  }

  static PointWrite delete(SqlDelete del, TableDef t) {
    if (!(del.getTargetTable() instanceof SqlIdentifier from) || del.getAlias() != null) {
      return null;
    }
    PointAccess key = PointAccess.of(t, from, del.getCondition(), new int[0]);
    return key == null ? null : withKeyParams(new PointWrite(key, List.of(), new Object[0], new ArrayList<>()));
  }

  private static PointWrite withKeyParams(PointWrite w) {
    for (int i = 0; i < w.key.parameters().size(); i++) {
      ColumnMeta m = w.key.parameter(i);
      if (m != null) {
        set(w.parameters, i, m);
      }
    }
    return w.parameters.contains(null) ? null : w;
  }

  private static void set(List<ColumnMeta> params, int index, ColumnMeta meta) {
    while (params.size() <= index) {
      params.add(null);
    }
    params.set(index, meta);
  }

  long run(Transaction tx, Node node, TableAccess access, ConstraintChecker constraints, List<Object> args,
      ForeignKeyChecks fk) {
    if (args.size() != parameters.size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "The statement has %d parameters but %d values were given", parameters.size(), args.size());
    }
    TableDef t = key.table();
    Key k = key.key(args);
    TableAccess.Row row = k == null ? null : access.lookupForWrite(tx, node, t, k);
    if (row == null) {
      return 0;
    }
    k = row.key(); // the table's own key object (TableAccess.lookup): index entries share it
    if (targets.isEmpty()) {
      fk.parentDeleted(t, k);
      access.delete(tx, node, t, k);
      return 1;
    }
    Object[] old = row.values();
    Object[] stored = java.util.Arrays.copyOf(old, Math.max(old.length, t.nextSlot()));
    for (ColumnDef c : t.columns()) {
      if (c.slot() >= old.length) {
        stored[c.slot()] = c.initialDefault(); // the row was stored before the column was added
      }
    }
    for (int i = 0; i < targets.size(); i++) {
      ColumnDef c = targets.get(i);
      Object v = setItems[i] instanceof PointAccess.Param p ? args.get(p.index()) : setItems[i];
      Object calcite = Coercion.toColumn(c.type(), v, c.name());
      stored[c.slot()] = org.morphdb.engine.catalog.Values.toStored(c.type().kind(), calcite);
    }
    constraints.check(t, stored);
    access.update(tx, node, t, k, stored);
    fk.parentsExist(t, stored);
    return 1;
  }
}
