package org.morphdb.engine.sql.plan;

import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.morphdb.engine.sql.exec.Leaf;

/** Full scan of a user table: {@code MorphTableScan(table=[PUBLIC.T])}. */
public final class MorphTableScan extends MorphScan {

  private MorphTableScan(RelOptCluster cluster, RelOptTable table, MorphTable morphTable, int[] columns) {
    super(cluster, table, morphTable, columns);
  }

  static MorphTableScan create(RelOptCluster cluster, RelOptTable table, MorphTable morphTable) {
    return new MorphTableScan(cluster, table, morphTable, null);
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  /** Field trimming pushes the projection into the scan. */
  @Override
  public RelNode project(ImmutableBitSet fieldsUsed, Set<RelDataTypeField> extraFields,
      RelBuilder relBuilder) {
    int n = getRowType().getFieldCount();
    if (!extraFields.isEmpty() || fieldsUsed.cardinality() == n) {
      return super.project(fieldsUsed, extraFields, relBuilder);
    }
    int[] cols = new int[fieldsUsed.cardinality()];
    int k = 0;
    for (int f : fieldsUsed) {
      cols[k++] = position(f);
    }
    return new MorphTableScan(getCluster(), baseTable(), morphTable, cols);
  }

  @Override
  protected ScanSpec spec() {
    return ScanSpec.ofTable(def(), columns, morphTable.width(), null);
  }

  @Override
  Leaf leaf() {
    ScanSpec spec = spec();
    return new Leaf(List.of(), spec.scalar(), (root, keys) -> spec.scan(root));
  }

  @Override
  protected Expression rows(EnumerableRelImplementor implementor, BlockBuilder bb, Expression spec) {
    return Expressions.call(spec, "scan", implementor.getRootExpression());
  }
}
