package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.sql.exec.Interpreter;
import org.morphdb.engine.sql.exec.Leaf;

/** Turns a (lifted) query into an {@link ExecutablePlan}: plan, generate code, describe. */
final class QueryCompiler {
  /**
   * Whether plans start out interpreted (generated code comes once a plan has run often);
   * {@code -Dmorph.interpreter=false} always generates code.
   */
  static final boolean INTERPRET =
      !"false".equalsIgnoreCase(System.getProperty("morph.interpreter"));

  /**
   * Whether a statement's first plan may be a quick one ({@link Planning#quick});
   * {@code -Dmorph.quickPlan=false} always runs the full optimizer.
   */
  static final boolean QUICK = !"false".equalsIgnoreCase(System.getProperty("morph.quickPlan"));

  private QueryCompiler() {}

  /** A compiled plan, and what plans for tables of the same shape can start from (or null). */
  record Compiled(ExecutablePlan plan, PlanTemplate template) {}

  /** What a statement returns and takes, whatever plan runs it. */
  record Shape(List<ColumnMeta> columns, List<TypeKind> columnKinds,
      List<ColumnMeta> parameters, List<TypeKind> parameterKinds) {}

  /**
   * @param fixedTypes     per parameter index (the caller's, then the lifted ones), the type
   *                       to give it, or null to infer
   * @param userParameters how many parameters the caller supplies
   * @param liveRows       live rows of a table now, or null to always plan fully: the first
   *                       plan is a quick one when it is expected to be cheap to run
   */
  static ExecutablePlan compile(MorphSchemaFactory schemas, boolean exposeRowKey, SqlNode query,
      RelDataType[] fixedTypes, int userParameters, ToLongFunction<TableDef> liveRows) {
    return compile(schemas, exposeRowKey, query, fixedTypes, userParameters, liveRows, null)
        .plan();
  }

  /**
   * {@link #compile(MorphSchemaFactory, boolean, SqlNode, RelDataType[], int, ToLongFunction)},
   * and, when {@code slots} (the statement's tables) is given and the first plan is a quick
   * one, a template for the same statement over other tables of the same row types.
   */
  static Compiled compile(MorphSchemaFactory schemas, boolean exposeRowKey, SqlNode query,
      RelDataType[] fixedTypes, int userParameters, ToLongFunction<TableDef> liveRows,
      TableSlots slots) {
    // Validation rewrites the statement: keep a copy for planning it fully later.
    SqlNode pristine = LiteralLifter.copiesFully(query) ? LiteralLifter.copy(query) : null;
    Planning p = new Planning(schemas, exposeRowKey);
    Planning.Converted c = p.convert(query, fixedTypes);
    RelNode logical = p.logical(c.root());
    Shape shape = new Shape(columns(c, logical.getRowType()), kinds(logical.getRowType()),
        parameters(c, userParameters), parameterKinds(c, userParameters));
    Set<Integer> tables = tableIds(logical);
    RelNode rewritten = INTERPRET && QUICK && liveRows != null ? p.quickRewrite(logical) : null;
    RelNode quick = rewritten != null ? DirectConversion.convert(rewritten) : null;
    boolean quickFirst = quick != null && RunCost.of(quick, liveRows).quickEnough();
    if (!quickFirst) {
      RelNode full = p.optimize(logical);
      return new Compiled(assemble(schemas, exposeRowKey, shape, tables, full, false, () -> full),
          null);
    }
    // The full plan comes from a fresh planning run (the quick one's cluster may be shared by
    // a template); without a copy of the statement, from this one.
    Supplier<RelNode> full = pristine != null
        ? () -> fullPlan(schemas, exposeRowKey, pristine, fixedTypes)
        : () -> p.optimize(logical);
    ExecutablePlan plan = assemble(schemas, exposeRowKey, shape, tables, quick, true, full);
    PlanTemplate template = slots != null && pristine != null
        ? PlanTemplate.of(schemas, exposeRowKey, slots.tables(), shape, tables, p, rewritten)
        : null;
    return new Compiled(plan, template);
  }

