package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * Orders a large inner MultiJoin greedily into a left-deep tree, in O(n²): start from the
 * smallest input, then repeatedly join the smallest input connected to what is joined so far
 * by a predicate (a cross join only when none is). Each predicate is applied at the first
 * join where all its inputs are present. Calcite's LoptOptimizeJoinRule weighs orders more
 * carefully but costs O(n⁴): it handles MultiJoins of up to {@link #MAX_EXHAUSTIVE} inputs.
 */
public final class GreedyJoinOrderRule extends RelRule<GreedyJoinOrderRule.Config> {
  /** MultiJoins with at most this many inputs are left to LoptOptimizeJoinRule. */
  static final int MAX_EXHAUSTIVE = 10;

  /** The rule's configuration. */
  public record Config(OperandTransform operandSupplier, String description,
      RelBuilderFactory relBuilderFactory) implements RelRule.Config {
    public static final Config DEFAULT = new Config(
        b -> b.operand(MultiJoin.class)
            .predicate(j -> j.getInputs().size() > MAX_EXHAUSTIVE && innerOnly(j)).anyInputs(),
        "MorphGreedyJoinOrderRule", RelFactories.LOGICAL_BUILDER);

    /** Every inner MultiJoin, whatever its size: for quick plans (see Planning#quick). */
    public static final Config ALL_SIZES = new Config(
        b -> b.operand(MultiJoin.class).predicate(GreedyJoinOrderRule::innerOnly).anyInputs(),
        "MorphGreedyJoinOrderRule(all sizes)", RelFactories.LOGICAL_BUILDER);

    @Override
    public GreedyJoinOrderRule toRule() {
      return new GreedyJoinOrderRule(this);
    }

    @Override
    public Config withRelBuilderFactory(RelBuilderFactory factory) {
      return new Config(operandSupplier, description, factory);
    }

    @Override
    public Config withDescription(String text) {
      return new Config(operandSupplier, text, relBuilderFactory);
    }

    @Override
    public Config withOperandSupplier(OperandTransform transform) {
      return new Config(transform, description, relBuilderFactory);
    }
  }

  private GreedyJoinOrderRule(Config config) {
    super(config);
  }

  private static boolean innerOnly(MultiJoin j) {
    return !j.isFullOuterJoin()
        && j.getJoinTypes().stream().allMatch(t -> t == JoinRelType.INNER)
        && j.getOuterJoinConditions().stream().allMatch(c -> c == null);
  }

  /** A join predicate and the inputs it reads. */
  private record Predicate(RexNode condition, BitSet inputs) {}

  @Override
  public void onMatch(RelOptRuleCall call) {
    MultiJoin join = call.rel(0);
    List<RelNode> inputs = join.getInputs();
    int n = inputs.size();
    int[] offset = new int[n + 1];
    for (int i = 0; i < n; i++) {
      offset[i + 1] = offset[i] + inputs.get(i).getRowType().getFieldCount();
    }
    List<Predicate> predicates = new ArrayList<>();
    // A MultiJoin of inner joins only: a filter above it (a WHERE clause merged in as the
    // post-join filter) means the same as join conditions, and is placed like them.
    List<RexNode> conjuncts = new ArrayList<>(RelOptUtil.conjunctions(join.getJoinFilter()));
    conjuncts.addAll(RelOptUtil.conjunctions(join.getPostJoinFilter()));
    for (RexNode c : conjuncts) {
      BitSet in = new BitSet();
      for (int field : RelOptUtil.InputFinder.bits(c)) {
        in.set(inputOf(offset, field));
      }
      predicates.add(new Predicate(c, in));
    }
    RelMetadataQuery mq = call.getMetadataQuery();
    double[] rows = new double[n];
    for (int i = 0; i < n; i++) {
      Double r = mq.getRowCount(inputs.get(i));
      rows[i] = r == null ? 1e6 : r;
    }
    for (Predicate p : predicates) {
      // an input filtered on its own is joined as the smaller input it then is (build
      // applies these predicates to the input before joining it)
      if (p.inputs().cardinality() == 1) {
        int i = p.inputs().nextSetBit(0);
        Double s = mq.getSelectivity(inputs.get(i), shift(p.condition(), -offset[i]));
        rows[i] *= s == null ? 0.25 : s;
      }
    }
    List<Integer> order = order(n, rows, predicates);
    call.transformTo(build(call.builder(), join, order, offset, predicates));
  }

  private static int inputOf(int[] offset, int field) {
    int i = 0;
    while (offset[i + 1] <= field) {
      i++;
    }
    return i;
  }

  /** The greedy order: smallest first, then the smallest input connected to the joined set. */
  private static List<Integer> order(int n, double[] rows, List<Predicate> predicates) {
    BitSet joined = new BitSet();
    List<Integer> order = new ArrayList<>();
    while (order.size() < n) {
      int best = -1;
      boolean bestConnected = false;
      for (int i = 0; i < n; i++) {
        if (joined.get(i)) {
          continue;
        }
        boolean connected = !joined.isEmpty() && connects(i, joined, predicates);
        if (best < 0 || (connected && !bestConnected)
            || (connected == bestConnected && rows[i] < rows[best])) {
          best = i;
          bestConnected = connected;
        }
      }
      joined.set(best);
      order.add(best);
    }
    return order;
  }

  private static boolean connects(int input, BitSet joined, List<Predicate> predicates) {
    for (Predicate p : predicates) {
      if (p.inputs().get(input) && p.inputs().cardinality() > 1) {
        BitSet rest = (BitSet) p.inputs().clone();
        rest.clear(input);
        BitSet missing = (BitSet) rest.clone();
        missing.andNot(joined);
        if (missing.isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  /** Left-deep joins in this order, then a projection restoring the MultiJoin's field order. */
  private static RelNode build(RelBuilder b, MultiJoin join, List<Integer> order, int[] offset,
      List<Predicate> predicates) {
    int fields = offset[offset.length - 1];
    int[] position = new int[fields];
    BitSet joined = new BitSet();
    boolean[] applied = new boolean[predicates.size()];
    int width = 0;
    for (int k = 0; k < order.size(); k++) {
      int input = order.get(k);
      for (int f = offset[input]; f < offset[input + 1]; f++) {
        position[f] = width + f - offset[input];
      }
      width += offset[input + 1] - offset[input];
      joined.set(input);
      b.push(join.getInputs().get(input));
      // Predicates on this input alone filter it before it is joined (pushing them down
      // through a deep join tree later would take a rule firing per level).
      List<RexNode> local = new ArrayList<>();
      for (int p = 0; p < predicates.size(); p++) {
        BitSet in = predicates.get(p).inputs();
        if (!applied[p] && in.cardinality() == 1 && in.get(input)) {
          applied[p] = true;
          local.add(shift(predicates.get(p).condition(), -offset[input]));
        }
      }
      if (!local.isEmpty()) {
        b.filter(local);
      }
      List<RexNode> conditions = new ArrayList<>();
      for (int p = 0; p < predicates.size(); p++) {
        BitSet missing = (BitSet) predicates.get(p).inputs().clone();
        missing.andNot(joined);
        if (!applied[p] && missing.isEmpty() && k > 0) {
          applied[p] = true;
          conditions.add(remap(predicates.get(p).condition(), position));
        }
      }
      if (k > 0) {
        b.join(JoinRelType.INNER, conditions);
      }
    }
    List<RexNode> remaining = new ArrayList<>();
    for (int p = 0; p < predicates.size(); p++) {
      if (!applied[p]) {
        remaining.add(remap(predicates.get(p).condition(), position));
      }
    }
    if (!remaining.isEmpty()) {
      b.filter(remaining);
    }
    List<RexNode> project = new ArrayList<>();
    for (int f = 0; f < fields; f++) {
      project.add(b.field(position[f]));
    }
    b.project(project, join.getRowType().getFieldNames(), true);
    return b.build();
  }

  /** The expression with every field reference moved by {@code delta}. */
  private static RexNode shift(RexNode e, int delta) {
    return e.accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(ref.getIndex() + delta, ref.getType());
      }
    });
  }

  private static RexNode remap(RexNode e, int[] position) {
    return e.accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(position[ref.getIndex()], ref.getType());
      }
    });
  }
}
