package org.morphdb.engine.sql.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.BinaryOperator;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.morphdb.engine.sql.plan.ScanSpec;
import org.morphdb.engine.sql.plan.TableSource;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Compiles row expressions into {@link Scalar} closures, choosing each operator's
 * implementation from its operand types once, at build time. Anything not covered here throws
 * {@link NotInterpretable}, and the plan goes to code generation instead.
 */
final class ScalarCompiler {
  private final RexBuilder rexBuilder;

  ScalarCompiler(RexBuilder rexBuilder) {
    this.rexBuilder = rexBuilder;
  }

  List<Scalar> compile(List<? extends RexNode> exprs) {
    List<Scalar> list = new ArrayList<>(exprs.size());
    for (RexNode e : exprs) {
      list.add(compile(e));
    }
    return list;
  }

  Scalar compile(RexNode e) {
    if (e instanceof RexInputRef ref) {
      int i = ref.getIndex();
      return (row, ctx) -> row[i];
    }
    if (e instanceof RexLiteral lit) {
      Object v = Literals.value(lit);
      return (row, ctx) -> v;
    }
    if (e instanceof RexDynamicParam p) {
      return parameter(p);
    }
    if (e instanceof RexFieldAccess fa && fa.getReferenceExpr() instanceof RexCorrelVariable cv) {
      int id = cv.id.getId();
      int field = fa.getField().getIndex();
      return (row, ctx) -> {
        Object[] r = ctx.correlated(id);
        return r == null ? null : r[field];
      };
    }
    if (e instanceof RexCall call) {
      return call(call);
    }
    throw new NotInterpretable(e.getClass().getSimpleName());
  }

  private static Scalar parameter(RexDynamicParam p) {
    int i = p.getIndex();
    RelDataType type = p.getType();
    if (!Num.isNumeric(type)) {
      return (row, ctx) -> ctx.parameter(i);
    }
    return (row, ctx) -> {
      Object v = ctx.parameter(i);
      return v instanceof Number ? Num.widen(v, type) : v;
    };
  }

  private Scalar call(RexCall call) {
    List<RexNode> ops = call.getOperands();
    RelDataType type = call.getType();
    if (Strong.policy(call) == Strong.Policy.ANY
        && ops.stream().anyMatch(o -> RexUtil.isNullLiteral(o, true))) {
      // A strict operator with a NULL operand is NULL, whatever its other operands would
      // raise: the optimizer folds it so, and a quick plan must answer the same.
      return (row, ctx) -> null;
    }
    return switch (call.getKind()) {
      case EQUALS -> comparison(call, c -> c == 0);
      case NOT_EQUALS -> comparison(call, c -> c != 0);
      case LESS_THAN -> comparison(call, c -> c < 0);
      case LESS_THAN_OR_EQUAL -> comparison(call, c -> c <= 0);
      case GREATER_THAN -> comparison(call, c -> c > 0);
      case GREATER_THAN_OR_EQUAL -> comparison(call, c -> c >= 0);
      case IS_DISTINCT_FROM -> distinct(call, true);
      case IS_NOT_DISTINCT_FROM -> distinct(call, false);
      case AND -> Logic.and(compile(ops));
      case OR -> Logic.or(compile(ops));
      case NOT -> Logic.not(compile(ops.get(0)));
      case IS_NULL -> isNull(compile(ops.get(0)), true);
      case IS_NOT_NULL -> isNull(compile(ops.get(0)), false);
      case IS_TRUE -> Logic.is(compile(ops.get(0)), Boolean.TRUE, false);
      case IS_NOT_TRUE -> Logic.is(compile(ops.get(0)), Boolean.TRUE, true);
      case IS_FALSE -> Logic.is(compile(ops.get(0)), Boolean.FALSE, false);
      case IS_NOT_FALSE -> Logic.is(compile(ops.get(0)), Boolean.FALSE, true);
      case PLUS, CHECKED_PLUS -> arithmetic(call, (a, b) -> Num.plus(a, b, type));
      case MINUS, CHECKED_MINUS -> arithmetic(call, (a, b) -> Num.minus(a, b, type));
      case TIMES, CHECKED_TIMES -> arithmetic(call, (a, b) -> Num.times(a, b, type));
      case DIVIDE, CHECKED_DIVIDE -> divide(call);
      case MOD -> {
        Num.mod(1, 1, type); // fails at build time outside the integer domain
        yield arithmetic(call, (a, b) -> Num.mod(a, b, type));
      }
      case MINUS_PREFIX, CHECKED_MINUS_PREFIX -> unary(call, a -> Num.negate(a, type));
      case PLUS_PREFIX -> coerce(ops.get(0), type);
      case CASE -> caseWhen(call);
      case COALESCE -> coalesce(call);
      case CAST -> Casts.cast(compile(ops.get(0)), ops.get(0).getType(), type);
      case SEARCH -> compile(RexUtil.expandSearch(rexBuilder, null, call));
      case LIKE -> like(call);
      default -> function(call);
    };
  }