  /** The fully optimized plan of a statement (not yet validated; it is not modified). */
  static RelNode fullPlan(MorphSchemaFactory schemas, boolean exposeRowKey, SqlNode query,
      RelDataType[] fixedTypes) {
    Planning p = new Planning(schemas, exposeRowKey);
    Planning.Converted c = p.convert(LiteralLifter.copy(query), fixedTypes);
    return p.optimize(p.logical(c.root()));
  }

  /**
   * A plan that runs {@code first} (interpreted, when it can be), and generates code for the
   * plan {@code full} supplies once it has run {@link ExecutablePlan#GENERATE_AFTER} times.
   */
  static ExecutablePlan assemble(MorphSchemaFactory schemas, boolean exposeRowKey, Shape shape,
      Set<Integer> tables, RelNode first, boolean quickFirst, Supplier<RelNode> full) {
    // What runs now: the quick plan is replaced by the full one when code is generated.
    AtomicReference<RelNode> running = new AtomicReference<>(first);
    Map<String, Object> stash = new ConcurrentHashMap<>();
    int fieldCount = first.getRowType().getFieldCount();
    Supplier<ExecutablePlan.Runner> generate = () -> {
      RelNode plan = full.get();
      if (INTERPRET && sumsBigints(plan)) {
        // Calcite's generated SUM adds longs with '+' and would wrap around where the
        // interpreter fails with 22003: the full plan goes on interpreted, when it can.
        var interpreted = Interpreter.tryBuild(plan, QueryCompiler::leaf);
        if (interpreted.isPresent()) {
          running.set(plan);
          return interpreted.get()::open;
        }
      }
      ExecutablePlan.Runner r = ExecutablePlan.bindable(
          CodeCompiler.toBindable(stash, (EnumerableRel) plan, EnumerableRel.Prefer.ARRAY),
          fieldCount);
      running.set(plan);
      return r;
    };
    ExecutablePlan.Runner runner = INTERPRET
        ? Interpreter.tryBuild(first, QueryCompiler::leaf)
            .map(plan -> ExecutablePlan.tiered(plan::open, generate))
            .orElseGet(generate)
        : generate.get();
    return new ExecutablePlan(schemas, exposeRowKey, shape.columns(), shape.columnKinds(),
        shape.parameters(), shape.parameterKinds(), tables,
        () -> RelOptUtil.toString(running.get()), Collections.unmodifiableMap(stash), runner,
        quickFirst);
  }

  /** Whether the plan sums BIGINTs (SUM or $SUM0 of a BIGINT argument) anywhere. */
  static boolean sumsBigints(RelNode rel) {
    if (rel instanceof Aggregate agg) {
      for (AggregateCall call : agg.getAggCallList()) {
        SqlKind kind = call.getAggregation().getKind();
        if ((kind == SqlKind.SUM || kind == SqlKind.SUM0) && call.getArgList().stream().anyMatch(
            i -> agg.getInput().getRowType().getFieldList().get(i).getType().getSqlTypeName()
                == SqlTypeName.BIGINT)) {
          return true;
        }
      }
    }
    for (RelNode input : rel.getInputs()) {
      if (sumsBigints(input)) {
        return true;
      }
    }
    return false;
  }

  /** How the interpreter reads a leaf of our plans, or null for other rels. */
  private static Leaf leaf(RelNode rel) {
    if (rel instanceof MorphScan scan) {
      return scan.leaf();
    }
    return rel instanceof MorphSystemScan system ? system.leaf() : null;
  }

