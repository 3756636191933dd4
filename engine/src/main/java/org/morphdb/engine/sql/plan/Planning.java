package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCostImpl;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.tools.RelBuilder;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.ViewDef;

/**
 * One planning run (not thread-safe; make one per statement): validation, conversion to
 * relational algebra (views expanded), and optimization to an Enumerable plan.
 */
final class Planning implements RelOptTable.ViewExpander {
  /** Constant folding would need Janino for every constant; leave constants to run time. */
  private static final RexExecutor NO_FOLDING = (rexBuilder, constExps, reducedValues) ->
      reducedValues.addAll(constExps);

  private final MorphSchemaFactory schemas;
  private final boolean exposeRowKey;
  private final JavaTypeFactory typeFactory = SqlConfig.typeFactory();
  private final VolcanoPlanner planner = new VolcanoPlanner();
  private final RelOptCluster cluster;

  /** A validated statement and its relational form. */
  record Converted(SqlNode validated, MorphValidator validator, RelRoot root) {}

  Planning(MorphSchemaFactory schemas, boolean exposeRowKey) {
    this.schemas = schemas;
    this.exposeRowKey = exposeRowKey;
    // No collation trait: every ORDER BY is an explicit Sort, and without the trait Volcano
    // never needs sort enforcers (whose absence made plans over empty Values unplannable).
    planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
    planner.setExecutor(NO_FOLDING);
    this.cluster = RelOptCluster.create(planner, new RexBuilder(typeFactory));
  }

  JavaTypeFactory typeFactory() {
    return typeFactory;
  }

  RelOptCluster cluster() {
    return cluster;
  }

  private CalciteCatalogReader reader(boolean rowKey, List<String> schemaPath) {
    return new CalciteCatalogReader(schemas.root(rowKey), schemaPath, typeFactory,
        SqlConfig.CONNECTION);
  }

  private MorphValidator validator(CalciteCatalogReader reader, RelDataType[] fixedTypes) {
    // Schemas hold no functions, so only the standard operators are looked up: asking the
    // catalog reader too cost a schema walk for every identifier (it might be a function).
    return new MorphValidator(CachedOperatorTable.STANDARD, reader, typeFactory, fixedTypes);
  }

  /**
   * Validates a query and converts it; {@code fixedTypes} per parameter index, or null. The
   * query is rewritten in place (column names qualified), as validation would anyway.
   */
  Converted convert(SqlNode query, RelDataType[] fixedTypes) {
    CalciteCatalogReader reader = reader(exposeRowKey, List.of(Catalog.DEFAULT_SCHEMA));
    MorphValidator validator = validator(reader, fixedTypes);
    ColumnQualifier.qualify(query, schemas.catalog());
    SqlNode validated = validator.validate(query);
    SqlToRelConverter converter = new SqlToRelConverter(this, validator, reader, cluster,
        StandardConvertletTable.INSTANCE, SqlConfig.TO_REL);
    Supplier<RelMetadataQuery> usual = cluster.getMetadataQuerySupplier();
    cluster.setMetadataQuerySupplier(ConversionMetadata::new);
    cluster.invalidateMetadataQuery();
    try {
      return new Converted(validated, validator, converter.convertQuery(validated, false, true));
    } finally {
      cluster.setMetadataQuerySupplier(usual);
      cluster.invalidateMetadataQuery();
    }
  }

  /** The root relation, with exactly the result columns, integer arithmetic checked and
   * INTERVAL results rendered as text. */
  RelNode logical(RelRoot root) {
    RelNode rel = root.project().accept(new CheckedArithmetic(cluster.getRexBuilder()));
    List<RelDataTypeField> fields = rel.getRowType().getFieldList();
    if (fields.stream().noneMatch(f -> SqlTypeUtil.isInterval(f.getType()))) {
      return rel;
    }
    RelBuilder b = relBuilder().push(rel);
    List<RexNode> exprs = new ArrayList<>();
    for (RelDataTypeField f : fields) {
      RexNode ref = b.field(f.getIndex());
      exprs.add(SqlTypeUtil.isInterval(f.getType())
          ? b.cast(ref, SqlTypeName.VARCHAR) : ref);
    }
    return b.project(exprs, rel.getRowType().getFieldNames(), true).build();
  }

