package org.morphdb.engine.storage;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.calcite.avatica.util.ByteString;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * The values a {@link Key} part may hold, and how they order, hash and print.
 *
 * <p>Numbers are compared by value whatever their class, and hash by value: an integral
 * value that fits a long hashes as that long, any other value that is exactly a double
 * hashes as that double, the rest as a stripped {@link BigDecimal}. So equal numbers hash
 * equally and a key never depends on a column's declared width or numeric class.
 */
final class KeyParts {
  /** Rank of the implicit end of a key (after its last part): below every value. */
  static final int RANK_END = -1;

  static final int RANK_NULL = 0;
  static final int RANK_BOOLEAN = 1;
  static final int RANK_NUMBER = 2;
  static final int RANK_STRING = 3;
  static final int RANK_BYTES = 4;

  private static final double TWO_POW_53 = 0x1p53;
  private static final double TWO_POW_63 = 0x1p63;

  /** Sort prefixes: a 2-bit band per rank group above a 62-bit payload (see {@link #sortPrefix}). */
  private static final int PAYLOAD_BITS = 62;
  private static final long NUMBER_MIN = -(1L << 61);
  private static final long NUMBER_MAX = (1L << 61) - 1;
  private static final BigDecimal DECIMAL_MIN = BigDecimal.valueOf(NUMBER_MIN);
  private static final BigDecimal DECIMAL_MAX = BigDecimal.valueOf(NUMBER_MAX);
  /** The prefix of a key with no parts that sorts before every key. */
  static final long PREFIX_LOWEST = Long.MIN_VALUE;
  /** The prefix of a key with no parts that sorts after every key. */
  static final long PREFIX_HIGHEST = Long.MAX_VALUE;

  private KeyParts() {}