  /** EXPLAIN PLAN FOR: one row, one VARCHAR column PLAN. */
  static ExecutablePlan explain(MorphSchemaFactory schemas, boolean exposeRowKey,
      SqlExplain explain, SqlNode query, RelDataType[] fixedTypes, int userParameters) {
    Planning p = new Planning(schemas, exposeRowKey);
    Planning.Converted c = p.convert(query, fixedTypes);
    RelNode logical = p.logical(c.root());
    SqlExplainLevel level = explain.getDetailLevel();
    String text = switch (explain.getDepth()) {
      case TYPE -> RelOptUtil.dumpType(logical.getRowType());
      case LOGICAL -> RelOptUtil.dumpPlan("", logical, explain.getFormat(), level);
      default -> RelOptUtil.dumpPlan("", p.optimize(logical), explain.getFormat(), level);
    };
    RelDataTypeFactory f = p.typeFactory();
    RelDataType planType = f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), false);
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {text});
    return new ExecutablePlan(schemas, exposeRowKey,
        List.of(CalciteTypes.columnMeta("PLAN", null, planType)), List.of(TypeKind.VARCHAR),
        parameters(c, userParameters), parameterKinds(c, userParameters), tableIds(logical), () -> text,
        Map.of(), ExecutablePlan.constant(rows), false);
  }

  private static List<ColumnMeta> columns(Planning.Converted c, RelDataType finalType) {
    RelDataType validated = c.validator().getValidatedNodeType(c.validated());
    List<List<String>> origins = c.validator().getFieldOrigins(c.validated());
    List<ColumnMeta> list = new ArrayList<>();
    for (int i = 0; i < finalType.getFieldCount(); i++) {
      String name = i < validated.getFieldCount() ? validated.getFieldNames().get(i)
          : finalType.getFieldNames().get(i);
      List<String> origin = i < origins.size() ? origins.get(i) : null;
      list.add(CalciteTypes.columnMeta(name, origin, finalType.getFieldList().get(i).getType()));
    }
    return List.copyOf(list);
  }

  private static List<TypeKind> kinds(RelDataType type) {
    List<TypeKind> list = new ArrayList<>();
    type.getFieldList().forEach(f -> list.add(CalciteTypes.kindOf(f.getType())));
    return List.copyOf(list);
  }

  /** The types the validator gave the caller's parameters. */
  private static List<RelDataType> parameterTypes(Planning.Converted c, int userParameters) {
    RelDataType[] types = new RelDataType[userParameters];
    c.validated().accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlDynamicParam param) {
        int i = param.getIndex();
        if (i < userParameters && types[i] == null) {
          types[i] = c.validator().getValidatedNodeTypeIfKnown(param);
        }
        return param;
      }
    });
    RelDataTypeFactory f = c.validator().getTypeFactory();
    List<RelDataType> list = new ArrayList<>();
    for (RelDataType t : types) {
      list.add(t != null ? t
          : f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true));
    }
    return list;
  }

  private static List<ColumnMeta> parameters(Planning.Converted c, int userParameters) {
    List<ColumnMeta> list = new ArrayList<>();
    List<RelDataType> types = parameterTypes(c, userParameters);
    for (int i = 0; i < types.size(); i++) {
      list.add(CalciteTypes.columnMeta("?" + (i + 1), null, types.get(i)));
    }
    return List.copyOf(list);
  }

  private static List<TypeKind> parameterKinds(Planning.Converted c, int userParameters) {
    List<TypeKind> list = new ArrayList<>();
    parameterTypes(c, userParameters).forEach(t -> list.add(CalciteTypes.kindOf(t)));
    return List.copyOf(list);
  }

  /** Ids of the user tables a plan reads, sub-queries included. */
  static Set<Integer> tableIds(RelNode rel) {
    Set<Integer> ids = new LinkedHashSet<>();
    collect(rel, ids);
    return Set.copyOf(ids);
  }

  private static void collect(RelNode rel, Set<Integer> ids) {
    if (rel instanceof MorphScan s) {
      ids.add(s.def().id());
    }
    for (RexSubQuery subQuery : Planning.ownSubQueries(rel)) {
      collect(subQuery.rel, ids);
    }
    for (RelNode input : rel.getInputs()) {
      collect(input, ids);
    }
  }
}
