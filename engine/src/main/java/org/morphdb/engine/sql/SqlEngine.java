package org.morphdb.engine.sql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.morphdb.engine.Database;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.SchemaVersionMismatchException;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.engine.api.TableVersions;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.sql.parser.ForUpdate;
import org.morphdb.engine.sql.parser.Returning;
import org.morphdb.engine.sql.parser.MorphParser;
import org.morphdb.engine.sql.parser.SqlCancelDdlJob;
import org.morphdb.engine.sql.parser.SqlCheckTable;
import org.morphdb.engine.sql.parser.SqlCheckpoint;
import org.morphdb.engine.sql.plan.PreparedQuery;
import org.morphdb.engine.sql.plan.QueryOptions;
import org.morphdb.engine.sql.plan.QueryPlanner;
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.Enlistment;
import org.morphdb.engine.tx.TableAccess;
import org.morphdb.engine.tx.Transaction;

/**
 * The statement coordinator: parses and classifies statements, checks the client's schema
 * versions, plans against the right catalog version, and runs queries, DML, DDL and the
 * utility statements inside the transaction the session gives it.
 */
public final class SqlEngine {
  private static final List<ColumnMeta> CHECK_COLUMNS = List.of(
      varchar("TABLE_NAME"), varchar("INDEX_NAME"), varchar("PROBLEM"), varchar("KEY"));

  private final Database db;
  private final QueryPlanner planner;
  private final SqlConstraints constraints;
  private final TableAccess access;
  private final DmlRunner dml;
  private final DdlRunner ddl;
  private final TableChecker checker;
  private final Cache<String, Prepared> parsed = Caffeine.newBuilder().maximumSize(10_000)
      .executor(Runnable::run).build(); // upkeep on the caller: most statements are new

  /** Calcite's one-off class loading, moved off the first real query once per JVM. */
  private static final java.util.concurrent.atomic.AtomicBoolean WARMED_UP =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Open once the warm-up is over. Statements wait for it before touching Calcite: some of
   * Calcite's classes initialize each other (SqlConformance and SqlConformanceEnum), and two
   * threads initializing them at once deadlock in the JVM's class initialization. Waiting
   * costs the first statement nothing it would not have spent loading the same classes.
   */
  private static final java.util.concurrent.CountDownLatch WARM =
      new java.util.concurrent.CountDownLatch(1);

  /** Engines are built one at a time until the warm-up has started (see {@link #WARM}). */
  private static final Object CONSTRUCTION = new Object();

  public SqlEngine(Database db) {
    synchronized (CONSTRUCTION) {
      awaitWarmUp(); // building an engine may touch Calcite too
      this.db = db;
      this.planner = new QueryPlanner(10_000, t -> QueryPlanner.DEFAULT_ROW_COUNT,
          t -> db.store().approximateSize(t.id()));
      this.constraints = new SqlConstraints(planner);
      this.access = new TableAccess(db.txManager());
      this.dml = new DmlRunner(db, this, access);
      this.ddl = new DdlRunner(db, this);
      this.checker = new TableChecker(db.store(), constraints);
      startWarmUp();
    }
  }

  private static void startWarmUp() {
    if (WARMED_UP.compareAndSet(false, true)) {
      Thread warmUp = new Thread(() -> {
        try {
          QueryPlanner.warmUp();
        } catch (RuntimeException | LinkageError ignored) {
          // only a head start: the first query does the same work if this fails
        } finally {
          WARM.countDown();
        }
      }, "morph-warm-up");
      warmUp.setDaemon(true);
      warmUp.start();
    }
  }

  public ConstraintChecker constraintChecker() { return constraints; }

  public TableAccess tableAccess() { return access; }

  QueryPlanner planner() { return planner; }

  // --- prepare and describe ------------------------------------------------------------

