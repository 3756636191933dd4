package org.morphdb.jdbc;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/**
 * Instants for TIMESTAMP WITH TIME ZONE: the engine hands them out as an OffsetDateTime at
 * UTC (the offset a value was written with is not kept). A value without an offset (a
 * TIMESTAMP column's LocalDateTime, java.sql.Timestamp, text) is read in the JVM's zone, as
 * JDBC reads timestamps.
 */
final class OffsetValues {
  private static final DateTimeFormatter TEXT = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .appendLiteral(' ')
      .appendPattern("HH:mm:ss")
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
      .appendOffset("+HH:MM", "+00:00")
      .toFormatter(Locale.ROOT);
  private static final DateTimeFormatter PARSE = new DateTimeFormatterBuilder()
      .parseCaseInsensitive()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendLiteral('T').optionalEnd()
      .optionalStart().appendLiteral(' ').optionalEnd()
      .append(DateTimeFormatter.ISO_LOCAL_TIME)
      .optionalStart().appendOffset("+HH:MM:ss", "Z").optionalEnd()
      .optionalStart().appendOffset("+HHmm", "Z").optionalEnd()
      .optionalStart().appendOffset("+HH", "Z").optionalEnd()
      .toFormatter(Locale.ROOT);

  private OffsetValues() {}

  /** {@code 2024-01-31 08:00:00.5+00:00}. */
  static String text(OffsetDateTime t) {
    return TEXT.format(t);
  }

  static OffsetDateTime toOffsetDateTime(Object v) throws SQLException {
    if (v instanceof OffsetDateTime t) {
      return t;
    }
    if (v instanceof java.time.ZonedDateTime t) {
      return t.toOffsetDateTime();
    }
    if (v instanceof java.time.Instant i) {
      return OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }
    if (v instanceof LocalDateTime t) {
      return t.atZone(ZoneId.systemDefault()).toOffsetDateTime();
    }
    if (v instanceof LocalDate d) {
      return d.atStartOfDay(ZoneId.systemDefault()).toOffsetDateTime();
    }
    if (v instanceof java.util.Date d) {
      return new Timestamp(d.getTime()).toInstant().atZone(ZoneId.systemDefault()).toOffsetDateTime();
    }
    if (v instanceof String s) {
      return parse(s);
    }
    throw ValueConverter.cannotConvert(v, "TIMESTAMP WITH TIME ZONE");
  }

  private static OffsetDateTime parse(String s) throws SQLException {
    try {
      TemporalAccessor t = PARSE.parse(s.trim());
      LocalDateTime local = LocalDateTime.from(t);
      return t.isSupported(ChronoField.OFFSET_SECONDS)
          ? local.atOffset(ZoneOffset.ofTotalSeconds(t.get(ChronoField.OFFSET_SECONDS)))
          : local.atZone(ZoneId.systemDefault()).toOffsetDateTime();
    } catch (DateTimeParseException e) {
      throw Errors.create("Cannot convert '" + s + "' to TIMESTAMP WITH TIME ZONE", Errors.BAD_DATETIME, 0, e);
    }
  }

  /** The JVM's wall-clock time of an instant (what getTimestamp and LocalDateTime show). */
  static LocalDateTime toLocalDateTime(OffsetDateTime t) {
    return t.atZoneSameInstant(ZoneId.systemDefault()).toLocalDateTime();
  }
}
