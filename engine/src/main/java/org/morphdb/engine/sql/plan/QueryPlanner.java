package org.morphdb.engine.sql.plan;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.catalog.ViewDef;

/**
 * Plans and compiles queries with Calcite over MorphDB tables; one per database, thread-safe.
 *
 * <p>A statement's numeric and string literals are lifted into hidden parameters, so
 * statements differing only in constants share one compiled plan (see {@link LiteralLifter});
 * plans are cached per catalog version. Calcite schemas are built once per catalog version.
 */
public final class QueryPlanner {
  /** Row count assumed for tables when nothing better is known. */
  public static final long DEFAULT_ROW_COUNT = 1000;

  /**
   * Whether statements over tables of the same row types share logical plans
   * ({@link PlanTemplate}); {@code -Dmorph.planTemplates=false} plans each one fully.
   */
  static final boolean TEMPLATES =
      !"false".equalsIgnoreCase(System.getProperty("morph.planTemplates"));

  private final PlanCache cache;
  private final ToLongFunction<TableDef> rowCountEstimate;
  private final ToLongFunction<TableDef> liveRows;
  private final Cache<Integer, MorphSchemaFactory> schemas =
      Caffeine.newBuilder().maximumSize(8).build();
  private final Cache<ExpressionKey, CompiledExpression> expressions;

  /**
   * Plan cache counters: a hit is a prepare that compiled nothing; of the misses, {@code shared}
   * were planned from the logical plan of the same statement over other tables
   * ({@link PlanTemplate}).
   */
  public record CacheStats(long hits, long misses, long size, long shared) {}

  private record ExpressionKey(String sql, String schema, String table, List<Object> columns,
      ColumnType resultType) {}

  public QueryPlanner(int planCacheSize) {
    this(planCacheSize, t -> DEFAULT_ROW_COUNT);
  }

  /** @param rowCountEstimate estimated rows of a table, for choosing access paths and join order */
  public QueryPlanner(int planCacheSize, ToLongFunction<TableDef> rowCountEstimate) {
    this(planCacheSize, rowCountEstimate, null);
  }

  /**
   * @param liveRows a table's live rows now (cheap, approximate), or null: with it, a
   *                 statement's first plan skips the cost-based optimizer when running it is
   *                 expected to be cheap, and the full plan comes when the plan keeps running
   */
  public QueryPlanner(int planCacheSize, ToLongFunction<TableDef> rowCountEstimate,
      ToLongFunction<TableDef> liveRows) {
    this.cache = new PlanCache(planCacheSize);
    this.rowCountEstimate = rowCountEstimate;
    this.liveRows = liveRows;
    this.expressions = Caffeine.newBuilder().maximumSize(Math.max(16, planCacheSize)).build();
  }

  /** Parses (MorphParser), validates and plans a query, via the plan cache. */
  public PreparedQuery prepare(String sql, Catalog catalog, QueryOptions options) {
    return prepare(sql, null, catalog, options);
  }

  /**
   * {@link #prepare(String, Catalog, QueryOptions)} for a statement the caller has parsed
   * already ({@code parsed}, or null): planning works on a copy, so the caller may keep it.
   */
  public PreparedQuery prepare(String sql, SqlNode parsed, Catalog catalog,
      QueryOptions options) {
    PlanCache.PlanKey exact = new PlanCache.PlanKey(catalog.version(), options.exposeRowKey(),
        sql, options.parameterTypes());
    PreparedQueryImpl q = cache.statement(exact);
    if (q != null && schemasOf(catalog) == q.plan().schemas()) {
      cache.countHit();
      return q;
    }
    SqlNode node;
    try {
      node = parsed != null && LiteralLifter.copiesFully(parsed) ? parsed : SqlConfig.parse(sql);
    } catch (StackOverflowError e) {
      throw ErrorTranslator.planning(e); // nested too deeply: "statement too complex"
    }
    PreparedQuery prepared = prepare(node, catalog, options);
    if (prepared instanceof PreparedQueryImpl impl && node.getKind() != SqlKind.EXPLAIN) {
      cache.putStatement(exact, impl);
    }
    return prepared;
  }

  /**
   * Validates and plans a query (SELECT, VALUES, set operations, ORDER BY, WITH, or EXPLAIN
   * PLAN FOR one of those) against this catalog version. The node is not modified.
   */
  public PreparedQuery prepare(SqlNode query, Catalog catalog, QueryOptions options) {
    try {
      MorphSchemaFactory s = schemasOf(catalog);
      if (query instanceof SqlExplain explain) {
        return explain(s, explain, options);
      }
      requireQuery(query);
      return prepareQuery(s, query, options);
    } catch (Throwable e) {
      throw ErrorTranslator.planning(e);
    }
  }