  /** Parses and classifies a statement (parse results are cached by SQL text). */
  public Prepared prepare(String sql) {
    awaitWarmUp();
    if (sql == null || sql.isBlank()) {
      throw new MorphException(ErrorCode.SYNTAX_ERROR, "Empty SQL statement");
    }
    Prepared p = parsed.getIfPresent(sql);
    if (p == null) {
      ForUpdate clause = ForUpdate.split(sql);
      Returning returning = Returning.split(clause.query());
      SqlNode node = MorphParser.parse(returning.statement());
      p = new Prepared(sql, node, kindOf(node), clause.forUpdate(), returning.columns());
      parsed.put(sql, p);
    }
    return p;
  }

  private static StatementKind kindOf(SqlNode node) {
    if (node instanceof SqlCheckTable || node.getKind().belongsTo(SqlKind.QUERY) || node.getKind() == SqlKind.EXPLAIN) {
      return StatementKind.QUERY;
    }
    if (node instanceof SqlCancelDdlJob || node instanceof SqlCheckpoint
        || node instanceof org.morphdb.engine.sql.parser.SqlTransactionControl) {
      return StatementKind.OTHER;
    }
    if (node.getKind().belongsTo(SqlKind.DML)) {
      return StatementKind.DML;
    }
    if (node.getKind().belongsTo(SqlKind.DDL)) {
      return StatementKind.DDL;
    }
    throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Statement not supported: %s", node.getKind());
  }

