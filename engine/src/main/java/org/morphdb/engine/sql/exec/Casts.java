package org.morphdb.engine.sql.exec;

import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * CAST, and the implicit conversion of a CASE branch or COALESCE argument to the call's
 * type. Only conversions whose result is unambiguous are done here (integers between
 * themselves and to exact or approximate numbers, strings to integers and back); rounding
 * conversions are left to generated code.
 */
final class Casts {
  private Casts() {}

  /** Converts values of type {@code from} to the representation of {@code to} (widening). */
  static Scalar widen(Scalar s, RelDataType from, RelDataType to) {
    SqlTypeName f = from.getSqlTypeName();
    SqlTypeName t = to.getSqlTypeName();
    if (f == t || f == SqlTypeName.NULL
        || (SqlTypeFamily.CHARACTER.contains(from) && SqlTypeFamily.CHARACTER.contains(to))) {
      return s;
    }
    if (Num.isNumeric(from) && Num.isNumeric(to) && widening(Num.domain(from), Num.domain(to))) {
      return map(s, v -> Num.widen(v, to));
    }
    throw new NotInterpretable("convert " + from + " to " + to);
  }

  private static boolean widening(Num.Domain from, Num.Domain to) {
    return switch (from) {
      case INT -> true;
      case DECIMAL -> to != Num.Domain.INT;
      case FLOAT -> to == Num.Domain.FLOAT || to == Num.Domain.DOUBLE;
      case DOUBLE -> to == Num.Domain.DOUBLE;
    };
  }

  static Scalar cast(Scalar s, RelDataType from, RelDataType to) {
    SqlTypeName f = from.getSqlTypeName();
    SqlTypeName t = to.getSqlTypeName();
    if (f == SqlTypeName.NULL) {
      return s;
    }
    if (f == t) {
      return sameType(s, from, to);
    }
    if (Num.isNumeric(from) && Num.isNumeric(to)) {
      return numeric(s, from, to);
    }
    if (Num.isNumeric(from) && Num.domain(from) == Num.Domain.INT && t == SqlTypeName.VARCHAR
        && unbounded(to, 20)) {
      return map(s, v -> Long.toString(((Number) v).longValue()));
    }
    if (SqlTypeFamily.CHARACTER.contains(from) && Num.isNumeric(to)
        && Num.domain(to) == Num.Domain.INT) {
      return map(s, v -> Num.narrow(Long.parseLong(((String) v).trim()), t));
    }
    throw new NotInterpretable("cast " + from + " to " + to);
  }

  private static Scalar sameType(Scalar s, RelDataType from, RelDataType to) {
    switch (to.getSqlTypeName()) {
      case DECIMAL:
        if (from.getPrecision() == to.getPrecision() && from.getScale() == to.getScale()) {
          return s;
        }
        throw new NotInterpretable("DECIMAL rescale");
      case CHAR:
        if (from.getPrecision() == to.getPrecision()) {
          return s;
        }
        throw new NotInterpretable("CHAR resize");
      case VARCHAR:
        if (unbounded(to, from.getPrecision())) {
          return s;
        }
        throw new NotInterpretable("VARCHAR truncation");
      default:
        return s;
    }
  }

  private static Scalar numeric(Scalar s, RelDataType from, RelDataType to) {
    Num.Domain f = Num.domain(from);
    Num.Domain t = Num.domain(to);
    if (t == Num.Domain.DECIMAL) {
      if (f != Num.Domain.INT) {
        throw new NotInterpretable("cast to DECIMAL from " + from);
      }
      int scale = to.getScale();
      int integerDigits = to.getPrecision() - scale;
      return map(s, v -> {
        BigDecimal d = BigDecimal.valueOf(((Number) v).longValue()).setScale(scale);
        if (d.precision() - d.scale() > integerDigits) {
          throw new ArithmeticException("Numeric overflow: " + v + " does not fit " + to);
        }
        return d;
      });
    }
    if (t == Num.Domain.INT) {
      if (f != Num.Domain.INT) {
        throw new NotInterpretable("cast to integer from " + from);
      }
      SqlTypeName name = to.getSqlTypeName();
      return map(s, v -> Num.narrow(((Number) v).longValue(), name));
    }
    return map(s, t == Num.Domain.DOUBLE ? v -> ((Number) v).doubleValue()
        : v -> ((Number) v).floatValue());
  }

  /** Whether {@code type} holds at least {@code length} characters. */
  private static boolean unbounded(RelDataType type, int length) {
    int p = type.getPrecision();
    return p == RelDataType.PRECISION_NOT_SPECIFIED || (length >= 0 && p >= length);
  }

  private static Scalar map(Scalar s, java.util.function.UnaryOperator<Object> f) {
    return (row, ctx) -> {
      Object v = s.eval(row, ctx);
      return v == null ? null : f.apply(v);
    };
  }
}
