package org.morphdb.engine.sql.plan;

import java.util.List;
import java.util.stream.Collectors;
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
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.sql.exec.Leaf;
import org.morphdb.engine.catalog.TypeKind;

/**
 * Reads the one row with a given primary key: {@code MorphPkLookup(table=[PUBLIC.T], key=[?0])}.
 * The key expressions read no input field (literals, parameters, correlation variables).
 */
public final class MorphPkLookup extends MorphScan {
  private final List<RexNode> key;

  MorphPkLookup(RelOptCluster cluster, RelOptTable table, MorphTable morphTable, int[] columns,
      List<RexNode> key) {
    super(cluster, table, morphTable, columns);
    this.key = List.copyOf(key);
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override
  protected void explainAccess(RelWriter pw) {
    pw.item("key", key.stream().map(RexNode::toString).collect(Collectors.joining(", ")));
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    return 1;
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    return planner.getCostFactory().makeCost(1, 1, 0);
  }

  @Override
  protected ScanSpec spec() {
    TableDef t = def();
    TypeKind[] kinds = new TypeKind[t.primaryKey().size()];
    for (int i = 0; i < kinds.length; i++) {
      kinds[i] = t.columnById(t.primaryKey().get(i)).type().kind();
    }
    return ScanSpec.ofTable(t, columns, morphTable.width(), kinds);
  }

  @Override
  Leaf leaf() {
    ScanSpec spec = spec();
    return new Leaf(key, spec.scalar(), spec::lookup);
  }

  @Override
  protected Expression rows(EnumerableRelImplementor implementor, BlockBuilder bb, Expression spec) {
    List<Expression> values = translate(implementor, bb, key);
    return Expressions.call(spec, "lookup", implementor.getRootExpression(),
        Expressions.newArrayInit(Object.class, values));
  }
}
