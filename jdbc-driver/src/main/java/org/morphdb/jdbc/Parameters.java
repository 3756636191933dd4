package org.morphdb.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/**
 * The values bound to a prepared statement's '?' markers, and their conversion to the
 * values the engine takes: java.sql.Date/Time/Timestamp (and java.util.Date, in the JVM's
 * zone or the given calendar's) become LocalDate/LocalTime/LocalDateTime; Instant and
 * Offset/ZonedDateTime become an OffsetDateTime (the engine reads it in its zone for a
 * TIMESTAMP column); a UUID its text; BigInteger becomes BigDecimal; Character becomes
 * String. Other values go as given; the engine casts them to the parameter's type. With an
 * explicit target SQL type ({@code setObject(i, x, type)}) the value is converted here.
 */
final class Parameters {
  private final Object[] values;
  private final boolean[] bound;

  Parameters(int count) {
    values = new Object[count];
    bound = new boolean[count];
  }

  void set(int index, Object engineValue) throws SQLException {
    if (index < 1 || index > values.length) {
      throw Errors.create("Parameter index " + index + " is out of range 1.." + values.length, Errors.BAD_INDEX);
    }
    values[index - 1] = engineValue;
    bound[index - 1] = true;
  }

  void clear() {
    Arrays.fill(values, null);
    Arrays.fill(bound, false);
  }

  /** The bound values in order; 07001 when one has no value. */
  List<Object> values() throws SQLException {
    for (int i = 0; i < bound.length; i++) {
      if (!bound[i]) {
        throw Errors.create("No value specified for parameter " + (i + 1), Errors.MISSING_PARAMETER);
      }
    }
    return new Bound(values.clone());
  }

  /**
   * A statement's bound values as executed: a copy (the application may bind anew while the
   * engine holds them), read-only, and NULL allowed. One list object over the copy instead
   * of a fixed-size list wrapped in an unmodifiable one.
   */
  private static final class Bound extends java.util.AbstractList<Object> implements java.util.RandomAccess {
    private final Object[] values;

    Bound(Object[] values) {
      this.values = values;
    }

    @Override
    public Object get(int index) {
      return values[index];
    }

    @Override
    public int size() {
      return values.length;
    }
  }

  // ---- conversions

  /** A value from {@code setObject(i, x)} (and the typed setters) as the engine takes it. */
  static Object toEngine(Object x) throws SQLException {
    if (x == null || x instanceof String || x instanceof Integer || x instanceof Long
        || x instanceof Boolean || x instanceof BigDecimal || x instanceof Double
        || x instanceof Float || x instanceof Short || x instanceof Byte
        || x instanceof LocalDate || x instanceof LocalTime || x instanceof LocalDateTime) {
      return x;
    }
    if (x instanceof byte[] b) {
      return b.clone();
    }
    if (x instanceof java.sql.Date d) {
      return d.toLocalDate();
    }
    if (x instanceof Time t) {
      return ValueConverter.toLocalTime(t);
    }
    if (x instanceof java.util.Date d) { // Timestamp and plain java.util.Date
      return ValueConverter.toLocalDateTime(d);
    }
    if (x instanceof OffsetDateTime || x instanceof ZonedDateTime || x instanceof Instant) {
      return OffsetValues.toOffsetDateTime(x); // an instant: exact for TIMESTAMP WITH TIME ZONE
    }
    if (x instanceof java.util.UUID u) {
      return u.toString();
    }
    if (x instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (x instanceof Character || x instanceof Enum<?>) {
      return x.toString();
    }
    throw Errors.unsupported("Parameters of type " + x.getClass().getName());
  }

  /**
   * A value from {@code setObject(i, x, sqlType[, scaleOrLength])}: converted to the Java
   * type of {@code sqlType}; {@code scale} (or -1) sets the scale of DECIMAL values.
   */
  static Object toEngine(Object x, int sqlType, int scale) throws SQLException {
    if (x == null) {
      return null;
    }
    Object v = toEngine(x);
    switch (sqlType) {
      case Types.BOOLEAN: case Types.BIT: return ValueConverter.toBoolean(v);
      case Types.TINYINT: return ValueConverter.toByte(v);
      case Types.SMALLINT: return ValueConverter.toShort(v);
      case Types.INTEGER: return ValueConverter.toInt(v);
      case Types.BIGINT: return ValueConverter.toLong(v);
      case Types.REAL: return ValueConverter.toFloat(v);
      case Types.FLOAT: case Types.DOUBLE: return ValueConverter.toDouble(v);
      case Types.DECIMAL: case Types.NUMERIC:
        BigDecimal d = ValueConverter.toBigDecimal(v);
        return scale >= 0 ? d.setScale(scale, RoundingMode.HALF_UP) : d;
      case Types.CHAR: case Types.VARCHAR: case Types.LONGVARCHAR: case Types.NCHAR:
      case Types.NVARCHAR: case Types.LONGNVARCHAR: case Types.CLOB: case Types.NCLOB:
        return ValueConverter.toStringValue(v);
      case Types.BINARY: case Types.VARBINARY: case Types.LONGVARBINARY: case Types.BLOB:
        return ValueConverter.toBytes(v);
      case Types.DATE: return ValueConverter.toLocalDate(v);
      case Types.TIME: return ValueConverter.toLocalTime(v);
      case Types.TIMESTAMP: return ValueConverter.toLocalDateTime(v);
      case Types.TIMESTAMP_WITH_TIMEZONE: return OffsetValues.toOffsetDateTime(v);
      case Types.NULL: return null;
      case Types.OTHER: case Types.JAVA_OBJECT: return v;
      default: throw Errors.unsupported("Parameters of SQL type " + sqlType);
    }
  }

  static LocalDate date(java.sql.Date d, Calendar cal) {
    return cal == null ? d.toLocalDate()
        : Instant.ofEpochMilli(d.getTime()).atZone(cal.getTimeZone().toZoneId()).toLocalDate();
  }

  static LocalTime time(Time t, Calendar cal) throws SQLException {
    return cal == null ? ValueConverter.toLocalTime(t)
        : Instant.ofEpochMilli(t.getTime()).atZone(cal.getTimeZone().toZoneId()).toLocalTime();
  }

  static LocalDateTime timestamp(Timestamp t, Calendar cal) {
    return cal == null ? t.toLocalDateTime()
        : t.toInstant().atZone(cal.getTimeZone().toZoneId()).toLocalDateTime();
  }

  /** Reads up to {@code length} chars (all when negative). */
  static String read(Reader reader, long length) throws SQLException {
    if (reader == null) {
      return null;
    }
    try {
      StringBuilder sb = new StringBuilder();
      char[] buf = new char[8192];
      long left = length < 0 ? Long.MAX_VALUE : length;
      int n;
      while (left > 0 && (n = reader.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
        sb.append(buf, 0, n);
        left -= n;
      }
      return sb.toString();
    } catch (IOException e) {
      throw Errors.create("Cannot read the parameter stream: " + e.getMessage(), "HY000", 0, e);
    }
  }

  /** Reads up to {@code length} bytes (all when negative). */
  static byte[] read(InputStream in, long length) throws SQLException {
    if (in == null) {
      return null;
    }
    try {
      return length < 0 ? in.readAllBytes() : in.readNBytes((int) Math.min(Integer.MAX_VALUE, length));
    } catch (IOException e) {
      throw Errors.create("Cannot read the parameter stream: " + e.getMessage(), "HY000", 0, e);
    }
  }
}
