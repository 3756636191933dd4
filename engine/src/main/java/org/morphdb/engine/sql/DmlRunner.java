package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUpdate;
import org.morphdb.engine.Database;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.GeneratedKeys;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.sql.plan.PreparedQuery;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.SequenceValues;
import org.morphdb.engine.tx.RowCodec;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.Transaction;

/**
 * INSERT, UPDATE and DELETE. Calcite plans what the statement reads (the source of an
 * INSERT … SELECT; the rows an UPDATE or DELETE qualifies, with their row keys); the writes
 * go through {@link TableAccess} inside the transaction.
 */
final class DmlRunner {
  private final Database db;
  private final SqlEngine engine;
  private final TableAccess access;
  private final MergeRunner merge;

  DmlRunner(Database db, SqlEngine engine, TableAccess access) {
    this.db = db;
    this.engine = engine;
    this.access = access;
    this.merge = new MergeRunner(this, access);
  }

  /** What the statement writes, planned against one catalog version. */
  record DmlPlan(SqlKind kind, TableDef table, List<ColumnDef> targets, InsertValues values,
      PreparedQuery query, List<org.morphdb.engine.api.ColumnMeta> parameters, PointWrite point,
      MergeRunner.MergePlan merge) {

    DmlPlan(SqlKind kind, TableDef table, List<ColumnDef> targets, InsertValues values,
        PreparedQuery query, List<org.morphdb.engine.api.ColumnMeta> parameters, PointWrite point) {
      this(kind, table, targets, values, query, parameters, point, null);
    }
  }