  private Scalar function(RexCall call) {
    List<RexNode> ops = call.getOperands();
    RelDataType type = call.getType();
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    switch (name) {
      case "ABS":
        Num.domain(type);
        return unary(call, a -> Num.abs(a, type));
      case "UPPER":
        return stringFn(call, s -> s.toUpperCase(Locale.ROOT));
      case "LOWER":
        return stringFn(call, s -> s.toLowerCase(Locale.ROOT));
      case "CHAR_LENGTH", "CHARACTER_LENGTH":
        requireChars(ops.get(0));
        return unary(call, a -> ((String) a).length());
      case "||":
        requireChars(ops.get(0));
        requireChars(ops.get(1));
        return arithmetic(call, (a, b) -> (String) a + b);
      case "MORPH$NEXT_VALUE":
        return sequence(call, true);
      case "MORPH$CURRENT_VALUE":
        return sequence(call, false);
      default:
        throw new NotInterpretable("operator " + call.getOperator().getName());
    }
  }

  /** NEXT / CURRENT VALUE FOR, asked of the execution's table source (SequenceFunctions). */
  private Scalar sequence(RexCall call, boolean next) {
    Scalar name = compile(call.getOperands().get(0));
    return (row, ctx) -> {
      TableSource source = (TableSource) ctx.root.get(ScanSpec.SOURCE);
      String sequence = (String) name.eval(row, ctx);
      return next ? source.nextValue(sequence) : source.currentValue(sequence);
    };
  }

  private static void requireChars(RexNode e) {
    if (!SqlTypeFamily.CHARACTER.contains(e.getType())) {
      throw new NotInterpretable("not a string: " + e.getType());
    }
  }

  private Scalar stringFn(RexCall call, UnaryOperator<String> f) {
    requireChars(call.getOperands().get(0));
    return unary(call, a -> f.apply((String) a));
  }

  private Scalar like(RexCall call) {
    List<RexNode> ops = call.getOperands();
    for (RexNode op : ops) {
      requireChars(op);
    }
    boolean negated = call.getOperator() instanceof SqlLikeOperator l && l.isNegated();
    List<Scalar> args = compile(ops);
    SqlFunctions.LikeFunction fn = new SqlFunctions.LikeFunction();
    return (row, ctx) -> {
      Object[] v = new Object[args.size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = args.get(i).eval(row, ctx);
        if (v[i] == null) {
          return null;
        }
      }
      boolean m = v.length == 2 ? fn.like((String) v[0], (String) v[1])
          : fn.like((String) v[0], (String) v[1], (String) v[2]);
      return m != negated;
    };
  }

