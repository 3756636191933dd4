package org.morphdb.engine.sql.exec;

import java.math.BigDecimal;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Brings join keys to a form in which SQL-equal values are equal Java values, so a hash table
 * can match them: numbers by the domain both sides compare in (1 = 1.0 = 1.00), strings and
 * booleans as they are.
 */
final class HashNormal {
  private HashNormal() {}

  /** The normal form for keys of types {@code a} and {@code b}, or null if not hashable. */
  static UnaryOperator<Object> of(RelDataType a, RelDataType b) {
    if (Num.isNumeric(a) && Num.isNumeric(b)) {
      return switch (Num.common(a, b)) {
        case INT -> v -> ((Number) v).longValue();
        case DECIMAL -> v -> {
          BigDecimal d = Num.bd(v);
          return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        };
        case DOUBLE, FLOAT -> v -> {
          double d = ((Number) v).doubleValue();
          return d == 0 ? 0.0d : d; // -0.0 equals 0.0 in SQL
        };
      };
    }
    if (SqlTypeFamily.CHARACTER.contains(a) && SqlTypeFamily.CHARACTER.contains(b)) {
      return v -> v;
    }
    if (a.getSqlTypeName() == SqlTypeName.BOOLEAN && b.getSqlTypeName() == SqlTypeName.BOOLEAN) {
      return v -> v;
    }
    return null;
  }
}
