package org.morphdb.jdbc.remote;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.TableVersions;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

/**
 * SQL values, column descriptions and version maps in MessagePack. The engine's value
 * classes (see {@link org.morphdb.engine.api.RowCursor}) keep their exact Java class across
 * the wire: Integer, Double, Boolean, String, byte[] and null are MessagePack's own types;
 * Float is a float32; Long, Short, Byte, BigDecimal and the java.time values are extension
 * types, so {@code getObject} returns the same class remotely as embedded.
 */
public final class WireValues {
  private WireValues() {}

  static final byte EXT_LONG = 1;
  static final byte EXT_SHORT = 2;
  static final byte EXT_BYTE = 3;
  static final byte EXT_DECIMAL = 4;
  static final byte EXT_DATE = 5;
  static final byte EXT_TIME = 6;
  static final byte EXT_TIMESTAMP = 7;
  static final byte EXT_TIMESTAMP_TZ = 8;

  /** Writes one value; a class outside the engine's set is a caller error. */
  public static void pack(MessagePacker p, Object v) throws IOException {
    if (v == null) {
      p.packNil();
    } else if (v instanceof Integer i) {
      p.packInt(i);
    } else if (v instanceof String s) {
      p.packString(s);
    } else if (v instanceof Long l) {
      ext(p, EXT_LONG, ByteBuffer.allocate(8).putLong(l).array());
    } else if (v instanceof Double d) {
      p.packDouble(d);
    } else if (v instanceof Boolean b) {
      p.packBoolean(b);
    } else if (v instanceof BigDecimal d) {
      byte[] unscaled = d.unscaledValue().toByteArray();
      ext(p, EXT_DECIMAL, ByteBuffer.allocate(4 + unscaled.length).putInt(d.scale()).put(unscaled).array());
    } else if (v instanceof byte[] b) {
      p.packBinaryHeader(b.length);
      p.writePayload(b);
    } else if (v instanceof Float f) {
      p.packFloat(f);
    } else if (v instanceof Short s) {
      ext(p, EXT_SHORT, ByteBuffer.allocate(2).putShort(s).array());
    } else if (v instanceof Byte b) {
      ext(p, EXT_BYTE, new byte[] {b});
    } else if (v instanceof LocalDate d) {
      ext(p, EXT_DATE, ByteBuffer.allocate(8).putLong(d.toEpochDay()).array());
    } else if (v instanceof LocalTime t) {
      ext(p, EXT_TIME, ByteBuffer.allocate(8).putLong(t.toNanoOfDay()).array());
    } else if (v instanceof LocalDateTime t) {
      ext(p, EXT_TIMESTAMP, ByteBuffer.allocate(12)
          .putLong(t.toEpochSecond(ZoneOffset.UTC)).putInt(t.getNano()).array());
    } else if (v instanceof java.time.OffsetDateTime t) {
      ext(p, EXT_TIMESTAMP_TZ, ByteBuffer.allocate(16).putLong(t.toEpochSecond()).putInt(t.getNano())
          .putInt(t.getOffset().getTotalSeconds()).array());
    } else {
      throw new IllegalArgumentException("A value of class " + v.getClass().getName() + " cannot be sent");
    }
  }

  private static void ext(MessagePacker p, byte type, byte[] payload) throws IOException {
    p.packExtensionTypeHeader(type, payload.length);
    p.writePayload(payload);
  }

  /** Reads one value written by {@link #pack}; anything else is a {@link WireFormatException}. */
  public static Object unpack(MessageUnpacker u) throws IOException {
    MessageFormat format = u.getNextFormat();
    switch (format.getValueType()) {
      case NIL:
        u.unpackNil();
        return null;
      case BOOLEAN:
        return u.unpackBoolean();
      case INTEGER:
        return u.unpackInt();
      case FLOAT:
        return format == MessageFormat.FLOAT32 ? (Object) u.unpackFloat() : (Object) u.unpackDouble();
      case STRING:
        return u.unpackString();
      case BINARY:
        return u.readPayload(u.unpackBinaryHeader());
      case EXTENSION:
        return unpackExtension(u);
      default:
        throw new WireFormatException("unexpected " + format.getValueType() + " where a value belongs");
    }
  }

  private static Object unpackExtension(MessageUnpacker u) throws IOException {
    var header = u.unpackExtensionTypeHeader();
    int length = header.getLength();
    if (length > Protocol.MAX_FRAME_BYTES) {
      throw new WireFormatException("extension of " + length + " bytes");
    }
    ByteBuffer b = ByteBuffer.wrap(u.readPayload(length));
    try {
      return switch (header.getType()) {
        case EXT_LONG -> exact(b, 8).getLong();
        case EXT_SHORT -> exact(b, 2).getShort();
        case EXT_BYTE -> exact(b, 1).get();
        case EXT_DECIMAL -> decimal(b);
        case EXT_DATE -> LocalDate.ofEpochDay(exact(b, 8).getLong());
        case EXT_TIME -> LocalTime.ofNanoOfDay(exact(b, 8).getLong());
        case EXT_TIMESTAMP -> LocalDateTime.ofEpochSecond(exact(b, 12).getLong(), b.getInt(), ZoneOffset.UTC);
        case EXT_TIMESTAMP_TZ -> offsetDateTime(exact(b, 16));
        default -> throw new WireFormatException("unknown extension type " + header.getType());
      };
    } catch (java.time.DateTimeException | ArithmeticException e) {
      throw new WireFormatException("bad value: " + e.getMessage());
    }
  }