  /**
   * Compiles a scalar expression over a table's columns (CHECK constraints, DEFAULTs).
   *
   * @param resultTypeOrNull the value is cast to this type, when given
   */
  public CompiledExpression compileExpression(String sqlExpr, TableDef table,
      ColumnType resultTypeOrNull) {
    List<Object> columns = new ArrayList<>();
    table.columns().forEach(c -> columns.add(List.of(c.name(), c.type(), c.nullable())));
    ExpressionKey key = new ExpressionKey(sqlExpr, table.schema(), table.name(), columns,
        resultTypeOrNull);
    try {
      return expressions.get(key, k -> ExpressionCompiler.compile(sqlExpr, table, resultTypeOrNull));
    } catch (Throwable e) {
      throw ErrorTranslator.planning(e);
    }
  }

  /**
   * Rows of a catalog-derived system table (INFORMATION_SCHEMA.*), including views' columns,
   * which need the planner to derive.
   */
  public List<Object[]> systemRows(Catalog catalog, String schema, String table) {
    MorphSchemaFactory s = schemasOf(catalog);
    return SystemTables.catalogRows(catalog, schema, table, v -> viewColumns(s, v));
  }

  /**
   * Loads and initializes Calcite's planner, metadata handlers and code generator (seconds,
   * once per JVM), so that the first real statement does not pay for it. Call it from a
   * background thread when a database starts; calling it again is cheap and harmless.
   */
  public static void warmUp() {
    ColumnDef a = new ColumnDef(2, 0, "A", ColumnType.of(TypeKind.INTEGER), ConstraintState.VALID,
        null, null, null);
    ColumnDef b = new ColumnDef(3, 1, "B", ColumnType.of(TypeKind.VARCHAR), null, null, null, null);
    TableDef w = new TableDef(1, Catalog.DEFAULT_SCHEMA, "W", 1, List.of(a, b), List.of(2),
        List.of(), List.of(), 2);
    Catalog c = new Catalog(1, 0L, 4, "", Map.of(1, w), Map.of());
    QueryPlanner p = new QueryPlanner(4);
    p.prepare("SELECT b, COUNT(*) FROM w WHERE a = 1 GROUP BY b ORDER BY b", c, QueryOptions.DEFAULT);
    p.prepare("SELECT w1.b FROM w w1 JOIN w w2 ON w1.a = w2.a"
        + " WHERE w1.a IN (SELECT a FROM w WHERE b LIKE 'x%')", c, QueryOptions.DEFAULT);
    p.compileExpression("a > 0", w, null);
  }

  /** Plan cache counters. */
  public CacheStats cacheStats() {
    return cache.stats();
  }

  private List<ColumnMeta> viewColumns(MorphSchemaFactory s, ViewDef v) {
    try {
      RelDataType type = s.view(v).getRowType(SqlConfig.typeFactory());
      List<ColumnMeta> list = new ArrayList<>();
      type.getFieldList().forEach(f -> list.add(CalciteTypes.columnMeta(f.getName(), null, f.getType())));
      return list;
    } catch (RuntimeException e) {
      return List.of();  // a broken view (e.g. its table was dropped) shows no columns
    }
  }

  private PreparedQuery prepareQuery(MorphSchemaFactory s, SqlNode query, QueryOptions options) {
    JavaTypeFactory f = SqlConfig.typeFactory();
    int n = LiteralLifter.countParameters(query);
    LiteralLifter.Lifted lifted;
    try {
      lifted = LiteralLifter.lift(query, f, n, true);
    } catch (RuntimeException e) {
      // A node the lifter cannot copy or print: plan a fresh parse of it (validation
      // rewrites what it plans, and the caller may keep the node), uncached.
      SqlNode fresh = SqlConfig.parse(query.toSqlString(CalciteSqlDialect.DEFAULT).getSql());
      return new PreparedQueryImpl(QueryCompiler.compile(s, options.exposeRowKey(), fresh,
          fixedTypes(options, n, List.of()), n, liveRows), List.of());
    }
    try {
      return bind(s, lifted, n, options);
    } catch (MorphException e) {
      if (lifted.values().isEmpty() || (e.code() != ErrorCode.INVALID_STATEMENT
          && e.code() != ErrorCode.FEATURE_NOT_SUPPORTED)) {
        throw e;
      }
      // Some operators need literal operands: plan this statement with its literals in place.
      return bind(s, LiteralLifter.lift(query, f, n, false), n, options);
    }
  }

