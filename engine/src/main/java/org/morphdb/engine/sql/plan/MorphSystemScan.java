package org.morphdb.engine.sql.plan;

import com.google.common.collect.ImmutableList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.morphdb.engine.sql.exec.Leaf;

/** Reads a system table: {@code MorphSystemScan(table=[SYS.NODES])}. */
public final class MorphSystemScan extends TableScan implements EnumerableRel {
  private final MorphSystemTable systemTable;

  MorphSystemScan(RelOptCluster cluster, RelOptTable table, MorphSystemTable systemTable) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), ImmutableList.of(), table);
    this.systemTable = systemTable;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    SystemTables.Table t = systemTable.table();
    return pw.item("table", t.schema() + "." + t.name());
  }

  /** How the interpreter reads this system table. */
  Leaf leaf() {
    SystemTables.Table t = systemTable.table();
    ScanSpec spec = ScanSpec.ofSystem(t.schema(), t.name(), t.columns().size());
    return new Leaf(List.of(), spec.scalar(), (root, keys) -> spec.system(root));
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = MorphScan.physType(implementor, getRowType());
    SystemTables.Table t = systemTable.table();
    Expression spec = implementor.stash(
        ScanSpec.ofSystem(t.schema(), t.name(), t.columns().size()), ScanSpec.class);
    BlockBuilder bb = new BlockBuilder();
    bb.add(Expressions.return_(null,
        Expressions.call(spec, "system", implementor.getRootExpression())));
    return implementor.result(physType, bb.toBlock());
  }
}
