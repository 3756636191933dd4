package org.morphdb.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableCorrelate;
import org.apache.calcite.adapter.enumerable.EnumerableFilter;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableIntersect;
import org.apache.calcite.adapter.enumerable.EnumerableLimit;
import org.apache.calcite.adapter.enumerable.EnumerableMinus;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.adapter.enumerable.EnumerableUnion;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a tree of {@link Rows.Node}s from an Enumerable plan, or says the plan needs
 * generated code. Table leaves are the plan package's rels; {@code leaves} tells how to read
 * each (null for a rel that is not a leaf).
 */
public final class Interpreter {
  private static final Logger LOG = LoggerFactory.getLogger(Interpreter.class);

  private final Function<RelNode, Leaf> leaves;
  private final ScalarCompiler scalars;

  private Interpreter(RelNode root, Function<RelNode, Leaf> leaves) {
    this.leaves = leaves;
    this.scalars = new ScalarCompiler(root.getCluster().getRexBuilder());
  }

  /** Runs one execution: the rows of the plan over a DataContext. */
  @FunctionalInterface
  public interface Plan {
    Enumerator<Object[]> open(DataContext root);
  }

  /** The interpreted plan, or empty when some part of it needs generated code. */
  public static Optional<Plan> tryBuild(RelNode root, Function<RelNode, Leaf> leaves) {
    Rows.Node node;
    try {
      node = new Interpreter(root, leaves).build(root);
    } catch (NotInterpretable e) {
      LOG.debug("plan left to code generation: {}", e.getMessage());
      return Optional.empty();
    }
    return Optional.of(ctx -> new RowsEnumerator(node.open(new ExecContext(ctx))));
  }

  private Rows.Node build(RelNode rel) {
    Leaf leaf = leaves.apply(rel);
    if (leaf != null) {
      return Operators.leaf(leaf, scalars.compile(leaf.keys()));
    }
    if (rel instanceof EnumerableCalc calc) {
      return calc(calc);
    }
    if (rel instanceof EnumerableFilter f) {
      return Operators.calc(build(f.getInput()), scalars.compile(f.getCondition()), null);
    }
    if (rel instanceof EnumerableProject p) {
      return Operators.calc(build(p.getInput()), null,
          scalars.compile(p.getProjects()).toArray(Scalar[]::new));
    }
    if (rel instanceof EnumerableHashJoin || rel instanceof EnumerableNestedLoopJoin) {
      return join((Join) rel);
    }
    if (rel instanceof EnumerableCorrelate c) {
      return Joins.correlate(build(c.getLeft()), build(c.getRight()), c.getJoinType(),
          c.getCorrelationId().getId(), c.getRight().getRowType().getFieldCount());
    }
    if (rel instanceof EnumerableAggregate a) {
      return aggregate(a);
    }
    if (rel instanceof Sort s) {
      return Operators.sort(build(s.getInput()), s.getCollation().getFieldCollations().isEmpty()
          ? null : Comparisons.rows(s.getCollation().getFieldCollations(), s.getRowType()),
          optional(s.offset), optional(s.fetch));
    }
    if (rel instanceof EnumerableLimit l) {
      return Operators.sort(build(l.getInput()), null, optional(l.offset), optional(l.fetch));
    }
    if (rel instanceof EnumerableUnion || rel instanceof EnumerableIntersect
        || rel instanceof EnumerableMinus) {
      return setOp((SetOp) rel);
    }
    if (rel instanceof EnumerableValues v) {
      return values(v);
    }
    throw new NotInterpretable(rel.getRelTypeName());
  }

  private Scalar optional(RexNode e) {
    return e == null ? null : scalars.compile(e);
  }

  private Rows.Node calc(EnumerableCalc calc) {
    RexProgram program = calc.getProgram();
    Rows.Node input = build(calc.getInput());
    Scalar condition = program.getCondition() == null ? null
        : scalars.compile(program.expandLocalRef(program.getCondition()));
    Scalar[] projects = null;
    if (!program.projectsOnlyIdentity()) {
      List<RexNode> exprs = new ArrayList<>();
      program.getProjectList().forEach(r -> exprs.add(program.expandLocalRef(r)));
      projects = scalars.compile(exprs).toArray(Scalar[]::new);
    }
    return Operators.calc(input, condition, projects);
  }

