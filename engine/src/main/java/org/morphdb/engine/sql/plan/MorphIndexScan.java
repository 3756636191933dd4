package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.sql.exec.Leaf;
import org.morphdb.engine.catalog.TypeKind;

/**
 * Reads a range of a secondary index:
 * {@code MorphIndexScan(table=[PUBLIC.T], index=[IDX_A], range=[A = ?0, B > ?1])}, or of the
 * table's rows in primary-key order ({@code index=[PRIMARY KEY]}; {@link #index} null). The
 * leading {@code eq.size()} key columns equal the {@code eq} values; the next one lies between
 * {@code low} and {@code high} (either may be null: unbounded).
 */
public final class MorphIndexScan extends MorphScan {
  /** Rows read through a secondary index cost this much more than rows of a full scan (or of a key range). */
  static final double INDEX_ROW_COST = 3;

  /** Null: the primary key (the table's own rows, no lookup per row). */
  private final IndexDef index;
  private final KeyRange range;

  /** The constraint on the index's key: equalities, then an optional range on one column. */
  record KeyRange(List<RexNode> eq, RexNode low, boolean lowInclusive, RexNode high,
      boolean highInclusive) {
    KeyRange {
      eq = List.copyOf(eq);
    }
  }

  MorphIndexScan(RelOptCluster cluster, RelOptTable table, MorphTable morphTable, int[] columns,
      IndexDef index, KeyRange range) {
    super(cluster, table, morphTable, columns);
    this.index = index;
    this.range = range;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override
  protected void explainAccess(RelWriter pw) {
    pw.item("index", index == null ? "PRIMARY KEY" : index.name()).item("range", describe());
  }

  private String describe() {
    TableDef t = def();
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < range.eq().size(); i++) {
      parts.add(columnName(t, i) + " = " + range.eq().get(i));
    }
    int next = range.eq().size();
    if (range.low() != null) {
      parts.add(columnName(t, next) + (range.lowInclusive() ? " >= " : " > ") + range.low());
    }
    if (range.high() != null) {
      parts.add(columnName(t, next) + (range.highInclusive() ? " <= " : " < ") + range.high());
    }
    return String.join(", ", parts);
  }

  private String columnName(TableDef t, int keyColumn) {
    return t.columnById(keyColumns().get(keyColumn)).name();
  }

  /** The key's columns by id, in key order. */
  private List<Integer> keyColumns() {
    return index == null ? def().primaryKey() : index.columnIds();
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    double rows = morphTable.rowCount();
    int eq = range.eq().size();
    if (index != null && index.unique() && eq == index.columnIds().size()) {
      return 1;
    }
    double sel = Math.pow(0.1, eq);
    if (range.low() != null && range.high() != null) {
      sel *= 0.25;
    } else if (range.low() != null || range.high() != null) {
      sel *= 0.5;
    }
    return Math.max(1, rows * sel);
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double rows = estimateRowCount(mq);
    double cost = rows * (index == null ? 1 : INDEX_ROW_COST) + 1;
    return planner.getCostFactory().makeCost(cost, cost, 0);
  }

  @Override
  protected ScanSpec spec() {
    TableDef t = def();
    List<Integer> keyColumns = keyColumns();
    TypeKind[] kinds = new TypeKind[keyColumns.size()];
    for (int i = 0; i < kinds.length; i++) {
      kinds[i] = t.columnById(keyColumns.get(i)).type().kind();
    }
    return ScanSpec.ofIndex(t, columns, morphTable.width(), index, kinds, range.lowInclusive(),
        range.highInclusive());
  }

  @Override
  Leaf leaf() {
    ScanSpec spec = spec();
    List<RexNode> exprs = new ArrayList<>(range.eq());
    int n = range.eq().size();
    boolean hasLow = range.low() != null;
    boolean hasHigh = range.high() != null;
    if (hasLow) {
      exprs.add(range.low());
    }
    if (hasHigh) {
      exprs.add(range.high());
    }
    return new Leaf(exprs, spec.scalar(), (root, v) -> spec.range(root,
        java.util.Arrays.copyOf(v, n), hasLow ? v[n] : ScanSpec.NONE,
        hasHigh ? v[hasLow ? n + 1 : n] : ScanSpec.NONE));
  }

  @Override
  protected Expression rows(EnumerableRelImplementor implementor, BlockBuilder bb, Expression spec) {
    List<RexNode> exprs = new ArrayList<>(range.eq());
    if (range.low() != null) {
      exprs.add(range.low());
    }
    if (range.high() != null) {
      exprs.add(range.high());
    }
    List<Expression> values = translate(implementor, bb, exprs);
    int n = range.eq().size();
    Expression none = Expressions.field(null, ScanSpec.class, "NONE");
    Expression low = range.low() != null ? values.get(n) : none;
    Expression high = range.high() != null ? values.get(range.low() != null ? n + 1 : n) : none;
    return Expressions.call(spec, "range", implementor.getRootExpression(),
        Expressions.newArrayInit(Object.class, values.subList(0, n)), low, high);
  }
}