  /** Optimizes a logical plan into an Enumerable one. */
  RelNode optimize(RelNode logical) {
    return optimizeTimed(logical, null);
  }

  /** {@link #optimize}, recording each phase's time in ms when {@code times} is not null. */
  RelNode optimizeTimed(RelNode logical, Map<String, Long> times) {
    PhaseClock clock = new PhaseClock(times);
    RelBuilder relBuilder = relBuilder();
    RelNode rel = logical;
    if (hasSubQuery(logical)) {
      // without sub-queries there is nothing to turn into correlates and nothing to decorrelate
      rel = hep(MorphRules.subQueries(), rel);
      clock.lap("subQueries");
      rel = RelDecorrelator.decorrelateQuery(rel, relBuilder);
      clock.lap("decorrelate");
    }
    rel = new RelFieldTrimmer(null, relBuilder).trim(rel);
    clock.lap("trim");
    rel = hep(MorphRules.logical(), rel);
    clock.lap("logical");
    if (RelOptUtil.countJoins(rel) >= MorphRules.MULTI_JOIN_MIN_JOINS) {
      rel = hep(MorphRules.joinOrder(), rel);
    }
    clock.lap("joinOrder");
    for (RelOptRule r : MorphRules.PHYSICAL) {
      planner.addRule(r);
    }
    RelTraitSet traits = cluster.traitSet().replace(EnumerableConvention.INSTANCE);
    planner.setRoot(rel.getTraitSet().equals(traits) ? rel : planner.changeTraits(rel, traits));
    rel = planner.findBestExp();
    clock.lap("physical");
    rel = Programs.calc(DefaultRelMetadataProvider.INSTANCE)
        .run(planner, rel, rel.getTraitSet(), List.of(), List.of());
    clock.lap("calc");
    return rel;
  }

  /**
   * A plan for a statement seen for the first time: the same logical rewrites as
   * {@link #optimize} (none for plans that run as they are: no join, window or aggregate
   * function to reduce) and a greedy join order, but correlated sub-queries stay correlates
   * (no decorrelation), no field trimming, and no cost-based search
   * ({@link DirectConversion}). Null when some operator needs the full optimizer.
   */
  RelNode quick(RelNode logical) {
    return DirectConversion.convert(quickRewrite(logical));
  }

  /**
   * The logical rewrites of {@link #quick}, before {@link DirectConversion}: what a plan for
   * another table of the same shape can share ({@link PlanTemplate}).
   */
  RelNode quickRewrite(RelNode logical) {
    RelNode rel = logical;
    if (hasSubQuery(rel)) {
      rel = hep(MorphRules.subQueries(), rel);
    }
    if (!DirectConversion.needsRewrites(rel)) {
      return rel;
    }
    if (RelOptUtil.countJoins(rel) >= MorphRules.MULTI_JOIN_MIN_JOINS) {
      // the joins first: the WHERE clause then joins the MultiJoin whole, where pushing it
      // into a deep join tree first took a rule firing per conjunct and level
      rel = hep(MorphRules.quickJoinsFirst(), rel);
    } else {
      rel = hep(MorphRules.quickLogical(), rel);
      if (RelOptUtil.countJoins(rel) >= MorphRules.MULTI_JOIN_MIN_JOINS) {
        rel = hep(MorphRules.quickJoinOrder(), rel);
      }
    }
    return rel;
  }

  /** A user table as the planner sees it, for a plan in this planning's cluster. */
  RelOptTable table(TableDef table) {
    return reader(exposeRowKey, List.of(Catalog.DEFAULT_SCHEMA))
        .getTable(List.of(table.schema(), table.name()));
  }

