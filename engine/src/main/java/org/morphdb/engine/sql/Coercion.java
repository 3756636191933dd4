package org.morphdb.engine.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import org.apache.calcite.avatica.util.ByteString;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.InvalidValueException;
import org.morphdb.engine.catalog.TypedValues;
import org.morphdb.engine.catalog.Values;

/**
 * Assignment of a value to a column: converts what a client or a query produced into the
 * Calcite form of the column's type, with the SQL errors for values that do not fit
 * (22003 out of range, 22001 too long, 22018 not convertible).
 */
public final class Coercion {
  private Coercion() {}

  public static Object toColumn(ColumnType type, Object value, String columnName) {
    if (value == null) {
      return null;
    }
    try {
      return convert(type, value, columnName);
    } catch (InvalidValueException e) {
      throw MorphException.of(ErrorCode.INVALID_CAST, "%s for column %s %s", e.getMessage(), columnName, type);
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      throw MorphException.of(ErrorCode.INVALID_CAST, "Cannot convert '%s' to %s for column %s",
          abbreviate(value), type, columnName);
    }
  }

  private static Object convert(ColumnType type, Object v, String col) {
    switch (type.kind()) {
      case BOOLEAN:
        return toBoolean(v, type, col);
      case TINYINT:
        return (byte) integral(v, Byte.MIN_VALUE, Byte.MAX_VALUE, type, col);
      case SMALLINT:
        return (short) integral(v, Short.MIN_VALUE, Short.MAX_VALUE, type, col);
      // a value already of the column's class is in range: handed on as it is, not re-boxed
      case INTEGER:
        return v instanceof Integer ? v : (int) integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE, type, col);
      case BIGINT:
        return v instanceof Long ? v : integral(v, Long.MIN_VALUE, Long.MAX_VALUE, type, col);
      case DECIMAL:
        return decimal(v, type, col);
      case REAL:
        return (float) number(v).doubleValue();
      case DOUBLE:
        return number(v).doubleValue();
      case CHAR:
      case VARCHAR:
      case CLOB:
        return string(v, type, col);
      case JSON:
        return TypedValues.json(string(v, type, col));
      case UUID:
        return TypedValues.uuid(v);
      case TIMESTAMP_TZ:
        return TypedValues.instantMillis(v);
      case DATE:
        return date(v);
      case TIME:
        return time(v);
      case TIMESTAMP:
        return timestamp(v);
      case VARBINARY:
      case BLOB:
        return binary(v, type, col);
      default:
        throw new IllegalStateException("unknown type " + type);
    }
  }

  private static Object toBoolean(Object v, ColumnType type, String col) {
    if (v instanceof Boolean) {
      return v;
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    String s = v.toString().trim();
    if (s.equalsIgnoreCase("true")) {
      return true;
    }
    if (s.equalsIgnoreCase("false")) {
      return false;
    }
    throw cannot(v, type, col);
  }

  private static Number number(Object v) {
    if (v instanceof Number n) {
      return n;
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof String s) {
      return new BigDecimal(s.trim());
    }
    throw new NumberFormatException(String.valueOf(v));
  }

  private static long integral(Object v, long min, long max, ColumnType type, String col) {
    Number n = number(v);
    BigInteger value;
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      long l = n.longValue();
      if (l < min || l > max) {
        throw outOfRange(v, type, col);
      }
      return l;
    } else if (n instanceof BigDecimal d) {
      value = d.setScale(0, RoundingMode.HALF_UP).toBigInteger();
    } else {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw outOfRange(v, type, col);
      }
      value = BigDecimal.valueOf(d).setScale(0, RoundingMode.HALF_UP).toBigInteger();
    }
    if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
      throw outOfRange(v, type, col);
    }
    return value.longValue();
  }

  private static BigDecimal decimal(Object v, ColumnType type, String col) {
    Number n = number(v);
    BigDecimal d = n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
    if (type.precision() > 0) {
      d = d.setScale(type.scale(), RoundingMode.HALF_UP);
      if (d.precision() - d.scale() > type.precision() - type.scale()) {
        throw outOfRange(v, type, col);
      }
    }
    return d;
  }

  private static String string(Object v, ColumnType type, String col) {
    String s = v instanceof BigDecimal d ? d.toPlainString()
        : v instanceof ByteString b ? b.toString() : v.toString();
    if (type.precision() > 0 && s.length() > type.precision()) {
      throw MorphException.of(ErrorCode.STRING_TOO_LONG, "Value too long for column %s %s: '%s'",
          col, type, abbreviate(s));
    }
    return s;
  }

  private static int date(Object v) {
    if (v instanceof LocalDate d) {
      return Values.dateToCalcite(d);
    }
    if (v instanceof java.sql.Date d) {
      return Values.dateToCalcite(d.toLocalDate());
    }
    if (v instanceof LocalDateTime t) {
      return Values.dateToCalcite(t.toLocalDate());
    }
    if (v instanceof Integer i) {
      return i;
    }
    return Values.dateToCalcite(LocalDate.parse(v.toString().trim()));
  }

  private static int time(Object v) {
    if (v instanceof LocalTime t) {
      return Values.timeToCalcite(t);
    }
    if (v instanceof java.sql.Time t) {
      return Values.timeToCalcite(t.toLocalTime());
    }
    if (v instanceof Integer i) {
      return i;
    }
    return Values.timeToCalcite(LocalTime.parse(v.toString().trim()));
  }

  private static long timestamp(Object v) {
    if (v instanceof LocalDateTime t) {
      return Values.timestampToCalcite(t);
    }
    if (v instanceof java.time.OffsetDateTime t) { // an instant, to this JVM's wall-clock time
      return Values.timestampToCalcite(t.atZoneSameInstant(java.time.ZoneId.systemDefault()).toLocalDateTime());
    }
    if (v instanceof java.sql.Timestamp t) {
      return Values.timestampToCalcite(t.toLocalDateTime());
    }
    if (v instanceof LocalDate d) {
      return Values.timestampToCalcite(d.atStartOfDay());
    }
    if (v instanceof Long l) {
      return l;
    }
    return Values.timestampToCalcite(LocalDateTime.parse(v.toString().trim().replace(' ', 'T')));
  }

  private static ByteString binary(Object v, ColumnType type, String col) {
    ByteString b = v instanceof ByteString bs ? bs
        : v instanceof byte[] bytes ? new ByteString(bytes) : null;
    if (b == null) {
      throw cannot(v, type, col);
    }
    if (type.precision() > 0 && b.length() > type.precision()) {
      throw MorphException.of(ErrorCode.STRING_TOO_LONG, "Value too long for column %s %s", col, type);
    }
    return b;
  }

  private static MorphException outOfRange(Object v, ColumnType type, String col) {
    return MorphException.of(ErrorCode.NUMERIC_OVERFLOW, "Value %s out of range for column %s %s",
        abbreviate(v), col, type);
  }

  private static MorphException cannot(Object v, ColumnType type, String col) {
    return MorphException.of(ErrorCode.INVALID_CAST, "Cannot convert '%s' to %s for column %s",
        abbreviate(v), type, col);
  }

  static String abbreviate(Object v) {
    String s = String.valueOf(v);
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