  private Rows.Node join(Join join) {
    Rows.Node left = build(join.getLeft());
    Rows.Node right = build(join.getRight());
    int leftWidth = join.getLeft().getRowType().getFieldCount();
    int rightWidth = join.getRight().getRowType().getFieldCount();
    JoinInfo info = join.analyzeCondition();
    Joins.HashKeys keys = info.leftKeys.isEmpty()
        || !info.nullExclusionFlags.stream().allMatch(b -> b) ? null : hashKeys(join, info);
    if (keys == null) {
      Scalar condition = join.getCondition().isAlwaysTrue() ? null
          : scalars.compile(join.getCondition());
      return Joins.join(left, right, join.getJoinType(), leftWidth, rightWidth, null, condition);
    }
    RexNode remaining = info.getRemaining(join.getCluster().getRexBuilder());
    Scalar condition = remaining.isAlwaysTrue() ? null : scalars.compile(remaining);
    return Joins.join(left, right, join.getJoinType(), leftWidth, rightWidth, keys, condition);
  }

  /** The hash keys of an equi-join, or null when some key pair cannot be hashed. */
  @SuppressWarnings("unchecked")
  private static Joins.HashKeys hashKeys(Join join, JoinInfo info) {
    List<RelDataTypeField> l = join.getLeft().getRowType().getFieldList();
    List<RelDataTypeField> r = join.getRight().getRowType().getFieldList();
    int n = info.leftKeys.size();
    UnaryOperator<Object>[] leftNorm = new UnaryOperator[n];
    UnaryOperator<Object>[] rightNorm = new UnaryOperator[n];
    for (int i = 0; i < n; i++) {
      RelDataType lt = l.get(info.leftKeys.get(i)).getType();
      RelDataType rt = r.get(info.rightKeys.get(i)).getType();
      UnaryOperator<Object> norm = HashNormal.of(lt, rt);
      if (norm == null) {
        return null;
      }
      leftNorm[i] = norm;
      rightNorm[i] = norm;
    }
    return new Joins.HashKeys(info.leftKeys.toIntArray(), info.rightKeys.toIntArray(), leftNorm,
        rightNorm);
  }

  private Rows.Node aggregate(EnumerableAggregate a) {
    if (a.getGroupType() != Aggregate.Group.SIMPLE) {
      throw new NotInterpretable("grouping sets");
    }
    RelDataType inputType = a.getInput().getRowType();
    List<Supplier<Aggregation.Accumulator>> calls = new ArrayList<>();
    for (AggregateCall call : a.getAggCallList()) {
      calls.add(Aggregation.factory(call, inputType));
    }
    return Aggregation.aggregate(build(a.getInput()), a.getGroupSet().toArray(), calls);
  }

  private Rows.Node setOp(SetOp op) {
    List<Rows.Node> inputs = new ArrayList<>();
    for (RelNode in : op.getInputs()) {
      inputs.add(conformed(build(in), in.getRowType(), op.getRowType()));
    }
    SetOps.Kind kind = op instanceof EnumerableUnion ? SetOps.Kind.UNION
        : op instanceof EnumerableIntersect ? SetOps.Kind.INTERSECT : SetOps.Kind.EXCEPT;
    return SetOps.of(kind, op.all, inputs);
  }

  /** Converts an input's fields to the set operation's types where they differ. */
  private static Rows.Node conformed(Rows.Node input, RelDataType from, RelDataType to) {
    List<RelDataTypeField> f = from.getFieldList();
    List<RelDataTypeField> t = to.getFieldList();
    Scalar[] projects = new Scalar[t.size()];
    boolean needed = false;
    for (int i = 0; i < projects.length; i++) {
      int field = i;
      Scalar ref = (row, ctx) -> row[field];
      RelDataType ft = f.get(i).getType();
      RelDataType tt = t.get(i).getType();
      projects[i] = Casts.widen(ref, ft, tt);
      needed |= ft.getSqlTypeName() != tt.getSqlTypeName();
    }
    return needed ? Operators.calc(input, null, projects) : input;
  }

  private Rows.Node values(EnumerableValues v) {
    List<RelDataTypeField> fields = v.getRowType().getFieldList();
    List<Object[]> rows = new ArrayList<>();
    for (List<RexLiteral> tuple : v.getTuples()) {
      Object[] row = new Object[tuple.size()];
      for (int i = 0; i < row.length; i++) {
        Object value = Literals.value(tuple.get(i));
        row[i] = Casts.widen((r, ctx) -> value, tuple.get(i).getType(),
            fields.get(i).getType()).eval(null, null);
      }
      rows.add(row);
    }
    return Operators.values(rows);
  }

  /** Adapts the interpreter's rows to the Enumerator the plan package runs. */
  private static final class RowsEnumerator implements Enumerator<Object[]> {
    private final Rows rows;
    private Object[] current;

    RowsEnumerator(Rows rows) {
      this.rows = rows;
    }

    @Override
    public Object[] current() {
      return current;
    }

    @Override
    public boolean moveNext() {
      current = rows.next();
      return current != null;
    }

    @Override
    public void reset() {
      throw new UnsupportedOperationException("reset");
    }

    @Override
    public void close() {
      rows.close();
    }
  }
}
