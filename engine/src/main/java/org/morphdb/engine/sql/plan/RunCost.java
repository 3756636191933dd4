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
 * Roughly what running a physical plan once costs: the rows it returns, the rows it touches
 * on the way, and of those the ones touched again for every outer row of a correlate. Tables
 * count their live rows now (not the planner's estimates), a filter keeps the share Calcite
 * guesses for its condition, a nested-loop join compares every pair of its (materialized)
 * inputs, and a correlate runs its inner side once per outer row. A quick plan, without
 * decorrelation and cost-based choices, is only used when this is small
 * ({@link #quickEnough}).
 */
record RunCost(double rows, double work, double repeated) {
  /** Share of a table an index range is taken to return. */
  private static final double INDEX_RANGE_SHARE = 0.1;

  /**
   * Work a quick plan may repeat per outer row of its correlates: what decorrelation saves.
   * {@code -Dmorph.quickMaxWork=N} changes it. Ten million: a correlate over two tables of
   * 10,000 rows (10^8) gets the full plan (docs/decisions.md, "Query execution").
   */
  static final double MAX_REPEATED = limit("morph.quickMaxWork", 1e7);

  /**
   * Work a quick plan may do in all. Higher than {@link #MAX_REPEATED}: without correlates,
   * quick and full plans differ in join order and access paths, not in kind, and the estimate
   * multiplies Calcite's selectivity guesses (0.15 for any equality, a quarter for an IN
   * list), which overshoot by orders of magnitude on cross products of filtered small tables
   * (most of {@code select4.test}'s multi-table statements estimate 10^7 to 10^9).
   * {@code -Dmorph.quickMaxTotalWork=N} changes it; it is never below {@link #MAX_REPEATED}.
   */
  static final double MAX_TOTAL =
      Math.max(limit("morph.quickMaxTotalWork", 1e9), MAX_REPEATED);

  private static double limit(String property, double otherwise) {
    try {
      return Double.parseDouble(System.getProperty(property, String.valueOf(otherwise)));
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }

  /** Whether a quick plan of this cost may run instead of the full plan. */
  boolean quickEnough() {
    return repeated <= MAX_REPEATED && work <= MAX_TOTAL;
  }

  static RunCost of(RelNode rel, ToLongFunction<TableDef> liveRows) {
    if (rel instanceof MorphPkLookup) {
      return new RunCost(1, 1, 0);
    }
    if (rel instanceof MorphScan scan) {
      double live = Math.max(1, liveRows.applyAsLong(scan.def()));
      double rows = rel instanceof MorphIndexScan ? Math.max(1, live * INDEX_RANGE_SHARE) : live;
      return new RunCost(rows, rows, 0);
    }
    if (rel instanceof EnumerableValues values) {
      return new RunCost(values.getTuples().size(), values.getTuples().size(), 0);
    }
    if (rel instanceof Filter filter) {
      RunCost in = of(filter.getInput(), liveRows);
      return new RunCost(in.rows * RelMdUtil.guessSelectivity(filter.getCondition()),
          in.work + in.rows, in.repeated);
    }
    if (rel instanceof EnumerableCorrelate) {
      RunCost outer = of(rel.getInput(0), liveRows);
      RunCost inner = of(rel.getInput(1), liveRows);
      double innerRuns = outer.rows * inner.work;
      return new RunCost(outer.rows * inner.rows, outer.work + innerRuns,
          outer.repeated + innerRuns);
    }
    if (rel instanceof Join join) {
      RunCost left = of(join.getLeft(), liveRows);
      RunCost right = of(join.getRight(), liveRows);
      double pairs = left.rows * right.rows;
      double repeated = left.repeated + right.repeated;
      return rel instanceof EnumerableNestedLoopJoin
          ? new RunCost(pairs * RelMdUtil.guessSelectivity(join.getCondition()),
              left.work + right.work + pairs, repeated)
          : new RunCost(Math.max(left.rows, right.rows),
              left.work + right.work + left.rows + right.rows, repeated);
    }
    double rows = 0;
    double work = 0;
    double repeated = 0;
    for (RelNode input : rel.getInputs()) {
      RunCost in = of(input, liveRows);
      rows += in.rows;
      work += in.work + in.rows;
      repeated += in.repeated;
    }
    return new RunCost(rel instanceof Aggregate a && a.getGroupCount() == 0 ? 1 : rows,
        Math.max(1, work), repeated);
  }
}