  private PreparedQueryImpl bind(MorphSchemaFactory s, LiteralLifter.Lifted lifted, int n,
      QueryOptions options) {
    PlanCache.PlanKey key = new PlanCache.PlanKey(s.catalog().version(), options.exposeRowKey(),
        lifted.key(), options.parameterTypes());
    ExecutablePlan plan = cache.plan(key, s, () -> {
      try {
        return compile(s, lifted, fixedTypes(options, n, lifted.types()), n, options);
      } catch (Throwable e) {
        throw ErrorTranslator.planning(e);
      }
    });
    return new PreparedQueryImpl(plan, lifted.values());
  }

  /**
   * Plans a statement: from the template of the same statement over other tables of the same
   * row types when there is one, else fully (and keeps a template when it can).
   */
  private ExecutablePlan compile(MorphSchemaFactory s, LiteralLifter.Lifted lifted,
      RelDataType[] fixedTypes, int n, QueryOptions options) {
    TableSlots slots = TEMPLATES && liveRows != null ? TableSlots.of(lifted.key(), lifted.names(), s.catalog())
        : null;
    PlanCache.PlanKey slotted = slots == null ? null : new PlanCache.PlanKey(
        s.catalog().version(), options.exposeRowKey(), slots.key(), options.parameterTypes());
    PlanTemplate template = slotted == null ? null : cache.template(slotted);
    if (template != null) {
      ExecutablePlan plan = template.instantiate(s, slots.tables(), lifted.node(), fixedTypes,
          liveRows);
      if (plan != null) {
        cache.countShared();
        return plan;
      }
    }
    QueryCompiler.Compiled compiled = QueryCompiler.compile(s, options.exposeRowKey(),
        lifted.node(), fixedTypes, n, liveRows, template == null ? slots : null);
    if (compiled.template() != null) {
      cache.putTemplate(slotted, compiled.template());
    }
    return compiled.plan();
  }

  private PreparedQuery explain(MorphSchemaFactory s, SqlExplain explain, QueryOptions options) {
    SqlNode query = explain.getExplicandum();
    requireQuery(query);
    int n = LiteralLifter.countParameters(query);
    LiteralLifter.Lifted copy = LiteralLifter.lift(query, SqlConfig.typeFactory(), n, false);
    ExecutablePlan plan = QueryCompiler.explain(s, options.exposeRowKey(), explain, copy.node(),
        fixedTypes(options, n, List.of()), n);
    return new PreparedQueryImpl(plan, List.of());
  }

  /**
   * Types of the caller's parameters when declared, then of the lifted ones. Lifted literals
   * are typed nullable, as Calcite types every parameter (a CAST's type is derived before its
   * operand's, so a NOT NULL parameter would make the validator and the converter disagree).
   */
  private static RelDataType[] fixedTypes(QueryOptions options, int n, List<RelDataType> lifted) {
    RelDataType[] fixed = new RelDataType[n + lifted.size()];
    JavaTypeFactory f = SqlConfig.typeFactory();
    List<ColumnType> declared = options.parameterTypes();
    if (declared != null) {
      if (declared.size() != n) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT,
            "Statement has %d parameters, %d types given", n, declared.size());
      }
      for (int i = 0; i < n; i++) {
        fixed[i] = CalciteTypes.toRelType(f, declared.get(i), true);
      }
    }
    for (int i = 0; i < lifted.size(); i++) {
      fixed[n + i] = f.createTypeWithNullability(lifted.get(i), true);
    }
    return fixed;
  }

  private static void requireQuery(SqlNode node) {
    if (!node.getKind().belongsTo(SqlKind.QUERY)) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Not a query: %s", node.getKind());
    }
  }

  /** The Calcite schemas of a catalog version, built on first use. */
  private MorphSchemaFactory schemasOf(Catalog catalog) {
    MorphSchemaFactory s = schemas.get(catalog.version(), v -> newSchemas(catalog));
    if (s.catalog() != catalog && !sameContents(s.catalog(), catalog)) {
      // Another catalog under the same version number: plans for the old one are stale.
      s = newSchemas(catalog);
      schemas.put(catalog.version(), s);
    }
    return s;
  }

  private MorphSchemaFactory newSchemas(Catalog catalog) {
    return new MorphSchemaFactory(catalog, rowCountEstimate,
        (s, view) -> new Planning(s, false).viewRowType(view));
  }

  private static boolean sameContents(Catalog a, Catalog b) {
    return a.tablesById().equals(b.tablesById()) && a.viewsByName().equals(b.viewsByName());
  }
}