  /** Whether any expression of the plan is a sub-query. */
  static boolean hasSubQuery(RelNode root) {
    boolean[] found = {false};
    root.accept(new RelHomogeneousShuttle() {
      @Override
      public RelNode visit(RelNode other) {
        found[0] = found[0] || hasOwnSubQuery(other);
        return found[0] ? other : super.visit(other);
      }
    });
    return found[0];
  }

  /** Whether one of the rel's own expressions (not its inputs') holds a sub-query. */
  static boolean hasOwnSubQuery(RelNode rel) {
    return !ownSubQueries(rel).isEmpty();
  }

  /**
   * The sub-queries in the rel's own expressions (not its inputs'), found without copying: a
   * plain {@link RexShuttle} rebuilds every call's operand list on the way, which on the
   * corpus's deeply nested expressions was 1-2% of planning a statement.
   */
  static List<RexSubQuery> ownSubQueries(RelNode rel) {
    List<RexSubQuery> found = new ArrayList<>();
    RexVisitorImpl<Void> finder = new RexVisitorImpl<>(true) {
      @Override
      public Void visitSubQuery(RexSubQuery subQuery) {
        found.add(subQuery);
        return super.visitSubQuery(subQuery);
      }
    };
    rel.accept(new RexShuttle() {
      @Override
      public RexNode visitCall(RexCall call) {
        call.accept(finder);
        return call;
      }

      @Override
      public RexNode visitSubQuery(RexSubQuery subQuery) {
        subQuery.accept(finder);
        return subQuery;
      }
    });
    return found;
  }

  /** Times consecutive phases. */
  private static final class PhaseClock {
    private final Map<String, Long> times;
    private long last = System.nanoTime();

    PhaseClock(Map<String, Long> times) {
      this.times = times;
    }

    void lap(String phase) {
      if (times != null) {
        long now = System.nanoTime();
        times.merge(phase, (now - last) / 1_000_000, Long::sum);
        last = now;
      }
    }
  }

  private RelNode hep(HepProgram program, RelNode rel) {
    HepPlanner hep = new HepPlanner(program, null, true, null, RelOptCostImpl.FACTORY);
    hep.setExecutor(NO_FOLDING);
    hep.setRoot(rel);
    return hep.findBestExp();
  }

  RelBuilder relBuilder() {
    return RelFactories.LOGICAL_BUILDER.create(cluster, null);
  }

  /** The row type of a view: its query's, renamed to the view's declared column names. */
  RelDataType viewRowType(ViewDef view) {
    CalciteCatalogReader reader = reader(false, List.of(view.schema()));
    MorphValidator validator = validator(reader, null);
    SqlNode validated = validator.validate(SqlConfig.parse(view.sql()));
    RelDataType type = validator.getValidatedNodeType(validated);
    if (view.columnNames().isEmpty()) {
      return type;
    }
    if (view.columnNames().size() != type.getFieldCount()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "View '%s' names %d columns but its query has %d", view.name(),
          view.columnNames().size(), type.getFieldCount());
    }
    List<RelDataType> types = new ArrayList<>();
    type.getFieldList().forEach(f -> types.add(f.getType()));
    return typeFactory.createStructType(types, view.columnNames());
  }

  @Override
  public RelRoot expandView(RelDataType rowType, String queryString, List<String> schemaPath,
      List<String> viewPath) {
    CalciteCatalogReader reader = reader(false, schemaPath);
    MorphValidator validator = validator(reader, null);
    SqlNode validated = validator.validate(SqlConfig.parse(queryString));
    SqlToRelConverter converter = new SqlToRelConverter(this, validator, reader, cluster,
        StandardConvertletTable.INSTANCE, SqlConfig.TO_REL);
    return converter.convertQuery(validated, false, false);
  }
}