  private static java.time.OffsetDateTime offsetDateTime(ByteBuffer b) {
    long second = b.getLong();
    int nano = b.getInt();
    ZoneOffset offset = ZoneOffset.ofTotalSeconds(b.getInt());
    return java.time.OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(second, nano), offset);
  }

  private static ByteBuffer exact(ByteBuffer b, int length) {
    if (b.remaining() != length) {
      throw new WireFormatException("extension of " + b.remaining() + " bytes where " + length + " belong");
    }
    return b;
  }

  private static BigDecimal decimal(ByteBuffer b) {
    if (b.remaining() < 5) {
      throw new WireFormatException("decimal of " + b.remaining() + " bytes");
    }
    int scale = b.getInt();
    byte[] unscaled = new byte[b.remaining()];
    b.get(unscaled);
    return new BigDecimal(new BigInteger(unscaled), scale);
  }

  // ---- composite values

  public static void packStrings(MessagePacker p, Map<String, String> map) throws IOException {
    p.packMapHeader(map.size());
    for (Map.Entry<String, String> e : map.entrySet()) {
      p.packString(e.getKey());
      p.packString(e.getValue());
    }
  }

  public static Map<String, String> unpackStrings(MessageUnpacker u) throws IOException {
    int n = u.unpackMapHeader();
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      map.put(string(u), string(u));
    }
    return map;
  }

  public static void packVersions(MessagePacker p, Map<Integer, Integer> versions) throws IOException {
    Map<Integer, Integer> v = versions == null ? Map.of() : versions;
    p.packMapHeader(v.size());
    for (Map.Entry<Integer, Integer> e : v.entrySet()) {
      p.packInt(e.getKey());
      p.packInt(e.getValue());
    }
  }

  /** Table id → version, in the order sent; immutable when it has one entry or none (most requests name one table). */
  public static Map<Integer, Integer> unpackVersions(MessageUnpacker u) throws IOException {
    int n = u.unpackMapHeader();
    if (n == 0) {
      return Map.of();
    }
    if (n == 1) {
      return TableVersions.of(u.unpackInt(), u.unpackInt());
    }
    Map<Integer, Integer> map = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      map.put(u.unpackInt(), u.unpackInt());
    }
    return map;
  }

  public static void packColumns(MessagePacker p, List<ColumnMeta> columns) throws IOException {
    List<ColumnMeta> cs = columns == null ? List.of() : columns;
    p.packArrayHeader(cs.size());
    for (ColumnMeta c : cs) {
      p.packArrayHeader(9);
      p.packString(c.name()).packString(nonNull(c.schema())).packString(nonNull(c.table()));
      p.packInt(c.jdbcType()).packString(nonNull(c.typeName()));
      p.packInt(c.precision()).packInt(c.scale()).packBoolean(c.nullable());
      p.packString(nonNull(c.javaClass()));
    }
  }

  public static List<ColumnMeta> unpackColumns(MessageUnpacker u) throws IOException {
    int n = u.unpackArrayHeader();
    List<ColumnMeta> columns = new ArrayList<>(Math.min(n, 4096));
    for (int i = 0; i < n; i++) {
      expectArray(u, 9);
      columns.add(new ColumnMeta(string(u), string(u), string(u), u.unpackInt(), string(u),
          u.unpackInt(), u.unpackInt(), u.unpackBoolean(), string(u)));
    }
    return columns;
  }

  public static void packRow(MessagePacker p, Object[] row) throws IOException {
    p.packArrayHeader(row.length);
    for (Object v : row) {
      pack(p, v);
    }
  }

  /** A statement's parameter values (null: none). */
  public static void packParameters(MessagePacker p, List<Object> parameters) throws IOException {
    List<Object> params = parameters == null ? List.of() : parameters;
    p.packArrayHeader(params.size());
    for (Object v : params) {
      pack(p, v);
    }
  }

  public static List<Object> unpackParameters(MessageUnpacker u) throws IOException {
    int n = u.unpackArrayHeader();
    List<Object> params = new java.util.ArrayList<>(Math.min(n, 4096));
    for (int i = 0; i < n; i++) {
      params.add(unpack(u));
    }
    return params;
  }

  /** A list of names or nil (the generated-key columns asked for, or none). */
  public static void packOptionalNames(MessagePacker p, List<String> names) throws IOException {
    if (names == null) {
      p.packNil();
      return;
    }
    p.packArrayHeader(names.size());
    for (String name : names) {
      p.packString(name);
    }
  }

  public static List<String> unpackOptionalNames(MessageUnpacker u) throws IOException {
    if (u.tryUnpackNil()) {
      return null;
    }
    int n = u.unpackArrayHeader();
    List<String> names = new java.util.ArrayList<>(Math.min(n, 4096));
    for (int i = 0; i < n; i++) {
      names.add(u.unpackString());
    }
    return names;
  }

  public static Object[] unpackRow(MessageUnpacker u) throws IOException {
    int n = u.unpackArrayHeader();
    if (n > 65536) {
      throw new WireFormatException("row of " + n + " values");
    }
    Object[] row = new Object[n];
    for (int i = 0; i < n; i++) {
      row[i] = unpack(u);
    }
    return row;
  }

  public static String string(MessageUnpacker u) throws IOException {
    if (u.getNextFormat().getValueType() != ValueType.STRING) {
      throw new WireFormatException("expected a string, found " + u.getNextFormat().getValueType());
    }
    return u.unpackString();
  }

  /** A string or nil. */
  public static String optionalString(MessageUnpacker u) throws IOException {
    return u.tryUnpackNil() ? null : string(u);
  }

  public static void packOptional(MessagePacker p, String s) throws IOException {
    if (s == null) {
      p.packNil();
    } else {
      p.packString(s);
    }
  }

  public static void expectArray(MessageUnpacker u, int size) throws IOException {
    int n = u.unpackArrayHeader();
    if (n != size) {
      throw new WireFormatException("expected an array of " + size + ", found " + n);
    }
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }
}
