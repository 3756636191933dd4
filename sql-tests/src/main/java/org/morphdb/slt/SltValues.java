package org.morphdb.slt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.morphdb.slt.SltRecord.SortMode;

/**
 * How sqllogictest prints, orders and hashes result values, as SQLite's reference runner does:
 *
 * <ul>
 *   <li>{@code NULL} for a null of any type;
 *   <li>{@code I}: an integer; a real is truncated toward zero, text is read as its leading
 *       number (0 when it has none);
 *   <li>{@code R}: {@code %.3f};
 *   <li>{@code T}: the text, with every character outside printable ASCII replaced by
 *       {@code @}, and {@code (empty)} for the empty string;
 *   <li>the hash: MD5 (lowercase hex) of every value followed by a newline.
 * </ul>
 */
public final class SltValues {
  private static final Pattern LEADING_NUMBER =
      Pattern.compile("^\\s*([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?)");
  private static final Comparator<String[]> ROW_ORDER = (a, b) -> Arrays.compare(a, b);

  private SltValues() {
  }

  /** Reads every row of {@code rs}, formatting column i with {@code types.charAt(i)}. */
  public static List<String> read(ResultSet rs, String types) throws SQLException {
    List<String> values = new ArrayList<>();
    while (rs.next()) {
      for (int i = 0; i < types.length(); i++) {
        values.add(format(rs, i + 1, types.charAt(i)));
      }
    }
    return values;
  }

  /** Formats one column of the current row. */
  public static String format(ResultSet rs, int column, char type) throws SQLException {
    if (type == 'T') {
      return text(rs.getString(column));
    }
    Object v = rs.getObject(column);
    if (v == null) {
      return "NULL";
    }
    return switch (type) {
      case 'I' -> integer(v);
      case 'R' -> real(v);
      default -> throw new IllegalArgumentException("unknown column type " + type);
    };
  }

  static String integer(Object v) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
        || v instanceof BigInteger) {
      return v.toString();
    }
    if (v instanceof BigDecimal d) {
      return d.toBigInteger().toString();
    }
    if (v instanceof Number n) {
      double d = n.doubleValue();
      return Double.isNaN(d) ? "0" : Long.toString((long) d);
    }
    if (v instanceof Boolean b) {
      return b ? "1" : "0";
    }
    BigDecimal d = leadingNumber(v.toString());
    return d == null ? "0" : d.toBigInteger().toString();
  }

  static String real(Object v) {
    double d;
    if (v instanceof Number n) {
      d = n.doubleValue();
    } else if (v instanceof Boolean b) {
      d = b ? 1 : 0;
    } else {
      BigDecimal parsed = leadingNumber(v.toString());
      d = parsed == null ? 0 : parsed.doubleValue();
    }
    return String.format(Locale.ROOT, "%.3f", d);
  }

  static String text(String s) {
    if (s == null) {
      return "NULL";
    }
    if (s.isEmpty()) {
      return "(empty)";
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(c < ' ' || c > '~' ? '@' : c);
    }
    return b.toString();
  }

  private static BigDecimal leadingNumber(String s) {
    Matcher m = LEADING_NUMBER.matcher(s);
    return m.find() ? new BigDecimal(m.group(1)) : null;
  }

  /** Orders {@code values} (rows of {@code columns} values each) as {@code mode} says. */
  public static List<String> sort(List<String> values, int columns, SortMode mode) {
    switch (mode) {
      case NOSORT:
        return values;
      case VALUESORT: {
        List<String> sorted = new ArrayList<>(values);
        sorted.sort(Comparator.naturalOrder());
        return sorted;
      }
      case ROWSORT: {
        List<String[]> rows = new ArrayList<>();
        for (int i = 0; i + columns <= values.size(); i += columns) {
          rows.add(values.subList(i, i + columns).toArray(new String[0]));
        }
        rows.sort(ROW_ORDER);
        List<String> sorted = new ArrayList<>(values.size());
        rows.forEach(r -> sorted.addAll(Arrays.asList(r)));
        sorted.addAll(values.subList(rows.size() * columns, values.size()));
        return sorted;
      }
      default:
        throw new AssertionError(mode);
    }
  }

  /** MD5, lowercase hex, of every value followed by {@code \n}. */
  public static String hash(List<String> values) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      for (String v : values) {
        md5.update(v.getBytes(StandardCharsets.UTF_8));
        md5.update((byte) '\n');
      }
      return HexFormat.of().formatHex(md5.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has MD5", e);
    }
  }
}
