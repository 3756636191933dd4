package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

/**
 * Keys compare by a cached sort prefix of their first part before looking at the parts: the
 * prefix must never contradict the order of the parts, and must tie for equal parts.
 */
class KeyPrefixOrderTest {
  private static final long SEED = 20261130L;

  /** A random part: edge values of every type, near-ties across numeric classes. */
  private static Object randomPart(Random r) {
    long small = r.nextInt(7) - 3;
    switch (r.nextInt(14)) {
      case 0: return null;
      case 1: return r.nextBoolean();
      case 2: return small;
      case 3: return r.nextLong();
      case 4: return new long[] {Long.MIN_VALUE, Long.MAX_VALUE, (1L << 61), -(1L << 61),
          (1L << 61) - 1, -(1L << 61) - 1}[r.nextInt(6)];
      case 5: return small + r.nextInt(4) / 4.0;
      case 6: return new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
          -0.0, 0x1p61, -0x1p61, 0x1p62, 1e300, -1e300, Double.MIN_VALUE}[r.nextInt(10)];
      case 7: return BigDecimal.valueOf(small).add(BigDecimal.valueOf(r.nextInt(5), 1));
      case 8: return new BigDecimal("1e30").multiply(BigDecimal.valueOf(small));
      case 9: return BigDecimal.valueOf(Long.MAX_VALUE).add(BigDecimal.valueOf(small));
      case 10: return randomString(r);
      case 11: return new ByteString(new byte[] {(byte) r.nextInt(3), (byte) r.nextInt(256)});
      default: return (long) r.nextInt(1000);
    }
  }

  private static String randomString(Random r) {
    StringBuilder sb = new StringBuilder();
    int n = r.nextInt(5);
    for (int i = 0; i < n; i++) {
      sb.append(new char[] {'\0', 'a', 'b', '\uffff', '\ud83d'}[r.nextInt(5)]);
    }
    return sb.toString();
  }

  private static Key randomKey(Random r) {
    Object[] parts = new Object[r.nextInt(4)];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = randomPart(r);
    }
    switch (r.nextInt(6)) {
      case 0: return Key.lowerBound(parts);
      case 1: return Key.upperBound(parts);
      default: return Key.of(parts);
    }
  }

  @Test
  void comparingByPrefixFirstAgreesWithComparingTheParts() {
    Random r = new Random(SEED);
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      keys.add(randomKey(r));
    }
    for (Key a : keys) {
      for (Key b : keys) {
        int expected = Integer.signum(a.compareParts(b));
        assertEquals(expected, Integer.signum(a.compareTo(b)), a + " vs " + b);
      }
    }
  }

  @Test
  void prefixIsMonotoneAndTiesForEqualParts() {
    Random r = new Random(SEED + 1);
    for (int i = 0; i < 200_000; i++) {
      Object a = KeyParts.normalize(randomPart(r));
      Object b = KeyParts.normalize(randomPart(r));
      int c = KeyParts.compare(a, b);
      long pa = KeyParts.sortPrefix(a);
      long pb = KeyParts.sortPrefix(b);
      if (c == 0) {
        assertEquals(pa, pb, KeyParts.format(a) + " = " + KeyParts.format(b));
      } else if (c < 0) {
        assertTrue(pa <= pb, KeyParts.format(a) + " < " + KeyParts.format(b));
      } else {
        assertTrue(pa >= pb, KeyParts.format(a) + " > " + KeyParts.format(b));
      }
    }
  }

  @Test
  void boundsWithNoPartsStayOutsideEveryKey() {
    Random r = new Random(SEED + 2);
    for (int i = 0; i < 10_000; i++) {
      Key k = Key.of(randomPart(r), randomPart(r));
      assertTrue(Key.lowerBound().compareTo(k) < 0, k.toString());
      assertTrue(Key.upperBound().compareTo(k) > 0, k.toString());
    }
  }
}
