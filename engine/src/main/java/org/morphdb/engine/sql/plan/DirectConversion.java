package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import org.apache.calcite.adapter.enumerable.EnumerableLimit;
import org.apache.calcite.adapter.enumerable.EnumerableLimitSort;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalIntersect;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalMinus;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * A logical plan → an Enumerable plan without cost-based search: every logical operator becomes
 * its Enumerable counterpart through Calcite's own converter rules, bottom up, and a filter over
 * a table reads through the access path expected to return the fewest rows. This is how a
 * statement seen for the first time is planned (see {@link Planning#quick}); Volcano's search
 * costs more than running such a statement once over small tables.
 */
final class DirectConversion {
  private static final Map<Class<? extends RelNode>, ConverterRule> RULES = Map.of(
      LogicalProject.class, EnumerableRules.ENUMERABLE_PROJECT_RULE,
      LogicalFilter.class, EnumerableRules.ENUMERABLE_FILTER_RULE,
      LogicalJoin.class, (ConverterRule) EnumerableRules.ENUMERABLE_JOIN_RULE,
      LogicalCorrelate.class, (ConverterRule) EnumerableRules.ENUMERABLE_CORRELATE_RULE,
      LogicalAggregate.class, (ConverterRule) EnumerableRules.ENUMERABLE_AGGREGATE_RULE,
      LogicalUnion.class, EnumerableRules.ENUMERABLE_UNION_RULE,
      LogicalIntersect.class, EnumerableRules.ENUMERABLE_INTERSECT_RULE,
      LogicalMinus.class, EnumerableRules.ENUMERABLE_MINUS_RULE,
      LogicalValues.class, EnumerableRules.ENUMERABLE_VALUES_RULE,
      LogicalWindow.class, EnumerableRules.ENUMERABLE_WINDOW_RULE);

  /** Thrown inside when an operator has no direct counterpart. */
  private static final class NotConvertible extends RuntimeException {
    NotConvertible() {
      super(null, null, false, false);
    }
  }

  private DirectConversion() {}

  /** The Enumerable plan, or null when some operator needs the cost-based planner. */
  static RelNode convert(RelNode logical) {
    try {
      RelNode physical = toPhysical(logical);
      return allEnumerable(physical) ? physical : null;
    } catch (NotConvertible e) {
      return null;
    }
  }

  private static RelNode toPhysical(RelNode rel) {
    if (rel instanceof LogicalProject project) {
      rel = narrowScan(project);
    } else if (rel instanceof LogicalAggregate aggregate) {
      rel = countOverNoColumns(aggregate);
    }
    if (rel instanceof LogicalFilter filter && filter.getInput() instanceof MorphTableScan scan) {
      RelNode access = cheapestAccess(filter, scan);
      if (access != null) {
        // a key lookup or range, under a filter with the rest of the condition (or, when
        // that is always false, empty Values)
        return toPhysical(access);
      }
    }
    List<RelNode> inputs = new ArrayList<>();
    for (RelNode input : rel.getInputs()) {
      inputs.add(toPhysical(input));
    }
    if (rel instanceof EnumerableRel) {
      return inputs.isEmpty() ? rel : rel.copy(rel.getTraitSet(), inputs);
    }
    if (rel instanceof Sort sort) {
      return sort(sort, inputs.get(0));
    }
    RelNode converted = rule(rel).convert(rel.copy(rel.getTraitSet(), inputs));
    if (converted == null) {
      throw new NotConvertible();
    }
    return converted;
  }

  /**
   * A projection over a table (or over a filter over one) reads only the columns it uses:
   * each column read is a value converted per row. Field trimming does this in full plans.
   */
  private static RelNode narrowScan(LogicalProject project) {
    LogicalFilter filter = project.getInput() instanceof LogicalFilter f ? f : null;
    RelNode below = filter != null ? filter.getInput() : project.getInput();
    if (!(below instanceof MorphTableScan scan)) {
      return project;
    }
    int width = scan.getRowType().getFieldCount();
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(),
        filter != null ? filter.getCondition() : null);
    if (used.isEmpty() || used.cardinality() == width) {
      return project;
    }
    RelNode narrow = scan.project(used, Set.of(),
        RelFactories.LOGICAL_BUILDER.create(scan.getCluster(), null));
    Mapping mapping = Mappings.create(MappingType.INVERSE_SURJECTION, width, used.cardinality());
    int next = 0;
    for (int field : used) {
      mapping.set(field, next++);
    }
    RexPermuteInputsShuttle remap = RexPermuteInputsShuttle.of(mapping);
    RelNode input = filter == null ? narrow
        : filter.copy(filter.getTraitSet(), narrow, filter.getCondition().accept(remap));
    return project.copy(project.getTraitSet(), input, remap.visitList(project.getProjects()),
        project.getRowType());
  }

  /**
   * An aggregate of a table that reads no column ({@code COUNT(*)}) scans rows of no column,
   * as field trimming makes full plans do: converting whole rows for it was half of the first
   * {@code COUNT(*)} of a million rows after an open.
   */
  private static RelNode countOverNoColumns(LogicalAggregate aggregate) {
    if (!(aggregate.getInput() instanceof MorphTableScan scan) || !aggregate.getGroupSet().isEmpty()
        || scan.columns() != null
        || !aggregate.getAggCallList().stream().allMatch(c -> c.getArgList().isEmpty() && c.filterArg < 0)) {
      return aggregate;
    }
    RelNode noColumns = scan.project(ImmutableBitSet.of(), Set.of(),
        RelFactories.LOGICAL_BUILDER.create(scan.getCluster(), null));
    return aggregate.copy(aggregate.getTraitSet(), List.of(noColumns));
  }

  /** Whether every operator is Enumerable (a converter rule could leave a planner subset). */
  private static boolean allEnumerable(RelNode rel) {
    if (!(rel instanceof EnumerableRel)) {
      return false;
    }
    for (RelNode input : rel.getInputs()) {
      if (!allEnumerable(input)) {
        return false;
      }
    }
    return true;
  }

  private static ConverterRule rule(RelNode rel) {
    ConverterRule rule = RULES.get(rel.getClass());
    if (rule == null) {
      throw new NotConvertible();
    }
    return rule;
  }

  private static RelNode sort(Sort sort, RelNode input) {
    boolean ordered = !sort.getCollation().getFieldCollations().isEmpty();
    if (sort.offset == null && sort.fetch == null) {
      return ordered ? EnumerableSort.create(input, sort.getCollation(), null, null) : input;
    }
    return ordered ? EnumerableLimitSort.create(input, sort.getCollation(), sort.offset, sort.fetch)
        : EnumerableLimit.create(input, sort.offset, sort.fetch);
  }

  /**
   * The key access (with its residual filter) expected to read the fewest rows, or null when
   * none reads fewer than the full scan.
   */
  private static RelNode cheapestAccess(LogicalFilter filter, MorphTableScan scan) {
    RelMetadataQuery mq = filter.getCluster().getMetadataQuery();
    RelNode best = null;
    double bestRows = scan.estimateRowCount(mq);
    // residual filters as they are: simplifying each candidate's would not change its rows
    for (RelNode path : IndexAccessRule.accessPaths(filter, scan,
        MorphRules.NO_SIMPLIFY.create(filter.getCluster(), null))) {
      RelNode leaf = path instanceof LogicalFilter residual ? residual.getInput() : path;
      double rows = leaf.estimateRowCount(mq);
      if (rows < bestRows) {
        best = path;
        bestRows = rows;
      }
    }
    return best;
  }
  /** Aggregate functions the interpreter runs as they are (others are reduced to these). */
  private static final Set<SqlKind> PLAIN_AGGREGATES = EnumSet.of(SqlKind.COUNT, SqlKind.SUM,
      SqlKind.SUM0, SqlKind.MIN, SqlKind.MAX, SqlKind.ANY_VALUE, SqlKind.SINGLE_VALUE,
      SqlKind.LITERAL_AGG);

  /**
   * Whether a logical plan needs the logical rewrites before it can run well: joins (filters
   * pushed into them, join order), windows, and aggregate functions other than the plain
   * ones. A plan of scans, filters, projections, plain aggregates, sorts and set operations
   * runs as it is.
   */
  static boolean needsRewrites(RelNode rel) {
    if (rel instanceof Join || rel instanceof Correlate || rel instanceof Window) {
      return true;
    }
    if (rel instanceof Project p && RexOver.containsOver(p.getProjects(), null)) {
      return true;
    }
    if (rel instanceof Aggregate a && a.getAggCallList().stream()
        .anyMatch(c -> c.isDistinct() || !PLAIN_AGGREGATES.contains(c.getAggregation().getKind()))) {
      return true;
    }
    for (RelNode input : rel.getInputs()) {
      if (needsRewrites(input)) {
        return true;
      }
    }
    return false;
  }
}
