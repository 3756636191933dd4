package org.morphdb.engine.sql.plan;

import java.util.function.ToLongFunction;
import org.apache.calcite.adapter.enumerable.EnumerableCorrelate;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.morphdb.engine.catalog.TableDef;

/**
 * Roughly what running a physical plan once costs: the rows it returns and the rows it touches
 * on the way. Tables count their live rows now (not the planner's estimates), a filter keeps
 * the share Calcite guesses for its condition, a nested-loop join compares every pair of its
 * (materialized) inputs, and a correlate runs its inner side once per outer row. A quick plan,
 * without decorrelation and cost-based choices, is only used when this is small.
 */
record RunCost(double rows, double work) {
  /** Share of a table an index range is taken to return. */
  private static final double INDEX_RANGE_SHARE = 0.1;

  static RunCost of(RelNode rel, ToLongFunction<TableDef> liveRows) {
    if (rel instanceof MorphPkLookup) {
      return new RunCost(1, 1);
    }
    if (rel instanceof MorphScan scan) {
      double live = Math.max(1, liveRows.applyAsLong(scan.def()));
      double rows = rel instanceof MorphIndexScan ? Math.max(1, live * INDEX_RANGE_SHARE) : live;
      return new RunCost(rows, rows);
    }
    if (rel instanceof EnumerableValues values) {
      return new RunCost(values.getTuples().size(), values.getTuples().size());
    }
    if (rel instanceof Filter filter) {
      RunCost in = of(filter.getInput(), liveRows);
      return new RunCost(in.rows * RelMdUtil.guessSelectivity(filter.getCondition()),
          in.work + in.rows);
    }
    if (rel instanceof EnumerableCorrelate) {
      RunCost outer = of(rel.getInput(0), liveRows);
      RunCost inner = of(rel.getInput(1), liveRows);
      return new RunCost(outer.rows * inner.rows, outer.work + outer.rows * inner.work);
    }
    if (rel instanceof Join join) {
      RunCost left = of(join.getLeft(), liveRows);
      RunCost right = of(join.getRight(), liveRows);
      double pairs = left.rows * right.rows;
      return rel instanceof EnumerableNestedLoopJoin
          ? new RunCost(pairs * RelMdUtil.guessSelectivity(join.getCondition()),
              left.work + right.work + pairs)
          : new RunCost(Math.max(left.rows, right.rows),
              left.work + right.work + left.rows + right.rows);
    }
    double rows = 0;
    double work = 0;
    for (RelNode input : rel.getInputs()) {
      RunCost in = of(input, liveRows);
      rows += in.rows;
      work += in.work + in.rows;
    }
    return new RunCost(rel instanceof Aggregate a && a.getGroupCount() == 0 ? 1 : rows,
        Math.max(1, work));
  }
}