  DmlPlan plan(SqlNode node, Catalog c) {
    if (node instanceof SqlInsert ins) {
      TableDef t = engine.resolveTable(c, ins.getTargetTable());
      List<ColumnDef> targets = targets(t, ins.getTargetColumnList());
      InsertValues values = InsertValues.tryFastPath(ins.getSource(), targets);
      if (values != null) {
        return new DmlPlan(SqlKind.INSERT, t, targets, values, null, values.parameters(), null);
      }
      PreparedQuery q = engine.planner().prepare(ins.getSource(), c, org.morphdb.engine.sql.plan.QueryOptions.DEFAULT);
      if (q.columns().size() != targets.size()) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT,
            "INSERT into %s names %d columns but the source has %d", t.name(), targets.size(), q.columns().size());
      }
      return new DmlPlan(SqlKind.INSERT, t, targets, null, q, q.parameters(), null);
    } else if (node instanceof SqlUpdate upd) {
      TableDef t = engine.resolveTable(c, upd.getTargetTable());
      List<ColumnDef> targets = targets(t, upd.getTargetColumnList());
      for (ColumnDef target : targets) {
        if (target.isIdentity() && target.identity().always()) {
          throw MorphException.of(ErrorCode.GENERATED_ALWAYS,
              "Column %s is GENERATED ALWAYS AS IDENTITY and cannot be updated", target.name());
        }
      }
      PointWrite point = PointWrite.update(upd, t, targets);
      if (point != null) {
        return new DmlPlan(SqlKind.UPDATE, t, targets, null, null, point.parameters(), point);
      }
      SqlNode select = DmlRewrite.updateAsSelect(upd, t, targets);
      PreparedQuery q = engine.planner().prepare(select, c, org.morphdb.engine.sql.plan.QueryOptions.ROW_KEY);
      return new DmlPlan(SqlKind.UPDATE, t, targets, null, q, q.parameters(), null);
    } else if (node instanceof SqlDelete del) {
      TableDef t = engine.resolveTable(c, del.getTargetTable());
      PointWrite point = PointWrite.delete(del, t);
      if (point != null) {
        return new DmlPlan(SqlKind.DELETE, t, List.of(), null, null, point.parameters(), point);
      }
      SqlNode select = DmlRewrite.deleteAsSelect(del);
      PreparedQuery q = engine.planner().prepare(select, c, org.morphdb.engine.sql.plan.QueryOptions.ROW_KEY);
      return new DmlPlan(SqlKind.DELETE, t, List.of(), null, q, q.parameters(), null);
    } else if (node instanceof SqlMerge merge) {
      TableDef t = engine.resolveTable(c, merge.getTargetTable());
      MergeRunner.MergePlan m = MergeRunner.plan(merge, t, c, engine);
      return new DmlPlan(SqlKind.MERGE, t, List.of(), null, m.query(), m.query().parameters(), null, m);
    }
    throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Unsupported statement: %s", node.getKind());
  }

  SequenceValues sequenceValues() { return db.sequenceValues(); }

  /** What a DML statement did: the rows it wrote, and the keys an INSERT was asked for. */
  record Result(long count, GeneratedKeys generatedKeys) {}

  Result run(Transaction tx, Node node, DmlPlan plan, List<Object> params, TxTableSource source,
      List<String> keysAsked, Catalog c) {
    ForeignKeyChecks fk = ForeignKeyChecks.of(plan.table(), c, access, engine.constraintChecker(), tx, node);
    Result result = write(tx, node, plan, params, source, keysAsked, fk);
    fk.atStatementEnd();
    return result;
  }

  private Result write(Transaction tx, Node node, DmlPlan plan, List<Object> params, TxTableSource source,
      List<String> keysAsked, ForeignKeyChecks fk) {
    if (plan.point() != null) {
      return new Result(plan.point().run(tx, node, access, engine.constraintChecker(), params, fk), null);
    }
    if (plan.merge() != null) {
      return new Result(merge.run(tx, node, plan.merge(), ParamBinder.bind(plan.parameters(), params), source, fk),
          null);
    }
    return switch (plan.kind()) {
      case INSERT -> insert(tx, node, plan, params, source, keysAsked, fk);
      case UPDATE -> new Result(update(tx, node, plan, ParamBinder.bind(plan.parameters(), params), source, fk), null);
      default -> new Result(delete(tx, node, plan, ParamBinder.bind(plan.parameters(), params), source, fk), null);
    };
  }

  private Result insert(Transaction tx, Node node, DmlPlan plan, List<Object> params, TxTableSource source,
      List<String> keysAsked, ForeignKeyChecks fk) {
    TableDef t = plan.table();
    List<Object[]> all;
    if (plan.values() != null) {
      all = plan.values().rows(params); // constants and parameters: nothing read
    } else {
      all = new ArrayList<>(); // read everything first: INSERT … SELECT may read its own table
      plan.query().execute(source, ParamBinder.bind(plan.parameters(), params)).forEachRemaining(all::add);
    }
    InsertedRows inserted = new InsertedRows(t, plan.targets(), db.sequenceValues(), keysAsked);
    for (Object[] source0 : all) {
      insertRow(tx, node, t, plan.targets(), source0, inserted, fk);
    }
    return new Result(all.size(), inserted.generatedKeys());
  }

  /** Inserts one row: the values given for {@code targets}, defaults and IDENTITY for the rest. */
  void insertRow(Transaction tx, Node node, TableDef t, List<ColumnDef> targets, Object[] values,
      InsertedRows inserted, ForeignKeyChecks fk) {
    Object[] row = defaults(t);
    boolean identityDefaulted = false;
    for (int i = 0; i < targets.size(); i++) {
      ColumnDef c = targets.get(i);
      if (values[i] == InsertValues.DEFAULT) {
        identityDefaulted |= c.isIdentity();
        continue;
      }
      row[t.columnIndex(c.id())] = Coercion.toColumn(c.type(), values[i], c.name());
    }
    inserted.generate(row, identityDefaulted);
    Object[] stored = RowCodec.fromCalciteRow(t, row);
    engine.constraintChecker().check(t, stored);
    Key key = t.hasHiddenRowId() ? Key.of(db.nextRowId(t.id())) : RowCodec.primaryKey(t, stored);
    access.insert(tx, node, t, key, stored);
    fk.parentsExist(t, stored);
    inserted.inserted(row);
  }

  /** A row of the table's column defaults (Calcite form). */
  private Object[] defaults(TableDef t) {
    Object[] row = new Object[t.columns().size()];
    for (int i = 0; i < row.length; i++) {
      ColumnDef c = t.columns().get(i);
      if (c.defaultSql() != null) {
        Object stored = c.defaultValue() != null ? c.defaultValue() : engine.dynamicDefault(t, c);
        row[i] = Values.toCalcite(c.type().kind(), stored);
      }
    }
    return row;
  }

  private long update(Transaction tx, Node node, DmlPlan plan, Object[] args, TxTableSource source,
      ForeignKeyChecks fk) {
    TableDef t = plan.table();
    int n = t.columns().size();
    List<Key> oldKeys = new ArrayList<>();
    List<Object[]> newRows = new ArrayList<>();
    access.intendToWrite(tx, node, t);
    Iterator<Object[]> it = plan.query().execute(source, args);
    while (it.hasNext()) {
      Object[] r = it.next();
      Object[] row = new Object[n];
      System.arraycopy(r, 1, row, 0, n);
      for (int i = 0; i < plan.targets().size(); i++) {
        ColumnDef c = plan.targets().get(i);
        row[t.columnIndex(c.id())] = Coercion.toColumn(c.type(), r[1 + n + i], c.name());
      }
      oldKeys.add((Key) r[0]);
      newRows.add(RowCodec.fromCalciteRow(t, row));
    }
    writeUpdates(tx, node, t, oldKeys, newRows, fk);
    return oldKeys.size();
  }

  /**
   * Writes updated rows (stored form) over the rows at {@code oldKeys}. Keys that move are
   * deleted first, then re-inserted, so shifting keys never collide.
   */
  void writeUpdates(Transaction tx, Node node, TableDef t, List<Key> oldKeys, List<Object[]> newRows,
      ForeignKeyChecks fk) {
    Set<Integer> moved = new HashSet<>();
    for (int i = 0; i < oldKeys.size(); i++) {
      engine.constraintChecker().check(t, newRows.get(i));
      if (!t.hasHiddenRowId() && !RowCodec.primaryKey(t, newRows.get(i)).equals(oldKeys.get(i))) {
        moved.add(i);
        access.delete(tx, node, t, oldKeys.get(i));
      }
    }
    for (int i = 0; i < oldKeys.size(); i++) {
      if (moved.contains(i)) {
        access.insert(tx, node, t, RowCodec.primaryKey(t, newRows.get(i)), newRows.get(i));
      } else {
        access.update(tx, node, t, oldKeys.get(i), newRows.get(i));
      }
    }
    if (t.foreignKeys().isEmpty()) {
      return;
    }
    for (int i = 0; i < oldKeys.size(); i++) {
      fk.parentsExist(t, newRows.get(i));
      if (moved.contains(i)) { // the new key is in place: children may move to it
        fk.parentKeyChanged(t, oldKeys.get(i), newRows.get(i));
      }
    }
  }

  private long delete(Transaction tx, Node node, DmlPlan plan, Object[] args, TxTableSource source,
      ForeignKeyChecks fk) {
    List<Key> keys = new ArrayList<>();
    access.intendToWrite(tx, node, plan.table());
    plan.query().execute(source, args).forEachRemaining(r -> keys.add((Key) r[0]));
    for (Key k : keys) {
      fk.parentDeleted(plan.table(), k);
      access.delete(tx, node, plan.table(), k);
    }
    return keys.size();
  }

  static List<ColumnDef> targets(TableDef t, SqlNodeList names) {
    if (names == null || names.isEmpty()) {
      return t.columns();
    }
    List<ColumnDef> out = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    for (SqlNode n : names) {
      SqlIdentifier id = (SqlIdentifier) n;
      String name = id.names.get(id.names.size() - 1);
      ColumnDef c = t.column(name).orElseThrow(() -> MorphException.of(ErrorCode.COLUMN_NOT_FOUND,
          "Column '%s' not found in table %s", name, t.name()));
      if (!seen.add(c.id())) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Column %s assigned twice", name);
      }
      out.add(c);
    }
    return out;
  }

  static boolean isValues(SqlNode n) {
    return n instanceof SqlBasicCall call && call.getKind() == SqlKind.VALUES;
  }
}
