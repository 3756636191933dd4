package org.morphdb.engine.tx;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.apache.calcite.avatica.util.ByteString;

/**
 * A stored row packed into one {@code byte[]}: what a table's keyspace holds for each row
 * version instead of an {@code Object[]} of boxed values. Why: a row of four columns as
 * objects is an array, a {@code Long} per integer and a {@code String} with its own array,
 * six objects that survive as long as the version does; every young collection while rows
 * are loaded or updated copies them, and every one of them is heap. Packed, it is one object
 * of about a third of the size. Readers unpack the whole row ({@link #unpack}) or one slot
 * ({@link #slot}); values come back in the class they were stored in (stored form: {@code
 * Long}, {@code Double}, {@code BigDecimal}, {@code String}, {@code Boolean}, {@code
 * ByteString}). A row holding anything else, or a string UTF-8 cannot hold (a lone
 * surrogate), stays an {@code Object[]}: packing is a saving, never a change of what a row
 * can hold.
 *
 * <p>Format: the slot count as a varint, then per slot a tag byte and its payload: nothing
 * (NULL, TRUE, FALSE), a zig-zag varint (LONG), 8 bytes (DOUBLE, raw bits), a length and
 * bytes (STRING as UTF-8, BYTES), or a zig-zag varint scale, a length and the unscaled
 * value's two's-complement bytes (DECIMAL).
 */
public final class PackedRows {
  private static final byte NULL = 0;
  private static final byte LONG = 1;
  private static final byte DOUBLE = 2;
  private static final byte STRING = 3;
  private static final byte TRUE = 4;
  private static final byte FALSE = 5;
  private static final byte DECIMAL = 6;
  private static final byte BYTES = 7;

  /** Returned by {@link #slot} for a slot past the row's end (a column added after it was written). */
  public static final Object ABSENT = new Object() {
    @Override
    public String toString() {
      return "ABSENT";
    }
  };

  private PackedRows() {}

  /** The row packed, or the row itself if it holds a value of a class this format does not know. */
  public static Object pack(Object[] row) {
    int size = varintSize(row.length);
    byte[][] strings = null; // each string's UTF-8 bytes, made once
    for (int i = 0; i < row.length; i++) {
      Object v = row[i];
      if (v == null || v instanceof Boolean) {
        size += 1;
      } else if (v instanceof Long l) {
        size += 1 + varintSize(zigZag(l));
      } else if (v instanceof Double) {
        size += 9;
      } else if (v instanceof String s) {
        if (hasLoneSurrogate(s)) {
          return row; // UTF-8 cannot hold it: it would come back as '?'
        }
        if (strings == null) {
          strings = new byte[row.length][];
        }
        strings[i] = s.getBytes(StandardCharsets.UTF_8);
        size += 1 + varintSize(strings[i].length) + strings[i].length;
      } else if (v instanceof BigDecimal d) {
        int len = (d.unscaledValue().bitLength() >> 3) + 1;
        size += 1 + varintSize(zigZag(d.scale())) + varintSize(len) + len;
      } else if (v instanceof ByteString b) {
        size += 1 + varintSize(b.length()) + b.length();
      } else {
        return row;
      }
    }
    byte[] out = new byte[size];
    int p = putVarint(out, 0, row.length);
    for (int i = 0; i < row.length; i++) {
      p = put(out, p, row[i], strings == null ? null : strings[i]);
    }
    return out;
  }

  private static int put(byte[] out, int p, Object v, byte[] utf8) {
    if (v == null) {
      out[p++] = NULL;
    } else if (v instanceof Boolean b) {
      out[p++] = b ? TRUE : FALSE;
    } else if (v instanceof Long l) {
      out[p++] = LONG;
      p = putVarint(out, p, zigZag(l));
    } else if (v instanceof Double d) {
      out[p++] = DOUBLE;
      long bits = Double.doubleToRawLongBits(d);
      for (int shift = 56; shift >= 0; shift -= 8) {
        out[p++] = (byte) (bits >>> shift);
      }
    } else if (v instanceof String) {
      out[p++] = STRING;
      p = putBytes(out, p, utf8);
    } else if (v instanceof BigDecimal d) {
      out[p++] = DECIMAL;
      p = putVarint(out, p, zigZag(d.scale()));
      p = putBytes(out, p, d.unscaledValue().toByteArray());
    } else {
      out[p++] = BYTES;
      p = putBytes(out, p, ((ByteString) v).getBytes());
    }
    return p;
  }

