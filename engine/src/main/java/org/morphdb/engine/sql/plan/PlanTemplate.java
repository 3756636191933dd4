package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlNode;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.TableDef;

/**
 * A statement's logical plan, rewritten as for a quick plan, kept to plan the same statement
 * over other tables of the same row types. SQLite's corpus (and many applications: one table
 * per tenant, per month, ...) runs each query over several tables that differ only in their
 * names and indexes; validation and conversion to relational algebra cost far more than
 * running such a query, and give the same logical plan up to which table is scanned. Each
 * instance still chooses its own access paths ({@link DirectConversion}) and gets its own full
 * plan when it keeps running.
 *
 * <p>Made only when the statement's first plan was a quick one, and only from a planning run
 * used by nothing else afterwards: instances convert under this template's lock, since the
 * rewritten plan's cluster (and its metadata cache) is not thread-safe.
 */
final class PlanTemplate {
  private final MorphSchemaFactory schemas;
  private final boolean exposeRowKey;
  private final List<TableDef> tables;
  private final List<RelDataType> rowTypes;
  private final QueryCompiler.Shape shape;
  private final Set<Integer> tableIds;
  private final Planning planning;
  private final RelNode rewritten;

  private PlanTemplate(MorphSchemaFactory schemas, boolean exposeRowKey, List<TableDef> tables,
      QueryCompiler.Shape shape, Set<Integer> tableIds, Planning planning, RelNode rewritten) {
    this.schemas = schemas;
    this.exposeRowKey = exposeRowKey;
    this.tables = tables;
    this.shape = shape;
    this.tableIds = tableIds;
    this.planning = planning;
    this.rewritten = rewritten;
    this.rowTypes = rowTypes(lookUp(planning, tables));
  }

  /**
   * A template, or null when the plan reads a table that is not one of {@code tables} (a
   * view's) or a result column is named like one of them (another table's statement would
   * name it differently).
   */
  static PlanTemplate of(MorphSchemaFactory schemas, boolean exposeRowKey,
      List<TableDef> tables, QueryCompiler.Shape shape, Set<Integer> tableIds,
      Planning planning, RelNode rewritten) {
    Set<Integer> slotIds = new LinkedHashSet<>();
    tables.forEach(t -> slotIds.add(t.id()));
    if (!slotIds.containsAll(tableIds)) {
      return null;
    }
    for (ColumnMeta c : shape.columns()) {
      if (tables.stream().anyMatch(t -> t.name().equals(c.name()))) {
        return null;
      }
    }
    return new PlanTemplate(schemas, exposeRowKey, List.copyOf(tables), shape, tableIds,
        planning, rewritten);
  }

  /**
   * The plan of the same statement over {@code others} (one per slot, as {@link TableSlots}
   * found them in the statement, which also ruled out table names that name a column), or null when they differ in row types from this template's
   * tables or the quick plan would not do.
   *
   * @param query the statement (lifted, not validated; not modified), for its full plan later
   */
  ExecutablePlan instantiate(MorphSchemaFactory schemas, List<TableDef> others, SqlNode query,
      RelDataType[] fixedTypes, ToLongFunction<TableDef> liveRows) {
    if (schemas != this.schemas || others.size() != tables.size()
        || !LiteralLifter.copiesFully(query)) {
      return null;
    }
    List<RelOptTable> otherTables = lookUp(planning, others);
    if (!rowTypes.equals(rowTypes(otherTables))) {
      return null;
    }
    RelNode quick;
    synchronized (this) {
      Map<Integer, RelOptTable> byOldId = new HashMap<>();
      for (int i = 0; i < tables.size(); i++) {
        byOldId.put(tables.get(i).id(), otherTables.get(i));
      }
      try {
        quick = DirectConversion.convert(swap(rewritten, byOldId));
      } catch (IllegalStateException e) {
        return null; // planned fully instead
      } finally {
        // the metadata cache holds every rel it was asked about: not the instances' ones
        planning.cluster().invalidateMetadataQuery();
      }
    }
    if (quick == null || !RunCost.of(quick, liveRows).quickEnough()) {
      return null;
    }
    SqlNode pristine = LiteralLifter.copy(query);
    return QueryCompiler.assemble(schemas, exposeRowKey, renamed(others), ids(others), quick,
        true, () -> QueryCompiler.fullPlan(schemas, exposeRowKey, pristine, fixedTypes));
  }

  /** Each table as the planner sees it, in {@code planning}'s cluster (null if gone). */
  private static List<RelOptTable> lookUp(Planning planning, List<TableDef> tables) {
    List<RelOptTable> list = new ArrayList<>();
    tables.forEach(t -> list.add(planning.table(t)));
    return list;
  }

  private static List<RelDataType> rowTypes(List<RelOptTable> tables) {
    List<RelDataType> types = new ArrayList<>();
    tables.forEach(t -> types.add(t == null ? null : t.getRowType()));
    return types;
  }

  /** The plan with each scan of a template table reading the table mapped to it. */
  private static RelNode swap(RelNode rel, Map<Integer, RelOptTable> byOldId) {
    if (rel instanceof MorphScan scan) {
      RelOptTable table = byOldId.get(scan.def().id());
      if (!(scan instanceof MorphTableScan) || scan.columns() != null || table == null) {
        // logical rewrites leave plain scans of the statement's tables only
        throw new IllegalStateException("unexpected leaf in a plan template: " + scan);
      }
      return MorphTableScan.create(scan.getCluster(), table, table.unwrap(MorphTable.class));
    }
    List<RelNode> inputs = new ArrayList<>();
    for (RelNode input : rel.getInputs()) {
      inputs.add(swap(input, byOldId));
    }
    RelNode copy = inputs.isEmpty() ? rel : rel.copy(rel.getTraitSet(), inputs);
    if (!Planning.hasOwnSubQuery(copy)) {
      return copy;
    }
    return copy.accept(new RexShuttle() {
      @Override
      public RexNode visitSubQuery(RexSubQuery subQuery) {
        return subQuery.clone(swap(subQuery.rel, byOldId));
      }
    });
  }

  /** The statement's result columns, naming the other tables where they name this one's. */
  private QueryCompiler.Shape renamed(List<TableDef> others) {
    List<ColumnMeta> columns = new ArrayList<>();
    for (ColumnMeta c : shape.columns()) {
      ColumnMeta renamed = c;
      for (int i = 0; i < tables.size(); i++) {
        TableDef t = tables.get(i);
        if (t.name().equals(c.table()) && t.schema().equals(c.schema())) {
          TableDef o = others.get(i);
          renamed = new ColumnMeta(c.name(), o.schema(), o.name(), c.jdbcType(), c.typeName(),
              c.precision(), c.scale(), c.nullable(), c.javaClass());
          break;
        }
      }
      columns.add(renamed);
    }
    return new QueryCompiler.Shape(List.copyOf(columns), shape.columnKinds(), shape.parameters(),
        shape.parameterKinds());
  }

  /** The ids of the tables the instance reads (those the template reads, mapped). */
  private Set<Integer> ids(List<TableDef> others) {
    Set<Integer> ids = new LinkedHashSet<>();
    for (int i = 0; i < tables.size(); i++) {
      if (tableIds.contains(tables.get(i).id())) {
        ids.add(others.get(i).id());
      }
    }
    return Set.copyOf(ids);
  }
}
