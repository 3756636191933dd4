package org.morphdb.engine.sql.plan;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.sql.exec.Leaf;

/**
 * Base of the leaves that read a user table: a full scan, a primary-key lookup or an index
 * range. Each may project: {@code columns} lists, per output field, the position in the
 * table's row ({@link TableDef#columns()} order, then the row key); null means all fields.
 * The generated code calls a {@link ScanSpec} stashed in the DataContext.
 */
abstract class MorphScan extends TableScan implements EnumerableRel {
  protected final RelOptTable baseTable;
  protected final MorphTable morphTable;
  protected final int[] columns;

  protected MorphScan(RelOptCluster cluster, RelOptTable table, MorphTable morphTable, int[] columns) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), ImmutableList.of(),
        projected(table, morphTable, columns));
    this.baseTable = table;
    this.morphTable = morphTable;
    this.columns = columns;
  }

  /** A RelOptTable whose row type is the projected one, so metadata stays consistent. */
  private static RelOptTable projected(RelOptTable table, MorphTable morphTable, int[] columns) {
    if (columns == null) {
      return table;
    }
    List<RelDataTypeField> all = table.getRowType().getFieldList();
    RelDataTypeFactory.Builder b = table.getRelOptSchema().getTypeFactory().builder();
    for (int c : columns) {
      b.add(all.get(c));
    }
    return RelOptTableImpl.create(table.getRelOptSchema(), b.build(), morphTable,
        ImmutableList.copyOf(table.getQualifiedName()));
  }

  MorphTable morphTable() {
    return morphTable;
  }

  TableDef def() {
    return morphTable.def();
  }

  /** The table-row position of output field {@code field}. */
  int position(int field) {
    return columns == null ? field : columns[field];
  }

  /** The unprojected RelOptTable, for creating siblings. */
  RelOptTable baseTable() {
    return baseTable;
  }

  int[] columns() {
    return columns;
  }

  /** {@code table=[S.T]}, what the subclass adds, then {@code columns=[...]} when projected. */
  @Override
  public RelWriter explainTerms(RelWriter pw) {
    pw.item("table", morphTable.qualifiedName());
    explainAccess(pw);
    if (columns != null) {
      pw.item("columns", String.join(", ", getRowType().getFieldNames()));
    }
    return pw;
  }

  /** Adds the access path's own terms. */
  protected void explainAccess(RelWriter pw) {}

  /** The expression producing this leaf's {@code Enumerable<Object[]>}. */
  protected abstract Expression rows(EnumerableRelImplementor implementor, BlockBuilder bb,
      Expression spec);

  protected abstract ScanSpec spec();

  /** How the interpreter reads this leaf (the same ScanSpec the generated code calls). */
  abstract Leaf leaf();

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = physType(implementor, getRowType());
    BlockBuilder bb = new BlockBuilder();
    Expression spec = implementor.stash(spec(), ScanSpec.class);
    bb.add(Expressions.return_(null, rows(implementor, bb, spec)));
    return implementor.result(physType, bb.toBlock());
  }

  /** One-field rows are bare values (SCALAR), others Object[] (even with no field). */
  static PhysType physType(EnumerableRelImplementor implementor, RelDataType rowType) {
    return rowType.getFieldCount() == 1
        ? PhysTypeImpl.of(implementor.getTypeFactory(), rowType, JavaRowFormat.SCALAR)
        : PhysTypeImpl.of(implementor.getTypeFactory(), rowType, JavaRowFormat.ARRAY, false);
  }

  /** Generated code evaluating the (input-free) expressions, each boxed. */
  protected static List<Expression> translate(EnumerableRelImplementor implementor,
      BlockBuilder bb, List<RexNode> exprs) {
    RelDataTypeFactory f = implementor.getTypeFactory();
    RexProgramBuilder pb = new RexProgramBuilder(f.builder().build(),
        implementor.getRexBuilder());
    for (int i = 0; i < exprs.size(); i++) {
      pb.addProject(exprs.get(i), "K" + i);
    }
    RexProgram program = pb.getProgram();
    PhysType out = PhysTypeImpl.of(implementor.getTypeFactory(), program.getOutputRowType(),
        JavaRowFormat.ARRAY, false);
    List<Expression> list = RexToLixTranslator.translateProjects(program,
        implementor.getTypeFactory(), implementor.getConformance(), bb, null, out,
        implementor.getRootExpression(), (b, i, t) -> {
          throw new IllegalStateException("key expression reads an input field");
        }, implementor::getCorrelVariableGetter);
    List<Expression> boxed = new ArrayList<>();
    for (Expression e : list) {
      Expression b = Primitive.is(e.getType()) ? Expressions.box(e) : e;
      boxed.add(Expressions.convert_(b, Object.class));
    }
    return boxed;
  }
}