  /** Both operands non-null, then {@code f}; arithmetic needs a numeric result. */
  private Scalar arithmetic(RexCall call, BinaryOperator<Object> f) {
    Scalar a = compile(call.getOperands().get(0));
    Scalar b = compile(call.getOperands().get(1));
    if (!Num.isNumeric(call.getType()) && !SqlTypeFamily.CHARACTER.contains(call.getType())) {
      throw new NotInterpretable("arithmetic on " + call.getType());
    }
    for (RexNode op : call.getOperands()) {
      if (!Num.isNumeric(op.getType()) && op.getType().getSqlTypeName() != SqlTypeName.NULL
          && !SqlTypeFamily.CHARACTER.contains(op.getType())) {
        throw new NotInterpretable("arithmetic operand " + op.getType());
      }
    }
    return (row, ctx) -> {
      Object x;
      ArithmeticException failed = null;
      try {
        x = a.eval(row, ctx);
      } catch (ArithmeticException e) {
        // the order operands are evaluated in is the implementation's: a NULL on the right
        // makes the result NULL whatever the left would have raised
        failed = e;
        x = null;
      }
      if (x == null && failed == null) {
        return null;
      }
      Object y = b.eval(row, ctx);
      if (y == null) {
        return null;
      }
      if (failed != null) {
        throw failed;
      }
      return f.apply(x, y);
    };
  }

  private Scalar divide(RexCall call) {
    RelDataType type = call.getType();
    if (Num.domain(type) == Num.Domain.DECIMAL) {
      throw new NotInterpretable("DECIMAL division");
    }
    return arithmetic(call, (a, b) -> Num.divide(a, b, type));
  }

  private Scalar unary(RexCall call, UnaryOperator<Object> f) {
    Scalar a = compile(call.getOperands().get(0));
    return (row, ctx) -> {
      Object x = a.eval(row, ctx);
      return x == null ? null : f.apply(x);
    };
  }

  private Scalar comparison(RexCall call, IntPredicate test) {
    return compare(call, false, test);
  }

  /** IS [NOT] DISTINCT FROM: like {@code =}, with two NULLs equal and NULL unequal to a value. */
  private Scalar distinct(RexCall call, boolean distinct) {
    return compare(call, true, c -> (c == 0) != distinct);
  }

  private Scalar compare(RexCall call, boolean nullsCompare, IntPredicate test) {
    RexNode left = call.getOperands().get(0);
    RexNode right = call.getOperands().get(1);
    Comparator<Object> cmp = Comparisons.of(left.getType(), right.getType());
    Scalar a = compile(left);
    Scalar b = compile(right);
    return (row, ctx) -> {
      Object x = a.eval(row, ctx);
      if (x == null && !nullsCompare) {
        return null;
      }
      Object y = b.eval(row, ctx);
      if (x == null || y == null) {
        return nullsCompare ? test.test(x == y ? 0 : 1) : null;
      }
      return test.test(cmp.compare(x, y));
    };
  }

  private static Scalar isNull(Scalar a, boolean isNull) {
    return (row, ctx) -> (a.eval(row, ctx) == null) == isNull;
  }

  private Scalar caseWhen(RexCall call) {
    List<RexNode> ops = call.getOperands();
    int pairs = (ops.size() - 1) / 2;
    Scalar[] conditions = new Scalar[pairs];
    Scalar[] values = new Scalar[pairs];
    for (int i = 0; i < pairs; i++) {
      conditions[i] = compile(ops.get(2 * i));
      values[i] = coerce(ops.get(2 * i + 1), call.getType());
    }
    Scalar otherwise = coerce(ops.get(ops.size() - 1), call.getType());
    return (row, ctx) -> {
      for (int i = 0; i < conditions.length; i++) {
        if (Boolean.TRUE.equals(conditions[i].eval(row, ctx))) {
          return values[i].eval(row, ctx);
        }
      }
      return otherwise.eval(row, ctx);
    };
  }

  private Scalar coalesce(RexCall call) {
    List<RexNode> ops = call.getOperands();
    Scalar[] args = new Scalar[ops.size()];
    for (int i = 0; i < args.length; i++) {
      args[i] = coerce(ops.get(i), call.getType());
    }
    return (row, ctx) -> {
      for (Scalar s : args) {
        Object v = s.eval(row, ctx);
        if (v != null) {
          return v;
        }
      }
      return null;
    };
  }

  /** {@code e} compiled and converted to the representation of {@code target}. */
  Scalar coerce(RexNode e, RelDataType target) {
    return Casts.widen(compile(e), e.getType(), target);
  }
}
