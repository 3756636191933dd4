package org.morphdb.engine.sql.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/** GROUP BY with COUNT, SUM, $SUM0, MIN, MAX, SINGLE_VALUE and ANY_VALUE, each maybe DISTINCT. */
final class Aggregation {
  private Aggregation() {}

  /** The running state of one aggregate call in one group. */
  interface Accumulator {
    void add(Object[] row);

    Object result();
  }

  /** Builds the accumulators of one aggregate call. */
  static Supplier<Accumulator> factory(AggregateCall call, RelDataType inputType) {
    if (!call.collation.getFieldCollations().isEmpty() || call.isApproximate()
        || call.hasFilter() && call.filterArg < 0) {
      throw new NotInterpretable("aggregate " + call);
    }
    int[] args = call.getArgList().stream().mapToInt(Integer::intValue).toArray();
    int filter = call.filterArg;
    RelDataType type = call.getType();
    Supplier<Accumulator> plain = switch (call.getAggregation().getKind()) {
      case COUNT -> () -> count(args);
      case SUM -> sum(type, null, args);
      case SUM0 -> sum(type, Num.widen(0, type), args);
      case MIN, MAX -> extreme(call, inputType, args);
      case SINGLE_VALUE -> () -> new Single(args[0], true);
      case ANY_VALUE -> () -> new Single(args[0], false);
      case LITERAL_AGG -> constant(call);
      default -> throw new NotInterpretable("aggregate " + call.getAggregation().getName());
    };
    Supplier<Accumulator> distinct = call.isDistinct() ? () -> new Distinct(plain.get(), args)
        : plain;
    return filter < 0 ? distinct : () -> new Filtered(distinct.get(), filter);
  }

  /** LITERAL_AGG: the same literal for every group (sub-query rewrites use it as a marker). */
  private static Supplier<Accumulator> constant(AggregateCall call) {
    if (call.rexList.size() != 1 || !(call.rexList.get(0) instanceof RexLiteral lit)) {
      throw new NotInterpretable("aggregate " + call);
    }
    Object value = Casts.widen((row, ctx) -> Literals.value(lit), lit.getType(), call.getType())
        .eval(null, null);
    return () -> new Accumulator() {
      @Override
      public void add(Object[] row) {}

      @Override
      public Object result() {
        return value;
      }
    };
  }

  private static Supplier<Accumulator> sum(RelDataType type, Object zero, int[] args) {
    Num.domain(type);
    int arg = args[0];
    return () -> new Accumulator() {
      Object total = zero;

      @Override
      public void add(Object[] row) {
        Object v = row[arg];
        if (v != null) {
          Object w = Num.widen(v, type);
          total = total == null ? w : Num.plus(total, w, type);
        }
      }

      @Override
      public Object result() {
        return total;
      }
    };
  }

  private static Supplier<Accumulator> extreme(AggregateCall call, RelDataType inputType,
      int[] args) {
    int arg = args[0];
    RelDataType argType = inputType.getFieldList().get(arg).getType();
    Comparator<Object> cmp = Comparisons.of(argType, argType);
    int sign = call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.MIN ? -1 : 1;
    Scalar widen = Casts.widen((row, ctx) -> row[0], argType, call.getType());
    return () -> new Accumulator() {
      Object best;

      @Override
      public void add(Object[] row) {
        Object v = row[arg];
        if (v != null && (best == null || Integer.signum(cmp.compare(v, best)) == sign)) {
          best = v;
        }
      }

      @Override
      public Object result() {
        return widen.eval(new Object[] {best}, null);
      }
    };
  }

  /** SINGLE_VALUE (a scalar sub-query: more than one row is an error) and ANY_VALUE. */
  private static final class Single implements Accumulator {
    private final int arg;
    private final boolean strict;
    private Object value;
    private int rows;

    Single(int arg, boolean strict) {
      this.arg = arg;
      this.strict = strict;
    }

    @Override
    public void add(Object[] row) {
      if (++rows > 1 && strict) {
        throw MorphException.of(ErrorCode.CARDINALITY_VIOLATION,
            "Scalar sub-query returned more than one row");
      }
      if (rows == 1 || value == null) {
        value = row[arg];
      }
    }

    @Override
    public Object result() {
      return value;
    }
  }

  /** Passes each distinct combination of the arguments once (COUNT skips nulls here too). */
  private static final class Distinct implements Accumulator {
    private final Accumulator inner;
    private final int[] args;
    private final Set<List<Object>> seen = new HashSet<>();

    Distinct(Accumulator inner, int[] args) {
      this.inner = inner;
      this.args = args;
    }

    @Override
    public void add(Object[] row) {
      List<Object> k = Operators.key(row, args);
      if (k != null && seen.add(k)) {
        inner.add(row);
      }
    }

    @Override
    public Object result() {
      return inner.result();
    }
  }

  private record Filtered(Accumulator inner, int filter) implements Accumulator {
    @Override
    public void add(Object[] row) {
      if (Logic.passes(row[filter])) {
        inner.add(row);
      }
    }

    @Override
    public Object result() {
      return inner.result();
    }
  }

  /** COUNT of rows whose arguments are all non-null (COUNT(*): of all rows). */
  private static Accumulator count(int[] args) {
    return new Accumulator() {
      long n;

      @Override
      public void add(Object[] row) {
        for (int a : args) {
          if (row[a] == null) {
            return;
          }
        }
        n++;
      }

      @Override
      public Object result() {
        return n;
      }
    };
  }

  static Rows.Node aggregate(Rows.Node input, int[] groupKeys,
      List<Supplier<Accumulator>> calls) {
    return ctx -> {
      Map<List<Object>, Accumulator[]> groups = groupKeys.length == 0
          ? Map.of(List.of(), accumulateAll(input.open(ctx), start(calls)))
          : groups(input.open(ctx), groupKeys, calls);
      List<Object[]> out = new ArrayList<>(groups.size());
      for (Map.Entry<List<Object>, Accumulator[]> g : groups.entrySet()) {
        Object[] row = Arrays.copyOf(g.getKey().toArray(), groupKeys.length + calls.size());
        for (int i = 0; i < calls.size(); i++) {
          row[groupKeys.length + i] = g.getValue()[i].result();
        }
        out.add(row);
      }
      return Rows.of(out.iterator());
    };
  }

  /** Every row into one group's accumulators: no key built and hashed per row. */
  private static Accumulator[] accumulateAll(Rows rows, Accumulator[] accs) {
    try (Rows in = rows) {
      for (Object[] row = in.next(); row != null; row = in.next()) {
        for (Accumulator a : accs) {
          a.add(row);
        }
      }
    }
    return accs;
  }

  /** The groups of the rows by {@code groupKeys}, in the order their first rows came. */
  private static Map<List<Object>, Accumulator[]> groups(Rows rows, int[] groupKeys,
      List<Supplier<Accumulator>> calls) {
    Map<List<Object>, Accumulator[]> groups = new LinkedHashMap<>();
    try (Rows in = rows) {
      for (Object[] row = in.next(); row != null; row = in.next()) {
        Object[] k = new Object[groupKeys.length];
        for (int i = 0; i < k.length; i++) {
          k[i] = row[groupKeys[i]];
        }
        Accumulator[] accs = groups.computeIfAbsent(Arrays.asList(k), x -> start(calls));
        for (Accumulator a : accs) {
          a.add(row);
        }
      }
    }
    return groups;
  }

  private static Accumulator[] start(List<Supplier<Accumulator>> calls) {
    Accumulator[] a = new Accumulator[calls.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = calls.get(i).get();
    }
    return a;
  }
}
