package org.morphdb.engine.catalog;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Reads values written to UUID, TIMESTAMP WITH TIME ZONE and JSON columns into their stored
 * form (see {@link TypeKind#storage()}): a UUID's canonical text, an instant's epoch
 * milliseconds in UTC, a JSON document's text. Anything that is not such a value fails with
 * {@link InvalidValueException}.
 */
public final class TypedValues {
  private static final Pattern UUID_TEXT =
      Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final int UUID_BYTES = 16;
  /** ISO date and time, 'T' or a space between them, optional fraction, optional offset. */
  private static final DateTimeFormatter TIMESTAMP_WITH_OFFSET = new DateTimeFormatterBuilder()
      .parseCaseInsensitive()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendLiteral('T').optionalEnd()
      .optionalStart().appendLiteral(' ').optionalEnd()
      .append(DateTimeFormatter.ISO_LOCAL_TIME)
      .optionalStart().appendLiteral(' ').optionalEnd()
      .optionalStart().appendOffset("+HH:MM:ss", "Z").optionalEnd()
      .optionalStart().appendOffset("+HHmm", "Z").optionalEnd()
      .optionalStart().appendOffset("+HH", "Z").optionalEnd()
      .toFormatter(Locale.ROOT);

  private TypedValues() {}

  /** A UUID from a java.util.UUID, its text (any case) or its 16 bytes: canonical lower-case text. */
  public static String uuid(Object v) {
    if (v instanceof UUID u) {
      return u.toString();
    }
    if (v instanceof byte[] || v instanceof ByteString) {
      byte[] b = v instanceof ByteString s ? s.getBytes() : (byte[]) v;
      if (b.length != UUID_BYTES) {
        throw new InvalidValueException("A UUID has 16 bytes, not " + b.length);
      }
      long high = 0;
      long low = 0;
      for (int i = 0; i < 8; i++) {
        high = (high << 8) | (b[i] & 0xFF);
        low = (low << 8) | (b[i + 8] & 0xFF);
      }
      return new UUID(high, low).toString();
    }
    String s = v.toString().trim();
    if (!UUID_TEXT.matcher(s).matches()) {
      throw new InvalidValueException("Not a UUID: '" + abbreviate(s) + "'");
    }
    return s.toLowerCase(Locale.ROOT);
  }

  /**
   * An instant as epoch milliseconds (UTC) from an OffsetDateTime, ZonedDateTime, Instant,
   * epoch milliseconds, or ISO text with or without an offset; a date and time without an
   * offset (LocalDateTime, text) is taken as UTC.
   */
  public static long instantMillis(Object v) {
    if (v instanceof OffsetDateTime t) {
      return t.toInstant().toEpochMilli();
    }
    if (v instanceof ZonedDateTime t) {
      return t.toInstant().toEpochMilli();
    }
    if (v instanceof Instant i) {
      return i.toEpochMilli();
    }
    if (v instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC).toEpochMilli();
    }
    if (v instanceof LocalDate d) {
      return d.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
    if (v instanceof Long || v instanceof Integer) {
      return ((Number) v).longValue();
    }
    return parseInstant(v.toString().trim());
  }

  private static long parseInstant(String s) {
    try {
      if (s.length() == 10) {
        return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      }
      TemporalAccessor t = TIMESTAMP_WITH_OFFSET.parse(s);
      LocalDateTime local = LocalDateTime.from(t);
      ZoneOffset offset = t.isSupported(ChronoField.OFFSET_SECONDS)
          ? ZoneOffset.ofTotalSeconds(t.get(ChronoField.OFFSET_SECONDS)) : ZoneOffset.UTC;
      return local.toInstant(offset).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new InvalidValueException("Not a timestamp with time zone: '" + abbreviate(s) + "'");
    }
  }

  /** JSON text, unchanged, once {@link JsonText#check} has found it well-formed. */
  public static String json(Object v) {
    String s = v instanceof ByteString b ? b.toString() : v.toString();
    JsonText.check(s);
    return s;
  }

  static String abbreviate(String s) {
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