  /** The normalized form of a part, or an error for a type keys do not hold. */
  static Object normalize(Object part) {
    if (part == null
        || part instanceof Long
        || part instanceof String
        || part instanceof Boolean
        || part instanceof Double
        || part instanceof BigDecimal
        || part instanceof ByteString) {
      return part;
    }
    if (part instanceof Integer || part instanceof Short || part instanceof Byte) {
      return ((Number) part).longValue();
    }
    if (part instanceof Float f) {
      return f.doubleValue();
    }
    if (part instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (part instanceof byte[] bytes) {
      return new ByteString(bytes);
    }
    if (part instanceof Character c) {
      return c.toString();
    }
    throw MorphException.of(ErrorCode.INTERNAL_ERROR,
        "a key part cannot be a %s: %s", part.getClass().getName(), part);
  }

  static int rank(Object part) {
    if (part == null) {
      return RANK_NULL;
    } else if (part instanceof Boolean) {
      return RANK_BOOLEAN;
    } else if (part instanceof String) {
      return RANK_STRING;
    } else if (part instanceof ByteString) {
      return RANK_BYTES;
    }
    return RANK_NUMBER;
  }

  /** Orders two normalized parts: by type rank, then by value within a rank. */
  static int compare(Object a, Object b) {
    if (a == b) {
      return 0;
    }
    if (a instanceof Long x && b instanceof Long y) {
      return Long.compare(x, y);
    }
    if (a instanceof String x && b instanceof String y) {
      return x.compareTo(y);
    }
    int ra = rank(a);
    int rb = rank(b);
    if (ra != rb) {
      return Integer.compare(ra, rb);
    }
    switch (ra) {
      case RANK_NULL:
        return 0;
      case RANK_BOOLEAN:
        return Boolean.compare((Boolean) a, (Boolean) b);
      case RANK_BYTES:
        return ((ByteString) a).compareTo((ByteString) b);
      default:
        return compareNumbers((Number) a, (Number) b);
    }
  }

  /**
   * Numeric order across Long, Double and BigDecimal: -0.0 equals 0, NaN is above
   * every number (and equals NaN), infinities sit at the ends.
   */
  static int compareNumbers(Number a, Number b) {
    if (a instanceof Double x && b instanceof Double y) {
      double dx = x;
      double dy = y;
      return dx == dy ? 0 : Double.compare(dx, dy);
    }
    if (a instanceof Double x && !Double.isFinite(x)) {
      return x == Double.NEGATIVE_INFINITY ? -1 : 1;
    }
    if (b instanceof Double y && !Double.isFinite(y)) {
      return y == Double.NEGATIVE_INFINITY ? 1 : -1;
    }
    if (a instanceof Long x && b instanceof Double y && Math.abs(x) <= TWO_POW_53) {
      return Double.compare(x.doubleValue() + 0.0, y + 0.0);
    }
    if (a instanceof Double x && b instanceof Long y && Math.abs(y) <= TWO_POW_53) {
      return Double.compare(x + 0.0, y.doubleValue() + 0.0);
    }
    return toBigDecimal(a).compareTo(toBigDecimal(b));
  }

  /**
   * A {@code long} that orders like the part, but coarser: for normalized parts {@code a}
   * and {@code b}, {@code compare(a, b) < 0} implies {@code sortPrefix(a) <= sortPrefix(b)},
   * and {@code compare(a, b) == 0} implies equal prefixes. So keys compare by their first
   * part's prefix first and look at the parts only on a tie. Layout, as an unsigned number
   * whose top bit is flipped to order as a signed one: two bits of band (0: NULL and
   * booleans, 1: numbers, 2: strings, 3: bytes), then 62 bits of payload — a number's
   * floor clamped to [-2^61, 2^61 - 1], a string's first three UTF-16 units, 0 for bytes.
   */
  static long sortPrefix(Object part) {
    long band;
    long payload;
    if (part instanceof Long l) {
      band = 1;
      payload = clampNumber(l) - NUMBER_MIN;
    } else if (part == null) {
      band = 0;
      payload = 0;
    } else if (part instanceof String s) {
      band = 2;
      payload = stringPayload(s);
    } else if (part instanceof Boolean b) {
      band = 0;
      payload = b ? 2 : 1;
    } else if (part instanceof ByteString) {
      band = 3;
      payload = 0;
    } else {
      band = 1;
      payload = numberFloor((Number) part) - NUMBER_MIN;
    }
    return ((band << PAYLOAD_BITS) | payload) ^ Long.MIN_VALUE;
  }

  /**
   * True when two parts with this part's sort prefix are equal: null, booleans and longs the
   * prefix does not clamp (a double or a decimal shares its prefix with everything of the
   * same floor, a string with every string of the same first three units).
   */
  static boolean prefixIsExact(Object part) {
    return part == null || part instanceof Boolean
        || (part instanceof Long l && isExactLong(l));
  }

  /**
   * The long a {@link Long} part's sort prefix holds: exact when strictly between the clamp
   * bounds (see {@link #prefixIsExact}); a clamped long gives the bound.
   */
  static long longOfPrefix(long prefix) {
    return ((prefix ^ Long.MIN_VALUE) & ((1L << PAYLOAD_BITS) - 1)) + NUMBER_MIN;
  }

  /**
   * True if a long's sort prefix holds {@code v} itself, not a clamp bound: then {@link
   * #longOfPrefix} reads {@code v} back.
   */
  static boolean isExactLong(long v) {
    return v > NUMBER_MIN && v < NUMBER_MAX;
  }

  private static long clampNumber(long v) {
    return v < NUMBER_MIN ? NUMBER_MIN : Math.min(v, NUMBER_MAX);
  }

  /** The floor of a Double or BigDecimal, clamped like a long; NaN sorts above every number. */
  private static long numberFloor(Number n) {
    if (n instanceof Double d) {
      double v = d;
      if (Double.isNaN(v) || v >= NUMBER_MAX) {
        return NUMBER_MAX;
      }
      return v <= NUMBER_MIN ? NUMBER_MIN : (long) Math.floor(v);
    }
    BigDecimal bd = (BigDecimal) n;
    if (bd.compareTo(DECIMAL_MAX) >= 0) {
      return NUMBER_MAX;
    }
    if (bd.compareTo(DECIMAL_MIN) <= 0) {
      return NUMBER_MIN;
    }
    return bd.setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
  }

  /** The first three UTF-16 units, 16 bits each; a shorter string pads with 0. */
  private static long stringPayload(String s) {
    long p = 0;
    for (int i = 0; i < 3; i++) {
      p = (p << 16) | (i < s.length() ? s.charAt(i) : 0);
    }
    return p;
  }

  /** A hash equal for numerically equal numbers of any class (see the class comment). */
  static int hash(Object part) {
    if (part == null) {
      return 0;
    }
    if (part instanceof Long l) {
      return Long.hashCode(l);
    }
    if (part instanceof Double d) {
      return hashDouble(d);
    }
    if (part instanceof BigDecimal bd) {
      return hashDecimal(bd);
    }
    return part.hashCode();
  }

  private static int hashDouble(double d) {
    if (d >= -TWO_POW_63 && d < TWO_POW_63 && d == Math.rint(d)) {
      return Long.hashCode((long) d);
    }
    return Double.hashCode(d);
  }

  private static int hashDecimal(BigDecimal bd) {
    BigDecimal stripped = bd.signum() == 0 ? BigDecimal.ZERO : bd.stripTrailingZeros();
    if (stripped.scale() <= 0 && stripped.precision() - stripped.scale() <= 19) {
      try {
        return Long.hashCode(stripped.longValueExact());
      } catch (ArithmeticException outsideLongRange) {
        // falls through to the double / decimal forms
      }
    }
    double d = stripped.doubleValue();
    if (Double.isFinite(d) && new BigDecimal(d).compareTo(stripped) == 0) {
      return Double.hashCode(d);
    }
    return stripped.hashCode();
  }

  private static BigDecimal toBigDecimal(Number n) {
    if (n instanceof BigDecimal bd) {
      return bd;
    }
    if (n instanceof Long l) {
      return BigDecimal.valueOf(l);
    }
    return new BigDecimal(n.doubleValue());
  }

  /** A part as it would read in SQL: quoted strings, NULL, hex bytes. */
  static String format(Object part) {
    if (part == null) {
      return "NULL";
    }
    if (part instanceof String s) {
      return "'" + s.replace("'", "''") + "'";
    }
    if (part instanceof ByteString b) {
      return "X'" + b.toString() + "'";
    }
    return part.toString();
  }
}
