package org.morphdb.engine.sql.exec;

import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Numbers in Calcite's representation (Byte, Short, Integer, Long, BigDecimal, Float, Double),
 * and the arithmetic the generated code does on them: integer results are exact and fail with
 * "integer overflow" (our plans only use checked integer operators), DECIMAL is exact,
 * approximate numbers follow Java.
 */
final class Num {
  /** How a numeric type computes. */
  enum Domain { INT, DECIMAL, DOUBLE, FLOAT }

  private Num() {}

  static Domain domain(RelDataType type) {
    Domain d = domainOrNull(type.getSqlTypeName());
    if (d == null) {
      throw new NotInterpretable("not numeric: " + type);
    }
    return d;
  }

  static Domain domainOrNull(SqlTypeName t) {
    return switch (t) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> Domain.INT;
      case DECIMAL -> Domain.DECIMAL;
      case DOUBLE, FLOAT -> Domain.DOUBLE;
      case REAL -> Domain.FLOAT;
      default -> null;
    };
  }

  static boolean isNumeric(RelDataType type) {
    return domainOrNull(type.getSqlTypeName()) != null;
  }

  static long l(Object v) {
    return ((Number) v).longValue();
  }

  static double d(Object v) {
    return ((Number) v).doubleValue();
  }

  static BigDecimal bd(Object v) {
    if (v instanceof BigDecimal b) {
      return b;
    }
    if (v instanceof Double || v instanceof Float) {
      return BigDecimal.valueOf(((Number) v).doubleValue());
    }
    return BigDecimal.valueOf(((Number) v).longValue());
  }

  /** An exact integer in the representation of integer type {@code t}, or overflow. */
  static Object narrow(long v, SqlTypeName t) {
    return switch (t) {
      case TINYINT -> {
        if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
          throw overflow();
        }
        yield (byte) v;
      }
      case SMALLINT -> {
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
          throw overflow();
        }
        yield (short) v;
      }
      case INTEGER -> {
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
          throw overflow();
        }
        yield (int) v;
      }
      default -> v;
    };
  }

  static ArithmeticException overflow() {
    return new ArithmeticException("integer overflow");
  }

  /**
   * Converts a number to the representation of numeric type {@code t} where that is exact or
   * widening (integers to anything, DECIMAL to approximate); narrowing conversions are the
   * caller's business.
   */
  static Object widen(Object v, RelDataType t) {
    if (v == null) {
      return null;
    }
    SqlTypeName name = t.getSqlTypeName();
    return switch (domain(t)) {
      case INT -> narrow(l(v), name);
      case DECIMAL -> bd(v);
      case DOUBLE -> v instanceof Double ? v : d(v);
      case FLOAT -> v instanceof Float ? v : (float) d(v);
    };
  }

  static Object plus(Object a, Object b, RelDataType t) {
    return switch (domain(t)) {
      case INT -> narrow(Math.addExact(l(a), l(b)), t.getSqlTypeName());
      case DECIMAL -> bd(a).add(bd(b));
      case DOUBLE -> d(a) + d(b);
      case FLOAT -> (float) (((Number) a).floatValue() + ((Number) b).floatValue());
    };
  }

  static Object minus(Object a, Object b, RelDataType t) {
    return switch (domain(t)) {
      case INT -> narrow(Math.subtractExact(l(a), l(b)), t.getSqlTypeName());
      case DECIMAL -> bd(a).subtract(bd(b));
      case DOUBLE -> d(a) - d(b);
      case FLOAT -> (float) (((Number) a).floatValue() - ((Number) b).floatValue());
    };
  }

  static Object times(Object a, Object b, RelDataType t) {
    return switch (domain(t)) {
      case INT -> narrow(Math.multiplyExact(l(a), l(b)), t.getSqlTypeName());
      case DECIMAL -> bd(a).multiply(bd(b));
      case DOUBLE -> d(a) * d(b);
      case FLOAT -> (float) (((Number) a).floatValue() * ((Number) b).floatValue());
    };
  }

  /** Division; DECIMAL division is left to generated code (its scale rules). */
  static Object divide(Object a, Object b, RelDataType t) {
    return switch (domain(t)) {
      case INT -> {
        long x = l(a);
        long y = l(b);
        if (y == 0) {
          throw new ArithmeticException("/ by zero");
        }
        if (x == Long.MIN_VALUE && y == -1) {
          throw overflow();
        }
        yield narrow(x / y, t.getSqlTypeName());
      }
      case DOUBLE -> d(a) / d(b);
      case FLOAT -> (float) (((Number) a).floatValue() / ((Number) b).floatValue());
      case DECIMAL -> throw new NotInterpretable("DECIMAL division");
    };
  }

  static Object mod(Object a, Object b, RelDataType t) {
    if (domain(t) != Domain.INT) {
      throw new NotInterpretable("non-integer MOD");
    }
    long y = l(b);
    if (y == 0) {
      throw new ArithmeticException("/ by zero");
    }
    return narrow(l(a) % y, t.getSqlTypeName());
  }

  static Object negate(Object a, RelDataType t) {
    return switch (domain(t)) {
      case INT -> narrow(Math.negateExact(l(a)), t.getSqlTypeName());
      case DECIMAL -> bd(a).negate();
      case DOUBLE -> -d(a);
      case FLOAT -> -((Number) a).floatValue();
    };
  }

  static Object abs(Object a, RelDataType t) {
    return switch (domain(t)) {
      case INT -> narrow(Math.absExact(l(a)), t.getSqlTypeName());
      case DECIMAL -> bd(a).abs();
      case DOUBLE -> Math.abs(d(a));
      case FLOAT -> Math.abs(((Number) a).floatValue());
    };
  }

  /** Compares two numbers, both non-null, in the given domain. */
  static int compare(Object a, Object b, Domain domain) {
    return switch (domain) {
      case INT -> Long.compare(l(a), l(b));
      case DECIMAL -> bd(a).compareTo(bd(b));
      case DOUBLE, FLOAT -> {
        double x = d(a);
        double y = d(b);
        yield x < y ? -1 : x > y ? 1 : 0;
      }
    };
  }

  /** The domain two numeric operands are compared in. */
  static Domain common(RelDataType a, RelDataType b) {
    Domain x = domain(a);
    Domain y = domain(b);
    if (x == Domain.DOUBLE || x == Domain.FLOAT || y == Domain.DOUBLE || y == Domain.FLOAT) {
      return Domain.DOUBLE;
    }
    return x == Domain.DECIMAL || y == Domain.DECIMAL ? Domain.DECIMAL : Domain.INT;
  }
}
