package org.morphdb.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Calendar;
import java.util.HexFormat;

/**
 * Every conversion between engine values and the Java types of JDBC getters, in one place.
 *
 * <p>Engine values are Boolean, Byte, Short, Integer, Long, BigDecimal, Float, Double,
 * String, LocalDate, LocalTime, LocalDateTime and byte[]; null is SQL NULL (callers handle
 * it before calling, except where noted). Integer getters truncate fractions toward zero
 * and fail with 22003 when the value does not fit; strings are parsed (22018 when they do
 * not parse, 22007 for dates and times). Strings are formatted plainly: BigDecimal without
 * exponent, floating point as {@link Double#toString}, dates and times in ISO form with a
 * space between date and time, fractions of seconds only when present, binary as hex.
 */
final class ValueConverter {
  private ValueConverter() {}

  private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
      .appendPattern("HH:mm:ss").appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
      .toFormatter();
  private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral(' ').append(TIME).toFormatter();
  /** Accepts a date, a date and time (space or 'T'), with optional seconds and fraction. */
  private static final DateTimeFormatter PARSE_DATE_TIME = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendLiteral(' ').append(parseTime()).optionalEnd()
      .toFormatter();
  private static final DateTimeFormatter PARSE_TIME = parseTime();

  private static DateTimeFormatter parseTime() {
    return new DateTimeFormatterBuilder().appendPattern("HH:mm")
        .optionalStart().appendPattern(":ss")
        .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
        .optionalEnd().toFormatter();
  }

  // ---- strings

