package org.morphdb.engine.sql.plan;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import org.apache.calcite.avatica.util.ByteString;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.InvalidValueException;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.catalog.TypedValues;
import org.morphdb.engine.catalog.Values;

/** Converts values handed in from outside (parameters, key bounds) to Calcite's form. */
final class Coercions {
  /** Key value lies below every value of the column's type. */
  static final Object BELOW = new Object();
  /** Key value lies above every value of the column's type. */
  static final Object ABOVE = new Object();

  private Coercions() {}

  /** A parameter value (Calcite or api form, or a convertible string) in Calcite's form. */
  static Object parameter(TypeKind kind, Object v) {
    if (v == null) {
      return null;
    }
    try {
      return switch (kind) {
        case BOOLEAN -> toBoolean(v);
        case TINYINT, SMALLINT, INTEGER, BIGINT -> Values.toCalcite(kind, checkedLong(kind, v));
        case DECIMAL -> toDecimal(v);
        case REAL -> v instanceof Number n ? n.floatValue() : Float.parseFloat(v.toString().trim());
        case DOUBLE -> v instanceof Number n ? n.doubleValue() : Double.parseDouble(v.toString().trim());
        case CHAR, VARCHAR, CLOB -> v instanceof ByteString b ? b.toString() : v.toString();
        case JSON -> TypedValues.json(v);
        case UUID -> TypedValues.uuid(v);
        case DATE -> toDate(v);
        case TIME -> toTime(v);
        case TIMESTAMP -> toTimestamp(v);
        case TIMESTAMP_TZ -> TypedValues.instantMillis(v);
        case VARBINARY, BLOB -> v instanceof byte[] b ? new ByteString(b) : v;
      };
    } catch (InvalidValueException e) {
      throw new MorphException(ErrorCode.INVALID_CAST, e.getMessage(), e);
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new MorphException(ErrorCode.INVALID_CAST,
          "Cannot convert '" + v + "' to " + kind, e);
    }
  }

  /**
   * A key value compared with a column of this kind, in the column's Calcite form; or
   * {@link #BELOW} / {@link #ABOVE} when it lies outside the kind's range.
   */
  static Object key(TypeKind kind, Object v) {
    return switch (kind) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> integerKey(kind, (Number) v);
      case DECIMAL -> toDecimal(v);
      case DOUBLE -> ((Number) v).doubleValue();
      // a UUID column compares as its stored text, in an index as in a filter
      case CHAR, VARCHAR, CLOB, JSON, UUID -> v.toString();
      default -> v;
    };
  }

  private static Object integerKey(TypeKind kind, Number n) {
    if (n instanceof BigDecimal d) {
      if (d.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
        return BELOW;
      }
      if (d.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
        return ABOVE;
      }
    }
    long x = n.longValue();
    if (x < min(kind)) {
      return BELOW;
    }
    if (x > max(kind)) {
      return ABOVE;
    }
    return Values.toCalcite(kind, x);
  }

  private static long checkedLong(TypeKind kind, Object v) {
    BigDecimal d = v instanceof Number n ? toDecimal(n) : new BigDecimal(v.toString().trim());
    d = d.setScale(0, RoundingMode.HALF_UP);
    if (d.compareTo(BigDecimal.valueOf(min(kind))) < 0 || d.compareTo(BigDecimal.valueOf(max(kind))) > 0) {
      throw new MorphException(ErrorCode.NUMERIC_OVERFLOW, "Value " + v + " out of range for " + kind);
    }
    return d.longValueExact();
  }

  static long min(TypeKind kind) {
    return switch (kind) {
      case TINYINT -> Byte.MIN_VALUE;
      case SMALLINT -> Short.MIN_VALUE;
      case INTEGER -> Integer.MIN_VALUE;
      default -> Long.MIN_VALUE;
    };
  }

  static long max(TypeKind kind) {
    return switch (kind) {
      case TINYINT -> Byte.MAX_VALUE;
      case SMALLINT -> Short.MAX_VALUE;
      case INTEGER -> Integer.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
  }

  private static Object toBoolean(Object v) {
    if (v instanceof Boolean) {
      return v;
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    String s = v.toString().trim();
    if (s.equalsIgnoreCase("true") || s.equals("1")) {
      return Boolean.TRUE;
    }
    if (s.equalsIgnoreCase("false") || s.equals("0")) {
      return Boolean.FALSE;
    }
    throw new NumberFormatException(s);
  }

  private static BigDecimal toDecimal(Object v) {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof Double || v instanceof Float) {
      return BigDecimal.valueOf(((Number) v).doubleValue());
    }
    if (v instanceof Number n) {
      return BigDecimal.valueOf(n.longValue());
    }
    return new BigDecimal(v.toString().trim());
  }

  private static Object toDate(Object v) {
    if (v instanceof LocalDate d) {
      return Values.dateToCalcite(d);
    }
    if (v instanceof LocalDateTime t) {
      return Values.dateToCalcite(t.toLocalDate());
    }
    if (v instanceof Number n) {
      return n.intValue();
    }
    return Values.dateToCalcite(LocalDate.parse(v.toString().trim()));
  }

  private static Object toTime(Object v) {
    if (v instanceof LocalTime t) {
      return Values.timeToCalcite(t);
    }
    if (v instanceof Number n) {
      return n.intValue();
    }
    return Values.timeToCalcite(LocalTime.parse(v.toString().trim()));
  }

  private static Object toTimestamp(Object v) {
    if (v instanceof LocalDateTime t) {
      return Values.timestampToCalcite(t);
    }
    if (v instanceof java.time.OffsetDateTime t) { // an instant, to this JVM's wall-clock time
      return Values.timestampToCalcite(t.atZoneSameInstant(java.time.ZoneId.systemDefault()).toLocalDateTime());
    }
    if (v instanceof LocalDate d) {
      return Values.timestampToCalcite(d.atStartOfDay());
    }
    if (v instanceof Number n) {
      return n.longValue();
    }
    String s = v.toString().trim();
    if (s.length() == 10) {
      return Values.timestampToCalcite(LocalDate.parse(s).atStartOfDay());
    }
    return Values.timestampToCalcite(LocalDateTime.parse(s.replace(' ', 'T')));
  }
}
