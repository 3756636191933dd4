package org.morphdb.engine.sql.exec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.core.JoinRelType;

/**
 * Joins: hash join on equality keys (nulls never match), nested loops for any other
 * condition, and the correlated join whose right side is re-opened per left row. The right
 * side of the first two is read once per execution.
 */
final class Joins {
  private Joins() {}

  /** The probe of one left row: the right rows it matches, by index. */
  private interface Matcher {
    List<Integer> matches(Object[] left, ExecContext ctx);
  }

  /**
   * @param leftKeys  left key fields for a hash join, or null for nested loops
   * @param condition the (remaining) condition over left+right fields, or null
   */
  static Rows.Node join(Rows.Node left, Rows.Node right, JoinRelType type, int leftWidth,
      int rightWidth, HashKeys keys, Scalar condition) {
    return ctx -> {
      List<Object[]> rights = Operators.drain(right.open(ctx));
      Matcher matcher = keys == null
          ? nestedLoop(rights, leftWidth, rightWidth, condition)
          : hash(rights, keys, leftWidth, rightWidth, condition);
      boolean[] matchedRight = type.generatesNullsOnLeft() ? new boolean[rights.size()] : null;
      Rows in = left.open(ctx);
      return new Rows() {
        private final ArrayDeque<Object[]> out = new ArrayDeque<>();
        private boolean leftDone;
        private int unmatchedAt;

        @Override
        public Object[] next() {
          while (out.isEmpty()) {
            if (!leftDone) {
              Object[] l = in.next();
              if (l == null) {
                leftDone = true;
                continue;
              }
              probe(l);
            } else {
              return unmatchedRight();
            }
          }
          return out.poll();
        }

        private void probe(Object[] l) {
          List<Integer> m = matcher.matches(l, ctx);
          if (emitsLeftOnly(type, l, !m.isEmpty(), out)) {
            return;
          }
          for (int i : m) {
            out.add(Operators.concat(l, rights.get(i), rightWidth));
            if (matchedRight != null) {
              matchedRight[i] = true;
            }
          }
          if (m.isEmpty() && type.generatesNullsOnRight()) {
            out.add(Operators.concat(l, null, rightWidth));
          }
        }

        private Object[] unmatchedRight() {
          while (matchedRight != null && unmatchedAt < rights.size()) {
            int i = unmatchedAt++;
            if (!matchedRight[i]) {
              Object[] row = new Object[leftWidth + rightWidth];
              System.arraycopy(rights.get(i), 0, row, leftWidth, rightWidth);
              return row;
            }
          }
          return null;
        }

        @Override
        public void close() {
          in.close();
        }
      };
    };
  }

  /**
   * SEMI and ANTI joins hand on the left row alone: when it has a match, or when it has none.
   * Returns whether {@code type} is one of them (the caller then has nothing more to do).
   */
  private static boolean emitsLeftOnly(JoinRelType type, Object[] left, boolean matched,
      ArrayDeque<Object[]> out) {
    if (type != JoinRelType.SEMI && type != JoinRelType.ANTI) {
      return false;
    }
    if (matched == (type == JoinRelType.SEMI)) {
      out.add(left);
    }
    return true;
  }

  /**
   * Equality keys of a hash join: the fields on each side, and per key how a value is
   * brought to the form in which equal SQL values are equal Java values.
   */
  record HashKeys(int[] left, int[] right, UnaryOperator<Object>[] leftNorm,
      UnaryOperator<Object>[] rightNorm) {}

  /** Evaluates a condition over left+right without allocating a row per pair. */
  private static final class PairCondition {
    private final Scalar condition;
    private final Object[] pair;
    private final int leftWidth;
    private final int rightWidth;

    PairCondition(Scalar condition, int leftWidth, int rightWidth) {
      this.condition = condition;
      this.pair = new Object[leftWidth + rightWidth];
      this.leftWidth = leftWidth;
      this.rightWidth = rightWidth;
    }

    void setLeft(Object[] left) {
      System.arraycopy(left, 0, pair, 0, leftWidth);
    }

    boolean test(Object[] right, ExecContext ctx) {
      System.arraycopy(right, 0, pair, leftWidth, rightWidth);
      return Logic.passes(condition.eval(pair, ctx));
    }
  }

  private static Matcher nestedLoop(List<Object[]> rights, int leftWidth, int rightWidth,
      Scalar condition) {
    PairCondition pc = condition == null ? null
        : new PairCondition(condition, leftWidth, rightWidth);
    return (l, ctx) -> {
      List<Integer> m = new ArrayList<>();
      if (pc != null) {
        pc.setLeft(l);
      }
      for (int i = 0; i < rights.size(); i++) {
        if (pc == null || pc.test(rights.get(i), ctx)) {
          m.add(i);
        }
      }
      return m;
    };
  }

  private static Matcher hash(List<Object[]> rights, HashKeys keys, int leftWidth,
      int rightWidth, Scalar condition) {
    Map<List<Object>, List<Integer>> table = new HashMap<>();
    for (int i = 0; i < rights.size(); i++) {
      List<Object> k = Operators.key(rights.get(i), keys.right(), keys.rightNorm());
      if (k != null) {
        table.computeIfAbsent(k, x -> new ArrayList<>(2)).add(i);
      }
    }
    PairCondition pc = condition == null ? null
        : new PairCondition(condition, leftWidth, rightWidth);
    return (l, ctx) -> {
      List<Object> k = Operators.key(l, keys.left(), keys.leftNorm());
      List<Integer> candidates = k == null ? null : table.get(k);
      if (candidates == null) {
        return List.of();
      }
      if (pc == null) {
        return candidates;
      }
      pc.setLeft(l);
      List<Integer> m = new ArrayList<>(candidates.size());
      for (int i : candidates) {
        if (pc.test(rights.get(i), ctx)) {
          m.add(i);
        }
      }
      return m;
    };
  }

  /** The right side re-opened for each left row, which it sees as correlation {@code id}. */
  static Rows.Node correlate(Rows.Node left, Rows.Node right, JoinRelType type, int id,
      int rightWidth) {
    return ctx -> {
      Rows in = left.open(ctx);
      return new Rows() {
        private final ArrayDeque<Object[]> out = new ArrayDeque<>();

        @Override
        public Object[] next() {
          while (out.isEmpty()) {
            Object[] l = in.next();
            if (l == null) {
              return null;
            }
            ctx.bind(id, l);
            List<Object[]> rs = Operators.drain(right.open(ctx));
            if (emitsLeftOnly(type, l, !rs.isEmpty(), out)) {
              continue;
            }
            for (Object[] r : rs) {
              out.add(Operators.concat(l, r, rightWidth));
            }
            if (rs.isEmpty() && type == JoinRelType.LEFT) {
              out.add(Operators.concat(l, null, rightWidth));
            }
          }
          return out.poll();
        }

        @Override
        public void close() {
          in.close();
        }
      };
    };
  }
}
