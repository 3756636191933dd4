package org.morphdb.engine.catalog;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The three representations of a value, converted in one place:
 * <ul>
 *   <li><b>stored</b>: what row and index KVs hold. Independent of declared width: every
 *       integer kind is a Long, REAL and DOUBLE are Double, DATE is a Long of epoch days,
 *       TIME a Long of milliseconds of the day, TIMESTAMP a Long of epoch milliseconds
 *       (UTC-free local time), VARBINARY a ByteString. The other kinds are stored as their
 *       {@link TypeKind#storage()} kind: CLOB, JSON and UUID as String, BLOB as ByteString,
 *       TIMESTAMP WITH TIME ZONE as a Long of epoch milliseconds in UTC.</li>
 *   <li><b>calcite</b>: Calcite's enumerable representation for the column's type
 *       (Byte/Short/Integer/Long, Float/Double, Integer days, Integer ms, Long ms...).</li>
 *   <li><b>api</b>: what the engine hands to clients (LocalDate, LocalTime,
 *       LocalDateTime, OffsetDateTime, byte[], String (UUIDs too), and the boxed numbers of
 *       the declared type).</li>
 * </ul>
 */
public final class Values {
  private Values() {}

  /** Stored form → Calcite's form for a column of {@code type}. */
  public static Object toCalcite(TypeKind type, Object stored) {
    if (stored == null) {
      return null;
    }
    return switch (type.storage()) {
      case TINYINT -> ((Number) stored).byteValue();
      case SMALLINT -> ((Number) stored).shortValue();
      case INTEGER, DATE, TIME -> ((Number) stored).intValue();
      // stored values of the right class are handed out as they are (no new box per read)
      case BIGINT, TIMESTAMP -> stored instanceof Long ? stored : ((Number) stored).longValue();
      case REAL -> ((Number) stored).floatValue();
      case DOUBLE -> stored instanceof Double ? stored : ((Number) stored).doubleValue();
      default -> stored;
    };
  }

  /** Calcite's form (any numeric class) → stored form. */
  public static Object toStored(TypeKind type, Object calcite) {
    if (calcite == null) {
      return null;
    }
    return switch (type.storage()) {
      // a Long (Double) is already the stored form: no new box per written value
      case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP ->
          calcite instanceof Long ? calcite : (Object) ((Number) calcite).longValue();
      case REAL, DOUBLE -> calcite instanceof Double ? calcite : (Object) ((Number) calcite).doubleValue();
      case DECIMAL -> calcite instanceof BigDecimal d ? d : new BigDecimal(calcite.toString());
      case CHAR, VARCHAR -> calcite.toString();
      default -> calcite;
    };
  }

  /** Calcite's form → the client's form. */
  public static Object toApi(TypeKind type, Object calcite) {
    if (calcite == null) {
      return null;
    }
    return switch (type) {
      case BOOLEAN -> calcite;
      case TINYINT -> ((Number) calcite).byteValue();
      case SMALLINT -> ((Number) calcite).shortValue();
      case INTEGER -> ((Number) calcite).intValue();
      case BIGINT -> ((Number) calcite).longValue();
      case REAL -> ((Number) calcite).floatValue();
      case DOUBLE -> ((Number) calcite).doubleValue();
      case DECIMAL -> calcite instanceof BigDecimal d ? d : new BigDecimal(calcite.toString());
      case DATE -> LocalDate.ofEpochDay(((Number) calcite).longValue());
      case TIME -> LocalTime.ofNanoOfDay(((Number) calcite).longValue() * 1_000_000L);
      case TIMESTAMP -> LocalDateTime.ofEpochSecond(
          Math.floorDiv(((Number) calcite).longValue(), 1000L),
          (int) Math.floorMod(((Number) calcite).longValue(), 1000L) * 1_000_000, ZoneOffset.UTC);
      case VARBINARY, BLOB -> calcite instanceof ByteString b ? b.getBytes() : calcite;
      // a UUID goes out as its text, as every query over a VARCHAR(36) plan returns it
      case CHAR, VARCHAR, CLOB, JSON, UUID -> calcite.toString();
      case TIMESTAMP_TZ -> OffsetDateTime.ofInstant(
          Instant.ofEpochMilli(((Number) calcite).longValue()), ZoneOffset.UTC);
    };
  }

  /** LocalDate → Calcite's DATE (epoch days). */
  public static int dateToCalcite(LocalDate d) {
    return (int) d.toEpochDay();
  }

  /** LocalTime → Calcite's TIME (millis of day). */
  public static int timeToCalcite(LocalTime t) {
    return (int) (t.toNanoOfDay() / 1_000_000L);
  }

  /** LocalDateTime → Calcite's TIMESTAMP (epoch millis, no zone). */
  public static long timestampToCalcite(LocalDateTime ts) {
    return ts.toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
