package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;

/**
 * Filter over {@link MorphTableScan} → {@link MorphPkLookup} when equalities fix every
 * primary-key column, else → a {@link MorphIndexScan} of the primary key when its leading
 * columns are constrained, and → {@link MorphIndexScan} for each PUBLIC index whose leading
 * columns are constrained; what the access path does not guarantee stays in a Filter above.
 * The planner picks the cheapest alternative. Indexes in any other state are never used.
 */
public final class IndexAccessRule extends RelRule<IndexAccessRule.Config> {

  /** The rule's configuration. */
  public record Config(OperandTransform operandSupplier, String description,
      RelBuilderFactory relBuilderFactory) implements RelRule.Config {
    public static final Config DEFAULT = new Config(
        b0 -> b0.operand(LogicalFilter.class)
            .oneInput(b1 -> b1.operand(MorphTableScan.class).noInputs()),
        "MorphIndexAccessRule", RelFactories.LOGICAL_BUILDER);

    @Override
    public IndexAccessRule toRule() {
      return new IndexAccessRule(this);
    }

    @Override
    public Config withRelBuilderFactory(RelBuilderFactory factory) {
      return new Config(operandSupplier, description, factory);
    }

    @Override
    public Config withDescription(String text) {
      return new Config(operandSupplier, text, relBuilderFactory);
    }

    @Override
    public Config withOperandSupplier(OperandTransform transform) {
      return new Config(transform, description, relBuilderFactory);
    }
  }

  private IndexAccessRule(Config config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    for (RelNode access : accessPaths(call.rel(0), call.rel(1), call.builder())) {
      call.transformTo(access);
    }
  }

  /**
   * The ways to read the rows of {@code filter} other than a full scan: a primary-key lookup
   * first when there is one, then an index range per usable index; each under a Filter with
   * what its keys do not guarantee.
   */
  static List<RelNode> accessPaths(LogicalFilter filter, MorphTableScan scan, RelBuilder builder) {
    RexNode condition = RexUtil.expandSearch(filter.getCluster().getRexBuilder(), null,
        filter.getCondition());
    KeyPredicates kp = KeyPredicates.of(condition, scan);
    if (kp.isEmpty()) {
      return List.of();
    }
    List<RelNode> paths = new ArrayList<>();
    TableDef t = scan.def();
    KeyPredicates.Match<List<RexNode>> pk = kp.primaryKey(t);
    if (pk != null) {
      paths.add(withResidual(builder, kp, pk.used(), new MorphPkLookup(scan.getCluster(),
          scan.baseTable(), scan.morphTable(), scan.columns(), pk.key())));
    } else if (!t.primaryKey().isEmpty()) {
      KeyPredicates.Match<MorphIndexScan.KeyRange> keys = kp.range(t, t.primaryKey());
      if (keys != null) { // rows are stored in primary-key order: a range of them
        paths.add(withResidual(builder, kp, keys.used(), new MorphIndexScan(scan.getCluster(),
            scan.baseTable(), scan.morphTable(), scan.columns(), null, keys.key())));
      }
    }
    for (IndexDef index : t.indexes()) {
      if (!index.state().readable()) {
        continue;
      }
      KeyPredicates.Match<MorphIndexScan.KeyRange> range = kp.range(t, index);
      if (range != null) {
        paths.add(withResidual(builder, kp, range.used(), new MorphIndexScan(scan.getCluster(),
            scan.baseTable(), scan.morphTable(), scan.columns(), index, range.key())));
      }
    }
    return paths;
  }

  private static RelNode withResidual(RelBuilder builder, KeyPredicates kp, BitSet used,
      RelNode access) {
    List<RexNode> residual = kp.residual(used);
    return residual.isEmpty() ? access : builder.push(access).filter(residual).build();
  }
}
