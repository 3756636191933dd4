package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.sql.plan.PreparedQuery;
import org.morphdb.engine.sql.plan.QueryOptions;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.tx.RowCodec;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.Transaction;

/**
 * {@code MERGE INTO t USING s ON c WHEN MATCHED THEN UPDATE SET ... WHEN NOT MATCHED THEN
 * INSERT ... VALUES ...} as one query and the writes it decides:
 * {@code SELECT t."$ROWKEY", t.<every column>, <SET expressions>, <VALUES items>
 * FROM s LEFT JOIN t ON c}. A source row with a target row key updates that row; one without
 * inserts. A target row matched by two source rows is an error (21000), as SQL says. The
 * update count is the rows updated plus the rows inserted.
 */
final class MergeRunner {
  private static final SqlParserPos POS = SqlParserPos.ZERO;

  /** A planned MERGE: the query, and which of its columns hold what. */
  record MergePlan(TableDef table, PreparedQuery query, List<ColumnDef> updateTargets,
      List<ColumnDef> insertTargets) {}

  private final DmlRunner dml;
  private final TableAccess access;

  MergeRunner(DmlRunner dml, TableAccess access) {
    this.dml = dml;
    this.access = access;
  }

  static MergePlan plan(SqlMerge merge, TableDef t, Catalog c, SqlEngine engine) {
    SqlIdentifier targetName = merge.getAlias() != null ? merge.getAlias()
        : new SqlIdentifier(t.name(), POS);
    SqlUpdate update = merge.getUpdateCall();
    SqlInsert insert = merge.getInsertCall();
    List<ColumnDef> updateTargets = update == null ? List.of() : DmlRunner.targets(t, update.getTargetColumnList());
    List<ColumnDef> insertTargets = insert == null ? List.of() : DmlRunner.targets(t, insert.getTargetColumnList());
    for (ColumnDef target : updateTargets) {
      if (target.isIdentity() && target.identity().always()) {
        throw MorphException.of(ErrorCode.GENERATED_ALWAYS,
            "Column %s is GENERATED ALWAYS AS IDENTITY and cannot be updated", target.name());
      }
    }
    List<SqlNode> items = new ArrayList<>();
    items.add(qualified(targetName, DmlRewrite.ROW_KEY));
    for (ColumnDef col : t.columns()) {
      items.add(qualified(targetName, col.name()));
    }
    if (update != null) {
      addTyped(items, update.getSourceExpressionList().getList(), updateTargets);
    }
    if (insert != null) {
      addTyped(items, insertValues(insert, insertTargets.size()), insertTargets);
    }
    SqlNode target = SqlStdOperatorTable.AS.createCall(POS, merge.getTargetTable(), targetName);
    SqlJoin join = new SqlJoin(POS, merge.getSourceTableRef(), SqlLiteral.createBoolean(false, POS),
        JoinType.LEFT.symbol(POS), target, JoinConditionType.ON.symbol(POS), merge.getCondition());
    SqlSelect select = new SqlSelect(POS, null, new SqlNodeList(items, POS), join, null, null, null,
        null, null, null, null, null);
    PreparedQuery q = engine.planner().prepare(select, c, QueryOptions.ROW_KEY);
    return new MergePlan(t, q, updateTargets, insertTargets);
  }

  long run(Transaction tx, Node node, MergePlan plan, Object[] args, TxTableSource source, ForeignKeyChecks fk) {
    TableDef t = plan.table();
    int n = t.columns().size();
    int updateAt = 1 + n;
    int insertAt = updateAt + plan.updateTargets().size();
    access.intendToWrite(tx, node, t);
    List<Object[]> all = new ArrayList<>();
    plan.query().execute(source, args).forEachRemaining(all::add); // read all, then write
    List<Key> updatedKeys = new ArrayList<>();
    List<Object[]> updatedRows = new ArrayList<>();
    List<Object[]> inserts = new ArrayList<>();
    Set<Key> matched = new HashSet<>();
    for (Object[] r : all) {
      if (r[0] != null) {
        if (!matched.add((Key) r[0])) {
          throw MorphException.of(ErrorCode.CARDINALITY_VIOLATION,
              "MERGE: a row of %s is matched by more than one source row", t.name());
        }
        if (plan.updateTargets().isEmpty()) {
          continue; // WHEN MATCHED is not given: a matched row is left alone
        }
        Object[] row = new Object[n];
        System.arraycopy(r, 1, row, 0, n);
        for (int i = 0; i < plan.updateTargets().size(); i++) {
          ColumnDef c = plan.updateTargets().get(i);
          row[t.columnIndex(c.id())] = Coercion.toColumn(c.type(), r[updateAt + i], c.name());
        }
        updatedKeys.add((Key) r[0]);
        updatedRows.add(RowCodec.fromCalciteRow(t, row));
      } else if (!plan.insertTargets().isEmpty()) {
        Object[] values = new Object[plan.insertTargets().size()];
        System.arraycopy(r, insertAt, values, 0, values.length);
        inserts.add(values);
      }
    }
    dml.writeUpdates(tx, node, t, updatedKeys, updatedRows, fk);
    InsertedRows inserted = new InsertedRows(t, plan.insertTargets(), dml.sequenceValues(), null);
    for (Object[] values : inserts) {
      dml.insertRow(tx, node, t, plan.insertTargets(), values, inserted, fk);
    }
    return updatedKeys.size() + inserts.size();
  }

  private static List<SqlNode> insertValues(SqlInsert insert, int columns) {
    SqlNode source = insert.getSource();
    if (!(source instanceof SqlBasicCall values) || values.operandCount() != 1
        || !(values.operand(0) instanceof SqlCall row) || row.operandCount() != columns) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "MERGE's WHEN NOT MATCHED THEN INSERT needs one VALUES row with a value per column named");
    }
    return row.getOperandList();
  }

  /** Adds expressions; a bare parameter is cast to its column's type, so it can be typed. */
  private static void addTyped(List<SqlNode> items, List<SqlNode> exprs, List<ColumnDef> targets) {
    for (int i = 0; i < exprs.size(); i++) {
      SqlNode e = exprs.get(i);
      items.add(e instanceof SqlDynamicParam ? DmlRewrite.cast(e, targets.get(i).type()) : e);
    }
  }

  private static SqlIdentifier qualified(SqlIdentifier alias, String name) {
    return new SqlIdentifier(List.of(alias.getSimple(), name), POS);
  }
}
