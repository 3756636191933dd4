package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

/** A stored row packed into one array reads back value for value, in the class it was stored in. */
class PackedRowsTest {

  @Test
  void everyStoredFormRoundTripsWithItsClass() {
    Object[] row = {
        null, 0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 127L, 128L, -129L,
        0.0, -0.0, Double.NaN, Double.NEGATIVE_INFINITY, 3.25, Double.MIN_VALUE,
        "", "row 42", "naïve — 日本語 \uD83D\uDE00", Boolean.TRUE, Boolean.FALSE,
        new BigDecimal("0"), new BigDecimal("-12.3400"), new BigDecimal("1E+30"),
        new BigDecimal(new BigInteger("-123456789012345678901234567890"), -7),
        new ByteString(new byte[0]), new ByteString(new byte[] {0, -1, 127, -128}),
    };
    Object packed = PackedRows.pack(row);
    assertInstanceOf(byte[].class, packed);
    Object[] back = PackedRows.unpack(packed);
    assertEquals(row.length, back.length);
    assertEquals(row.length, PackedRows.length(packed));
    for (int i = 0; i < row.length; i++) {
      assertSameValue(row[i], back[i], "slot " + i);
      assertSameValue(row[i], PackedRows.slot(packed, i), "slot " + i + " read alone");
    }
  }

  @Test
  void aSlotPastTheRowsEndIsAbsentNotNull() {
    Object packed = PackedRows.pack(new Object[] {1L, null});
    assertEquals(null, PackedRows.slot(packed, 1));
    assertSame(PackedRows.ABSENT, PackedRows.slot(packed, 2), "a column added after the row was written");
    assertSame(PackedRows.ABSENT, PackedRows.slot(new Object[] {1L}, 1), "an unpacked row reads the same way");
  }

  @Test
  void aRowHoldingAValueOfAnotherClassStaysAnArray() {
    Object[] row = {1L, new java.util.ArrayList<>()};
    assertSame(row, PackedRows.pack(row));
    assertSame(row, PackedRows.unpack(row));
  }

  @Test
  void aStringWithALoneSurrogateIsKeptAsItIs() {
    Object[] row = {1L, "a\uD800b"};
    assertSame(row, PackedRows.pack(row), "UTF-8 would turn it into '?'");
    Object[] paired = {1L, "a\uD83D\uDE00b", "\uDE00"};
    assertSame(paired, PackedRows.pack(paired), "a low surrogate alone");
    Object[] fine = {1L, "a\uD83D\uDE00b"};
    assertEquals("a\uD83D\uDE00b", PackedRows.unpack(PackedRows.pack(fine))[1]);
  }

  @Test
  void packedRowsAreSmallerThanTheirObjects() {
    Object packed = PackedRows.pack(new Object[] {123_456L, 654_321L, 321L, "row 123456"});
    assertTrue(((byte[]) packed).length <= 24, "a bench row packs into " + ((byte[]) packed).length + " bytes");
  }

  @Test
  void randomRowsRoundTrip() {
    Random random = new Random(7);
    for (int n = 0; n < 2_000; n++) {
      Object[] row = new Object[random.nextInt(12)];
      for (int i = 0; i < row.length; i++) {
        row[i] = switch (random.nextInt(7)) {
          case 0 -> null;
          case 1 -> random.nextLong() >> random.nextInt(64);
          case 2 -> Double.longBitsToDouble(random.nextLong());
          case 3 -> randomString(random);
          case 4 -> random.nextBoolean();
          case 5 -> new BigDecimal(new BigInteger(random.nextInt(200), random), random.nextInt(40) - 20);
          default -> {
            byte[] b = new byte[random.nextInt(300)];
            random.nextBytes(b);
            yield new ByteString(b);
          }
        };
      }
      Object[] back = PackedRows.unpack(PackedRows.pack(row));
      assertEquals(row.length, back.length);
      for (int i = 0; i < row.length; i++) {
        assertSameValue(row[i], back[i], "row " + n + " slot " + i);
      }
    }
  }

  private static String randomString(Random random) {
    StringBuilder sb = new StringBuilder();
    for (int i = random.nextInt(200); i > 0; i--) {
      int c = random.nextInt(4) == 0 ? 0x80 + random.nextInt(0x10FFFF - 0x80) : 32 + random.nextInt(95);
      sb.appendCodePoint(Character.isSurrogate((char) c) && c < 0x10000 ? 'x' : c);
    }
    return sb.toString();
  }

  /** Equal and of the same class; doubles bit for bit (NaN, -0.0); decimals with their scale. */
  private static void assertSameValue(Object expected, Object actual, String where) {
    if (expected == null) {
      assertEquals(null, actual, where);
      return;
    }
    assertEquals(expected.getClass(), actual.getClass(), where);
    if (expected instanceof Double d) {
      assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits((Double) actual), where);
    } else if (expected instanceof ByteString b) {
      assertArrayEquals(b.getBytes(), ((ByteString) actual).getBytes(), where);
    } else {
      assertEquals(expected, actual, where); // BigDecimal.equals compares the scale too
    }
  }
}