  private static void awaitWarmUp() {
    if (!WARMED_UP.get() || WARM.getCount() == 0) {
      return;
    }
    boolean interrupted = false;
    while (true) {
      try {
        WARM.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  public PrepareResponse describe(long id, Prepared p, Catalog c, Transaction tx) {
    return switch (p.kind()) {
      case QUERY -> {
        if (p.node() instanceof SqlCheckTable) {
          yield new PrepareResponse(id, p.kind(), List.of(), CHECK_COLUMNS, Map.of());
        }
        Object plan = queryPlan(p, c);
        if (plan instanceof PointAccess point) {
          TableDef t = point.table();
          yield new PrepareResponse(id, p.kind(), point.parameters(), point.columns(), TableVersions.of(t.id(), t.version()));
        }
        PreparedQuery q = (PreparedQuery) plan;
        yield new PrepareResponse(id, p.kind(), q.parameters(), q.columns(), versions(q.tableIds(), c));
      }
      case DML -> { // an INSERT ... RETURNING describes the rows it answers with
        DmlRunner.DmlPlan plan = planDml(p, c);
        yield new PrepareResponse(id, p.kind(), plan.parameters(),
            p.returning() == null ? List.of() : InsertedRows.columns(plan.table(), p.returning()),
            TableVersions.of(plan.table().id(), plan.table().version()));
      }
      default -> new PrepareResponse(id, p.kind(), List.of(), List.of(), Map.of());
    };
  }

  /**
   * The catalog a statement is described against: its transaction's (the snapshot's for a
   * read-only one), else the one in force now — known completely, so a statement prepared
   * right after a DDL returned sees it (linearizability), on any node.
   */
  public Catalog describeCatalog(Transaction tx, Node node) {
    return tx != null && tx.readOnly() ? node.catalogAt(tx.snapshotTs()) : node.catalogAt(db.store().nowTs());
  }

  /** The newest catalog version in which every given table has the given version. */
  public Catalog catalogWithVersions(Map<Integer, Integer> tableVersions, Catalog latest) {
    List<Catalog> all = db.catalogLog().versions();
    for (int i = Math.min(all.size() - 1, latest.version()); i >= 0; i--) {
      Catalog c = all.get(i);
      boolean matches = true;
      for (Map.Entry<Integer, Integer> e : tableVersions.entrySet()) {
        TableDef t = c.table(e.getKey()).orElse(null);
        if (t == null || t.version() != e.getValue()) {
          matches = false;
          break;
        }
      }
      if (matches) {
        return c;
      }
    }
    return latest;
  }

  // --- running -------------------------------------------------------------------------

  public Response runQuery(Transaction tx, Node node, Prepared p, List<Object> params,
      Map<Integer, Integer> clientVersions, long maxRows) {
    Catalog c = planningCatalog(tx, node);
    checkClientVersions(tx, c, clientVersions);
    if (p.node() instanceof SqlCheckTable check) {
      return checkTable(tx, node, c, check);
    }
    Object plan = planInTransaction(tx, node, c, cat -> queryPlan(p, cat));
    if (plan instanceof PointAccess point) {
      return pointRead(tx, node, c, point, params);
    }
    PreparedQuery q = (PreparedQuery) plan;
    Object[] args = ParamBinder.bind(q.parameters(), params);
    Iterator<Object[]> rows = q.execute(new TxTableSource(access, tx, node, db, c), args);
    List<TypeKind> kinds = q.columnKinds();
    List<Object[]> out = new ArrayList<>();
    while (rows.hasNext() && (maxRows <= 0 || out.size() < maxRows)) {
      Object[] r = rows.next();
      Object[] api = new Object[kinds.size()];
      for (int i = 0; i < api.length; i++) {
        api[i] = Values.toApi(kinds.get(i), r[i]);
      }
      out.add(api);
    }
    return Response.rows(q.columns(), new ListCursor(out), versions(q.tableIds(), c));
  }

  public Response runDml(Transaction tx, Node node, Prepared p, List<Object> params,
      Map<Integer, Integer> clientVersions) {
    return runDml(tx, node, p, params, clientVersions, null);
  }

  /** @param keysAsked see {@link org.morphdb.engine.api.ExecuteRequest#generatedKeyColumns()} */
  public Response runDml(Transaction tx, Node node, Prepared p, List<Object> params,
      Map<Integer, Integer> clientVersions, List<String> keysAsked) {
    if (tx.readOnly()) {
      throw MorphException.of(ErrorCode.READ_ONLY_TRANSACTION, "Cannot write in a read-only transaction");
    }
    Catalog c = planningCatalog(tx, node);
    checkClientVersions(tx, c, clientVersions);
    DmlRunner.DmlPlan plan = planInTransaction(tx, node, c, cat -> planDml(p, cat));
    List<String> asked = p.returning() != null ? p.returning() : plan.kind() == SqlKind.INSERT ? keysAsked : null;
    DmlRunner.Result r = dml.run(tx, node, plan, params, new TxTableSource(access, tx, node, db, c),
        asked, c);
    Map<Integer, Integer> versions = TableVersions.of(plan.table().id(), plan.table().version());
    if (p.returning() != null) {
      return Response.rows(r.generatedKeys().columns(), new ListCursor(r.generatedKeys().rows()), versions);
    }
    return Response.count(r.count(), versions, r.generatedKeys());
  }

  public Response runDdl(Node node, Prepared p) {
    return ddl.run(node, p);
  }

  public Response runOther(Prepared p) {
    if (p.node() instanceof SqlCancelDdlJob cancel) {
      db.jobRunner().cancel(cancel.jobId());
      return Response.ok(StatementKind.OTHER);
    }
    if (p.node() instanceof SqlCheckpoint) {
      db.checkpoint();
      return Response.ok(StatementKind.OTHER);
    }
    throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Statement not supported: %s", p.node().getKind());
  }

  private Response checkTable(Transaction tx, Node node, Catalog c, SqlCheckTable check) {
    TableDef t = resolveTable(c, check.table());
    List<Object[]> rows;
    try (var snapshot = db.store().openSnapshot()) { // registered: the reclaimer keeps what it reads
      rows = checker.check(t, snapshot.ts(), db.jobRunner().jobs().purgedSpaces(t.id(), snapshot.ts()));
    }
    return Response.rows(CHECK_COLUMNS, new ListCursor(rows), TableVersions.of(t.id(), t.version()));
  }

  // --- schema versions -----------------------------------------------------------------

  /** Read-only: the catalog of the snapshot. Read-write: the catalog in force now. */
  Catalog planningCatalog(Transaction tx, Node node) {
    return tx.readOnly() ? node.catalogAt(tx.snapshotTs()) : node.catalogAt(db.store().nowTs());
  }

  /**
   * The client protocol: each clientSV must equal tableEnlistSV (the version bound at
   * enlistment, or about to be bound, or the snapshot's), checked before the operation rules.
   */
  private static void checkClientVersions(Transaction tx, Catalog c, Map<Integer, Integer> clientVersions) {
    if (clientVersions instanceof TableVersions.One one) { // most statements: read without walking a map
      checkClientVersion(tx, c, one.tableId(), one.version());
      return;
    }
    clientVersions.forEach((tableId, clientSV) -> checkClientVersion(tx, c, tableId, clientSV));
  }

  private static void checkClientVersion(Transaction tx, Catalog c, int tableId, int clientSV) {
    Enlistment enlisted = tx.readOnly() ? null : tx.enlistment(tableId);
    TableDef t = enlisted != null ? enlisted.initial() : c.table(tableId).orElse(null);
    int enlistSV = t == null ? -1 : t.version();
    if (enlistSV != clientSV) {
      throw new SchemaVersionMismatchException(t == null ? "#" + tableId : t.name(), tableId, clientSV, enlistSV);
    }
  }

  /**
   * Plans against the schema in force now. When that fails because a name is gone, but the
   * statement does plan against the schema the transaction enlisted, it is an operation on
   * a table a DDL changed since enlistment: the operation rule aborts the transaction with
   * 1001 (a retry then sees the new schema), rather than report a name error for a
   * statement that was valid in the transaction's own schema.
   */
  private <P> P planInTransaction(Transaction tx, Node node, Catalog c, java.util.function.Function<Catalog, P> plan) {
    try {
      return plan.apply(c);
    } catch (MorphException e) {
      if (tx.readOnly() || !(e.code() == ErrorCode.COLUMN_NOT_FOUND || e.code() == ErrorCode.TABLE_NOT_FOUND)) {
        throw e;
      }
      Catalog enlisted = catalogWithVersions(tx.tableEnlistVersions(), c);
      if (enlisted.version() == c.version()) {
        throw e;
      }
      P old;
      try {
        old = plan.apply(enlisted);
      } catch (MorphException stillFails) {
        throw e;
      }
      for (int id : tablesOf(old)) {
        if (tx.enlistment(id) != null) {
          db.txManager().checkTableVersion(tx, node, id); // throws 1001 for the changed table
        }
      }
      throw e;
    }
  }

  private static Map<Integer, Integer> versions(Iterable<Integer> tableIds, Catalog c) {
    Map<Integer, Integer> out = new LinkedHashMap<>();
    for (int id : tableIds) {
      c.table(id).ifPresent(t -> out.put(id, t.version()));
    }
    return out;
  }

  // --- planning ------------------------------------------------------------------------

  /** A {@link PointAccess} when the query is a primary-key point read, else a planned query. */
  private Object queryPlan(Prepared p, Catalog c) {
    Object plan = p.plan(c.version());
    if (plan == null && stillValid(p, c)) {
      plan = p.anyPlan();
      p.cachePlan(c.version(), plan);
    }
    if (plan == null) {
      plan = PointAccess.of(p.node(), id -> {
        String[] qn = DdlTranslator.name(id);
        return c.table(qn[0], qn[1]).orElse(null);
      });
      if (plan == null) {
        plan = planner.prepare(p.sql(), p.node(), c, QueryOptions.DEFAULT);
      }
      p.cachePlan(c.version(), plan);
    }
    return plan;
  }

  private Response pointRead(Transaction tx, Node node, Catalog c, PointAccess point, List<Object> params) {
    TableDef t = point.table();
    if (params.size() != point.parameters().size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "The statement has %d parameters but %d values were given", point.parameters().size(), params.size());
    }
    org.morphdb.engine.storage.Key key = point.key(params);
    TableAccess.Row row = key == null ? null : access.lookup(tx, node, t, key);
    List<Object[]> out = new ArrayList<>(1);
    if (row != null) {
      int[] projection = point.projection();
      Object[] api = new Object[projection.length];
      for (int i = 0; i < projection.length; i++) {
        ColumnDef col = t.columns().get(projection[i]);
        Object stored = org.morphdb.engine.tx.RowCodec.stored(col, row.stored());
        api[i] = Values.toApi(col.type().kind(), Values.toCalcite(col.type().kind(), stored));
      }
      out.add(api);
    }
    return Response.rows(point.columns(), new ListCursor(out), TableVersions.of(t.id(), t.version()));
  }

  private DmlRunner.DmlPlan planDml(Prepared p, Catalog c) {
    DmlRunner.DmlPlan plan = p.plan(c.version());
    if (plan == null && stillValid(p, c)) {
      plan = (DmlRunner.DmlPlan) p.anyPlan();
      p.cachePlan(c.version(), plan);
    }
    if (plan == null) {
      plan = dml.plan(p.node(), c);
      p.cachePlan(c.version(), plan);
    }
    return plan;
  }

  /**
   * A plan made for another catalog version still serves when every table it uses is
   * unchanged (same definition, index states included) and no view changed: a DDL on one
   * table does not make every other statement plan again.
   */
  private boolean stillValid(Prepared p, Catalog c) {
    int version = p.anyPlanVersion();
    if (version < 0 || version >= db.catalogLog().versions().size()) {
      return false;
    }
    Catalog old = db.catalogLog().version(version);
    if (!old.viewsByName().equals(c.viewsByName())) {
      return false;
    }
    Object plan = p.anyPlan();
    if (plan == null) {
      return false;
    }
    Iterable<Integer> tables = tablesOf(plan);
    for (int id : tables) {
      if (!java.util.Objects.equals(old.table(id).orElse(null), c.table(id).orElse(null))) {
        return false;
      }
    }
    return true;
  }

  private static Iterable<Integer> tablesOf(Object plan) {
    if (plan instanceof PointAccess point) {
      return java.util.List.of(point.table().id());
    }
    if (plan instanceof PreparedQuery q) {
      return q.tableIds();
    }
    DmlRunner.DmlPlan dml = (DmlRunner.DmlPlan) plan;
    java.util.Set<Integer> ids = new java.util.HashSet<>();
    ids.add(dml.table().id());
    if (dml.query() != null) {
      ids.addAll(dml.query().tableIds());
    }
    return ids;
  }

  TableDef resolveTable(Catalog c, SqlNode name) {
    if (!(name instanceof SqlIdentifier id)) {
      throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Only plain table names can be written to");
    }
    String[] qn = DdlTranslator.name(id);
    return c.table(qn[0], qn[1]).orElseThrow(() -> MorphException.of(ErrorCode.TABLE_NOT_FOUND,
        c.view(qn[0], qn[1]).isPresent() ? "View '%s' cannot be written to" : "Table '%s' not found", qn[1]));
  }

  /** A default that must be computed at each insert (e.g. CURRENT_TIMESTAMP), in stored form. */
  Object dynamicDefault(TableDef t, ColumnDef c) {
    Object calcite = planner.compileExpression(c.defaultSql(), t, c.type()).evaluate(new Object[0]);
    return Values.toStored(c.type().kind(), Coercion.toColumn(c.type(), calcite, c.name()));
  }

  private static ColumnMeta varchar(String name) {
    return new ColumnMeta(name, "", "", Types.VARCHAR, "VARCHAR", 0, 0, true, "java.lang.String");
  }
}
