package org.morphdb.engine.sql.exec;

import java.util.List;

/** SQL's three-valued logic: null is "unknown". */
final class Logic {
  private Logic() {}

  static Scalar and(List<Scalar> args) {
    return junction(args, false);
  }

  static Scalar or(List<Scalar> args) {
    return junction(args, true);
  }

  /**
   * AND ({@code decisive} false) or OR (true): the first operand equal to {@code decisive}
   * decides; otherwise any unknown operand makes the result unknown.
   */
  private static Scalar junction(List<Scalar> args, boolean decisive) {
    Scalar[] a = args.toArray(Scalar[]::new);
    return (row, ctx) -> {
      boolean unknown = false;
      for (Scalar s : a) {
        Object v = s.eval(row, ctx);
        if (v == null) {
          unknown = true;
        } else if ((Boolean) v == decisive) {
          return decisive;
        }
      }
      return unknown ? null : !decisive;
    };
  }

  static Scalar not(Scalar a) {
    return (row, ctx) -> {
      Object v = a.eval(row, ctx);
      return v == null ? null : !(Boolean) v;
    };
  }

  /** {@code IS [NOT] TRUE / FALSE}: never unknown. */
  static Scalar is(Scalar a, Boolean value, boolean negated) {
    return (row, ctx) -> value.equals(a.eval(row, ctx)) != negated;
  }

  /** Whether a condition's value lets a row through (unknown does not). */
  static boolean passes(Object v) {
    return Boolean.TRUE.equals(v);
  }
}