  static String toStringValue(Object v) {
    if (v == null || v instanceof String) {
      return (String) v;
    }
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    if (v instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (v instanceof LocalDateTime t) {
      return DATE_TIME.format(t);
    }
    if (v instanceof LocalTime t) {
      return TIME.format(t);
    }
    if (v instanceof Timestamp t) {
      return DATE_TIME.format(t.toLocalDateTime());
    }
    if (v instanceof java.time.OffsetDateTime t) {
      return OffsetValues.text(t);
    }
    return v.toString();
  }

  // ---- booleans and numbers

  static boolean toBoolean(Object v) throws SQLException {
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return toBigDecimal(n).signum() != 0;
    }
    if (v instanceof String s) {
      switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "true": case "t": case "yes": case "y": case "1": return true;
        case "false": case "f": case "no": case "n": case "0": return false;
        default: break;
      }
    }
    throw cannotConvert(v, "BOOLEAN");
  }

  static long toLong(Object v) throws SQLException {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || d < -0x1p63 || d >= 0x1p63) {
        throw outOfRange(v, "BIGINT");
      }
      return (long) d;
    }
    if (v instanceof BigDecimal || v instanceof BigInteger) {
      try {
        return toBigDecimal(v).setScale(0, RoundingMode.DOWN).longValueExact();
      } catch (ArithmeticException e) {
        throw outOfRange(v, "BIGINT");
      }
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof String s) {
      String t = s.trim();
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException e) {
        return toLong(parseDecimal(t, "BIGINT"));
      }
    }
    throw cannotConvert(v, "BIGINT");
  }

  static int toInt(Object v) throws SQLException {
    long l = toLong(v);
    if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
      throw outOfRange(v, "INTEGER");
    }
    return (int) l;
  }

  static short toShort(Object v) throws SQLException {
    long l = toLong(v);
    if (l < Short.MIN_VALUE || l > Short.MAX_VALUE) {
      throw outOfRange(v, "SMALLINT");
    }
    return (short) l;
  }

  static byte toByte(Object v) throws SQLException {
    long l = toLong(v);
    if (l < Byte.MIN_VALUE || l > Byte.MAX_VALUE) {
      throw outOfRange(v, "TINYINT");
    }
    return (byte) l;
  }

  static double toDouble(Object v) throws SQLException {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof String s) {
      try {
        return Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        throw cannotConvert(v, "DOUBLE");
      }
    }
    throw cannotConvert(v, "DOUBLE");
  }

  static float toFloat(Object v) throws SQLException {
    double d = toDouble(v);
    if (!Double.isInfinite(d) && Math.abs(d) > Float.MAX_VALUE) {
      throw outOfRange(v, "REAL");
    }
    return (float) d;
  }

  static BigDecimal toBigDecimal(Object v) throws SQLException {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    if (v instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw outOfRange(v, "DECIMAL");
      }
      return v instanceof Float f ? new BigDecimal(f.toString()) : BigDecimal.valueOf(d);
    }
    if (v instanceof Boolean b) {
      return b ? BigDecimal.ONE : BigDecimal.ZERO;
    }
    if (v instanceof String s) {
      return parseDecimal(s.trim(), "DECIMAL");
    }
    throw cannotConvert(v, "DECIMAL");
  }

  private static BigDecimal parseDecimal(String s, String type) throws SQLException {
    try {
      return new BigDecimal(s);
    } catch (NumberFormatException e) {
      throw cannotConvert(s, type);
    }
  }

  static byte[] toBytes(Object v) throws SQLException {
    if (v instanceof byte[] b) {
      return b.clone();
    }
    throw cannotConvert(v, "VARBINARY");
  }

  // ---- dates and times

  static LocalDate toLocalDate(Object v) throws SQLException {
    if (v instanceof LocalDate d) {
      return d;
    }
    if (v instanceof java.time.OffsetDateTime t) {
      return OffsetValues.toLocalDateTime(t).toLocalDate();
    }
    if (v instanceof LocalDateTime t) {
      return t.toLocalDate();
    }
    if (v instanceof Date d) {
      return d.toLocalDate();
    }
    if (v instanceof Timestamp t) {
      return t.toLocalDateTime().toLocalDate();
    }
    if (v instanceof String s) {
      return LocalDate.from(parse(s, PARSE_DATE_TIME, "DATE"));
    }
    throw cannotConvert(v, "DATE");
  }

  static LocalTime toLocalTime(Object v) throws SQLException {
    if (v instanceof LocalTime t) {
      return t;
    }
    if (v instanceof java.time.OffsetDateTime t) {
      return OffsetValues.toLocalDateTime(t).toLocalTime();
    }
    if (v instanceof LocalDateTime t) {
      return t.toLocalTime();
    }
    if (v instanceof Time t) {
      return new Timestamp(t.getTime()).toLocalDateTime().toLocalTime();
    }
    if (v instanceof Timestamp t) {
      return t.toLocalDateTime().toLocalTime();
    }
    if (v instanceof String s) {
      String t = s.trim();
      return t.length() > 10 && t.charAt(4) == '-' ? toLocalDateTime(t).toLocalTime()
          : LocalTime.from(parse(t, PARSE_TIME, "TIME"));
    }
    throw cannotConvert(v, "TIME");
  }

  static LocalDateTime toLocalDateTime(Object v) throws SQLException {
    if (v instanceof LocalDateTime t) {
      return t;
    }
    if (v instanceof java.time.OffsetDateTime t) {
      return OffsetValues.toLocalDateTime(t);
    }
    if (v instanceof LocalDate d) {
      return d.atStartOfDay();
    }
    if (v instanceof LocalTime t) {
      return LocalDate.EPOCH.atTime(t);
    }
    if (v instanceof Timestamp t) {
      return t.toLocalDateTime();
    }
    if (v instanceof java.util.Date d) {
      return new Timestamp(d.getTime()).toLocalDateTime();
    }
    if (v instanceof String s) {
      TemporalAccessor parsed = parse(s, PARSE_DATE_TIME, "TIMESTAMP");
      LocalDate date = LocalDate.from(parsed);
      return parsed.isSupported(ChronoField.HOUR_OF_DAY)
          ? date.atTime(LocalTime.from(parsed)) : date.atStartOfDay();
    }
    throw cannotConvert(v, "TIMESTAMP");
  }

  private static TemporalAccessor parse(String s, DateTimeFormatter f, String type)
      throws SQLException {
    try {
      return f.parse(s.trim().replace('T', ' '));
    } catch (DateTimeParseException e) {
      throw Errors.create("Cannot convert '" + s + "' to " + type, Errors.BAD_DATETIME, 0, e);
    }
  }

  /** The java.sql.Date for a value; with a calendar, midnight in the calendar's zone. */
  static Date toSqlDate(Object v, Calendar cal) throws SQLException {
    LocalDate d = toLocalDate(v);
    return cal == null ? Date.valueOf(d)
        : new Date(d.atStartOfDay(zone(cal)).toInstant().toEpochMilli());
  }

  static Time toSqlTime(Object v, Calendar cal) throws SQLException {
    LocalTime t = toLocalTime(v);
    ZoneId zone = cal == null ? ZoneId.systemDefault() : zone(cal);
    return new Time(LocalDate.EPOCH.atTime(t).atZone(zone).toInstant().toEpochMilli());
  }

  static Timestamp toSqlTimestamp(Object v, Calendar cal) throws SQLException {
    LocalDateTime t = toLocalDateTime(v);
    return cal == null ? Timestamp.valueOf(t) : Timestamp.from(t.atZone(zone(cal)).toInstant());
  }

  private static ZoneId zone(Calendar cal) {
    return cal.getTimeZone().toZoneId();
  }

  // ---- objects

  /** The object {@code getObject} returns: the JDBC default mapping of the engine value. */
  static Object toJdbcObject(Object v) {
    if (v instanceof Byte || v instanceof Short) {
      return ((Number) v).intValue();
    }
    if (v instanceof LocalDate d) {
      return Date.valueOf(d);
    }
    if (v instanceof LocalTime t) {
      return new Time(LocalDate.EPOCH.atTime(t).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
    }
    if (v instanceof LocalDateTime t) {
      return Timestamp.valueOf(t);
    }
    if (v instanceof byte[] b) {
      return b.clone();
    }
    return v;
  }

  /** {@code getObject(column, type)}: a value as the requested class; null stays null. */
  static <T> T convert(Object v, Class<T> type) throws SQLException {
    if (type == null) {
      throw Errors.create("The target type is null", Errors.BAD_CONVERSION);
    }
    if (v == null) {
      return null;
    }
    return type.cast(convertNonNull(v, type));
  }

  private static Object convertNonNull(Object v, Class<?> type) throws SQLException {
    if (type == String.class) {
      return toStringValue(v);
    } else if (type == Boolean.class) {
      return toBoolean(v);
    } else if (type == Integer.class) {
      return toInt(v);
    } else if (type == Long.class) {
      return toLong(v);
    } else if (type == Short.class) {
      return toShort(v);
    } else if (type == Byte.class) {
      return toByte(v);
    } else if (type == Double.class) {
      return toDouble(v);
    } else if (type == Float.class) {
      return toFloat(v);
    } else if (type == BigDecimal.class) {
      return toBigDecimal(v);
    } else if (type == BigInteger.class) {
      return toBigDecimal(v).setScale(0, RoundingMode.DOWN).toBigIntegerExact();
    } else if (type == byte[].class) {
      return toBytes(v);
    } else if (type == LocalDate.class) {
      return toLocalDate(v);
    } else if (type == LocalTime.class) {
      return toLocalTime(v);
    } else if (type == LocalDateTime.class) {
      return toLocalDateTime(v);
    } else if (type == Date.class) {
      return toSqlDate(v, null);
    } else if (type == Time.class) {
      return toSqlTime(v, null);
    } else if (type == Timestamp.class || type == java.util.Date.class) {
      return toSqlTimestamp(v, null);
    } else if (type == Instant.class) {
      return OffsetValues.toOffsetDateTime(v).toInstant();
    } else if (type == java.time.OffsetDateTime.class) {
      return OffsetValues.toOffsetDateTime(v);
    } else if (type == java.time.ZonedDateTime.class) {
      return OffsetValues.toOffsetDateTime(v).toZonedDateTime();
    } else if (type == java.util.UUID.class) {
      return UuidValues.toUuid(v);
    } else if (type == Object.class) {
      return toJdbcObject(v);
    } else if (type.isInstance(v)) {
      return v;
    }
    throw cannotConvert(v, type.getName());
  }

  /** The Java class name {@code getObject} returns for a column of this type. */
  static String jdbcClassName(int jdbcType, String engineClass) {
    switch (jdbcType) {
      case java.sql.Types.BOOLEAN: case java.sql.Types.BIT: return Boolean.class.getName();
      case java.sql.Types.TINYINT: case java.sql.Types.SMALLINT:
      case java.sql.Types.INTEGER: return Integer.class.getName();
      case java.sql.Types.BIGINT: return Long.class.getName();
      case java.sql.Types.REAL: return Float.class.getName();
      case java.sql.Types.FLOAT: case java.sql.Types.DOUBLE: return Double.class.getName();
      case java.sql.Types.DECIMAL: case java.sql.Types.NUMERIC: return BigDecimal.class.getName();
      case java.sql.Types.CHAR: case java.sql.Types.VARCHAR: case java.sql.Types.LONGVARCHAR:
      case java.sql.Types.NCHAR: case java.sql.Types.NVARCHAR: return String.class.getName();
      case java.sql.Types.BINARY: case java.sql.Types.VARBINARY:
      case java.sql.Types.LONGVARBINARY: return byte[].class.getName();
      case java.sql.Types.DATE: return Date.class.getName();
      case java.sql.Types.TIME: return Time.class.getName();
      case java.sql.Types.TIMESTAMP: return Timestamp.class.getName();
      default: return engineClass == null || engineClass.isEmpty() ? Object.class.getName() : engineClass;
    }
  }

  static SQLException outOfRange(Object v, String type) {
    return Errors.create("Value " + describe(v) + " is out of range for " + type, Errors.OUT_OF_RANGE);
  }

  static SQLException cannotConvert(Object v, String type) {
    return Errors.create("Cannot convert " + describe(v) + " to " + type, Errors.BAD_CONVERSION);
  }

  private static String describe(Object v) {
    if (v instanceof String s) {
      return "'" + (s.length() > 60 ? s.substring(0, 60) + "..." : s) + "'";
    }
    return v instanceof byte[] ? "binary value" : v + " (" + v.getClass().getSimpleName() + ")";
  }
}