  /** Every slot's value: the row itself if it is not packed. */
  public static Object[] unpack(Object stored) {
    if (!(stored instanceof byte[] in)) {
      return (Object[]) stored;
    }
    Object[] row = new Object[(int) varint(in, 0)];
    for (int i = 0, p = varintEnd(in, 0); i < row.length; i++, p = skip(in, p)) {
      row[i] = read(in, p);
    }
    return row;
  }

  /** The value of one slot, or {@link #ABSENT} past the row's end. */
  public static Object slot(Object stored, int slot) {
    if (!(stored instanceof byte[] in)) {
      Object[] row = (Object[]) stored;
      return slot < row.length ? row[slot] : ABSENT;
    }
    if (slot >= varint(in, 0)) {
      return ABSENT;
    }
    int p = varintEnd(in, 0);
    for (int i = 0; i < slot; i++) {
      p = skip(in, p);
    }
    return read(in, p);
  }

  /** The number of slots the row was stored with. */
  public static int length(Object stored) {
    return stored instanceof byte[] in ? (int) varint(in, 0) : ((Object[]) stored).length;
  }

  // Readers work on positions (no cursor object: a scan reads a slot of every row it passes).

  /** The value of the slot that starts at {@code p}. */
  private static Object read(byte[] in, int p) {
    byte tag = in[p++];
    switch (tag) {
      case NULL:
        return null;
      case TRUE:
        return Boolean.TRUE;
      case FALSE:
        return Boolean.FALSE;
      case LONG:
        return unZigZag(varint(in, p));
      case DOUBLE: {
        long bits = 0;
        for (int i = 0; i < 8; i++) {
          bits = (bits << 8) | (in[p + i] & 0xFF);
        }
        return Double.longBitsToDouble(bits);
      }
      case STRING:
        return new String(in, varintEnd(in, p), (int) varint(in, p), StandardCharsets.UTF_8);
      case DECIMAL: {
        int scale = (int) unZigZag(varint(in, p));
        int q = varintEnd(in, p);
        return new BigDecimal(new BigInteger(in, varintEnd(in, q), (int) varint(in, q)), scale);
      }
      case BYTES: {
        int start = varintEnd(in, p);
        return new ByteString(java.util.Arrays.copyOfRange(in, start, start + (int) varint(in, p)));
      }
      default:
        throw new IllegalStateException("not a packed row: tag " + tag);
    }
  }

  /** Where the slot that starts at {@code p} ends. */
  private static int skip(byte[] in, int p) {
    byte tag = in[p++];
    return switch (tag) {
      case LONG -> varintEnd(in, p);
      case DOUBLE -> p + 8;
      case STRING, BYTES -> varintEnd(in, p) + (int) varint(in, p);
      case DECIMAL -> {
        int q = varintEnd(in, p);
        yield varintEnd(in, q) + (int) varint(in, q);
      }
      default -> p; // NULL, TRUE, FALSE: the tag is all
    };
  }

  /** True if a UTF-16 surrogate in {@code s} is not part of a pair. */
  static boolean hasLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  private static int putBytes(byte[] out, int p, byte[] bytes) {
    p = putVarint(out, p, bytes.length);
    System.arraycopy(bytes, 0, out, p, bytes.length);
    return p + bytes.length;
  }

  private static long zigZag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  private static long unZigZag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  private static int varintSize(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  private static int putVarint(byte[] out, int p, long v) {
    while ((v & ~0x7FL) != 0) {
      out[p++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[p++] = (byte) v;
    return p;
  }

  /** The varint that starts at {@code p}. */
  private static long varint(byte[] in, int p) {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = in[p++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
  }

  /** Where the varint that starts at {@code p} ends. */
  private static int varintEnd(byte[] in, int p) {
    while (in[p++] < 0) {
      // continuation bit set
    }
    return p;
  }
}
