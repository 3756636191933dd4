package org.morphdb.engine.sql.plan;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.JoinToCorrelateRule;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * The planner's rules, in the phases they run:
 * <ol>
 *   <li>sub-queries → correlates (then the decorrelator and field trimming run);</li>
 *   <li>logical rewrites: push filters into joins and towards the scans, merge projections,
 *       reduce AVG/STDDEV/... to SUM/COUNT, expand DISTINCT aggregates into joins, split
 *       window aggregates out of projections;</li>
 *   <li>join order, heuristically, when there are at least {@link #MULTI_JOIN_MIN_JOINS}
 *       joins: the joins become one MultiJoin, ordered by LoptOptimizeJoinRule when small and
 *       by {@link GreedyJoinOrderRule} when large — never exhaustive search;</li>
 *   <li>cost-based (Volcano): the Enumerable implementations, and {@link #INDEX_ACCESS} choosing
 *       between a full scan, a primary-key lookup and an index range; a join may also become
 *       a Correlate, whose inner side, filtered on the outer row, can then be a primary-key
 *       lookup or an index range per outer row (an index nested-loop join);</li>
 *   <li>projections and filters merged into Calcs.</li>
 * </ol>
 */
public final class MorphRules {
  /** Filter(MorphTableScan) → MorphPkLookup / MorphIndexScan. */
  public static final IndexAccessRule INDEX_ACCESS = IndexAccessRule.Config.DEFAULT.toRule();

  /** Large inner MultiJoin → greedy left-deep join tree. */
  public static final GreedyJoinOrderRule GREEDY_JOIN_ORDER =
      GreedyJoinOrderRule.Config.DEFAULT.toRule();

  /** Every inner MultiJoin → greedy left-deep join tree (quick plans). */
  static final GreedyJoinOrderRule GREEDY_JOIN_ORDER_ALL_SIZES =
      GreedyJoinOrderRule.Config.ALL_SIZES.toRule();

  static final int MULTI_JOIN_MIN_JOINS = 2;

  /**
   * Join → Correlate (an index nested-loop join, when the inner side becomes a key lookup per
   * outer row), only for joins with a condition: a cross join made a correlate re-runs its
   * whole inner side for every outer row, which the cost model underrates.
   */
  static final RelOptRule JOIN_TO_CORRELATE = CoreRules.JOIN_TO_CORRELATE.config
      .withOperandSupplier(b -> b.operand(LogicalJoin.class)
          .predicate(j -> (j.getJoinType() == JoinRelType.INNER
              || j.getJoinType() == JoinRelType.LEFT) && !j.getCondition().isAlwaysTrue())
          .anyInputs())
      .as(JoinToCorrelateRule.Config.class)
      .toRule();

  static final List<RelOptRule> SUB_QUERY = List.of(
      CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
      CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
      CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);

  static final List<RelOptRule> LOGICAL = List.of(
      CoreRules.FILTER_INTO_JOIN,
      CoreRules.JOIN_CONDITION_PUSH,
      CoreRules.FILTER_PROJECT_TRANSPOSE,
      CoreRules.FILTER_MERGE,
      CoreRules.FILTER_AGGREGATE_TRANSPOSE,
      CoreRules.FILTER_SET_OP_TRANSPOSE,
      CoreRules.FILTER_CORRELATE,
      CoreRules.PROJECT_MERGE,
      CoreRules.PROJECT_REMOVE,
      CoreRules.AGGREGATE_PROJECT_MERGE);

  static final List<RelOptRule> PHYSICAL = List.of(
      INDEX_ACCESS,
      JOIN_TO_CORRELATE,
      EnumerableRules.ENUMERABLE_JOIN_RULE,
      EnumerableRules.ENUMERABLE_CORRELATE_RULE,
      EnumerableRules.ENUMERABLE_PROJECT_RULE,
      EnumerableRules.ENUMERABLE_FILTER_RULE,
      EnumerableRules.ENUMERABLE_CALC_RULE,
      EnumerableRules.ENUMERABLE_AGGREGATE_RULE,
      EnumerableRules.ENUMERABLE_SORT_RULE,
      EnumerableRules.ENUMERABLE_LIMIT_RULE,
      EnumerableRules.ENUMERABLE_LIMIT_SORT_RULE,
      EnumerableRules.ENUMERABLE_UNION_RULE,
      EnumerableRules.ENUMERABLE_INTERSECT_RULE,
      EnumerableRules.ENUMERABLE_MINUS_RULE,
      EnumerableRules.ENUMERABLE_VALUES_RULE,
      EnumerableRules.ENUMERABLE_WINDOW_RULE,
      EnumerableRules.ENUMERABLE_COLLECT_RULE,
      EnumerableRules.ENUMERABLE_UNCOLLECT_RULE,
      EnumerableRules.ENUMERABLE_REPEAT_UNION_RULE,
      EnumerableRules.ENUMERABLE_TABLE_SPOOL_RULE,
      EnumerableRules.ENUMERABLE_TABLE_FUNCTION_SCAN_RULE);

  private MorphRules() {}

  static HepProgram subQueries() {
    return new HepProgramBuilder().addRuleCollection(SUB_QUERY).build();
  }

  /**
   * How quick plans' rules build relational expressions: without RexSimplify. Pushing a
   * WHERE clause into a join of many tables simplified the whole conjunction again at every
   * join it passed (a third of planning {@code select5.test}'s 64-table joins); simplifying
   * never changes a result, and the full plan, made with simplification, replaces the quick
   * one for statements that run often.
   */
  static final RelBuilderFactory NO_SIMPLIFY = RelBuilder.proto(
      Contexts.of(RelBuilder.Config.DEFAULT.withSimplify(false)));

  /** {@link #LOGICAL} building without RexSimplify. */
  static final List<RelOptRule> QUICK_LOGICAL = LOGICAL.stream()
      .map(MorphRules::withoutSimplify).toList();

  /** {@link #GREEDY_JOIN_ORDER_ALL_SIZES} building without RexSimplify. */
  private static final GreedyJoinOrderRule QUICK_GREEDY_JOIN_ORDER =
      (GreedyJoinOrderRule) withoutSimplify(GREEDY_JOIN_ORDER_ALL_SIZES);

  private static RelOptRule withoutSimplify(RelOptRule rule) {
    return rule instanceof RelRule<?> r ? r.config.withRelBuilderFactory(NO_SIMPLIFY).toRule()
        : rule;
  }

  static HepProgram logical() {
    return operatorRewrites(new HepProgramBuilder()).addRuleCollection(LOGICAL).build();
  }

  /** {@link #logical()} for quick plans ({@link #QUICK_LOGICAL}). */
  static HepProgram quickLogical() {
    return operatorRewrites(new HepProgramBuilder()).addRuleCollection(QUICK_LOGICAL).build();
  }

  /** Rewrites that make operators runnable: windows out of projections, aggregate
   * functions reduced, DISTINCT aggregates expanded. */
  private static HepProgramBuilder operatorRewrites(HepProgramBuilder b) {
    return b.addRuleInstance(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)
        .addRuleInstance(CoreRules.AGGREGATE_REDUCE_FUNCTIONS)
        .addRuleInstance(CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES_TO_JOIN);
  }

  static HepProgram joinOrder() {
    return joinOrder(new HepProgramBuilder(), GREEDY_JOIN_ORDER, LOGICAL);
  }

  /** Join order for quick plans: greedy whatever the size (LoptOptimizeJoinRule costs more
   * than running a statement once over small tables), except for outer joins. */
  static HepProgram quickJoinOrder() {
    return joinOrder(new HepProgramBuilder(), QUICK_GREEDY_JOIN_ORDER, QUICK_LOGICAL);
  }

  /**
   * For quick plans of statements with several joins: the operator rewrites, then the join
   * order, then the logical rewrites. Ordering first merges a WHERE clause into the MultiJoin
   * in one step; FILTER_INTO_JOIN before it pushed the clause down a join tree level by level
   * (for select5.test's 64-table joins, quadratic in rule firings and the largest part of
   * planning them).
   */
  static HepProgram quickJoinsFirst() {
    return joinOrder(operatorRewrites(new HepProgramBuilder()), QUICK_GREEDY_JOIN_ORDER,
        QUICK_LOGICAL);
  }

  private static HepProgram joinOrder(HepProgramBuilder b, GreedyJoinOrderRule greedy,
      List<RelOptRule> logical) {
    return b
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
        .addMatchOrder(HepMatchOrder.ARBITRARY)
        .addRuleInstance(CoreRules.PROJECT_MULTI_JOIN_MERGE)
        .addRuleInstance(CoreRules.FILTER_MULTI_JOIN_MERGE)
        .addRuleInstance(greedy)
        .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
        .addRuleCollection(logical)
        .build();
  }
}
