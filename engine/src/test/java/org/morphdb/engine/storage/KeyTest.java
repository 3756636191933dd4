package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

class KeyTest {

  private static void assertSameKey(Key a, Key b) {
    assertEquals(0, a.compareTo(b), a + " vs " + b);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode(), "hash of " + a + " vs " + b);
  }

  private static void assertOrdered(Key... keys) {
    for (int i = 1; i < keys.length; i++) {
      assertTrue(keys[i - 1].compareTo(keys[i]) < 0, keys[i - 1] + " < " + keys[i]);
      assertTrue(keys[i].compareTo(keys[i - 1]) > 0, keys[i] + " > " + keys[i - 1]);
      assertNotEquals(keys[i - 1], keys[i]);
    }
  }

  @Test
  void nullSortsBeforeEveryValue() {
    assertOrdered(Key.of((Object) null), Key.of(false), Key.of(Long.MIN_VALUE), Key.of(""),
        Key.of(new ByteString(new byte[0])));
    assertOrdered(Key.of(1L, null), Key.of(1L, -5L));
  }

  @Test
  void numbersAreEqualByValueWhateverTheirClassOrScale() {
    assertSameKey(Key.of(1L), Key.of(new BigDecimal("1.00")));
    assertSameKey(Key.of(1L), Key.of(1.0));
    assertSameKey(Key.of(1), Key.of(1L));
    assertSameKey(Key.of((short) 7, (byte) 2), Key.of(7L, 2L));
    assertSameKey(Key.of(0.5), Key.of(new BigDecimal("0.50")));
    assertSameKey(Key.of(0.5f), Key.of(0.5));
    assertSameKey(Key.of(-0.0), Key.of(0L));
    assertSameKey(Key.of(new BigInteger("12")), Key.of(12L));
    assertSameKey(Key.of(1e20), Key.of(new BigDecimal("100000000000000000000")));
    assertSameKey(Key.of(new BigDecimal("123.4500")), Key.of(new BigDecimal("123.45")));
    assertSameKey(Key.of(new BigDecimal("0.1")), Key.of(new BigDecimal("0.10")));
  }

  @Test
  void numbersOrderByValueAcrossClasses() {
    assertOrdered(
        Key.of(Double.NEGATIVE_INFINITY),
        Key.of(Long.MIN_VALUE),
        Key.of(-1.5),
        Key.of(new BigDecimal("-1")),
        Key.of(2L),
        Key.of(2.5),
        Key.of(new BigDecimal("3")),
        Key.of(Long.MAX_VALUE - 1),
        Key.of(Long.MAX_VALUE),
        Key.of(0x1p63),
        Key.of(Double.POSITIVE_INFINITY),
        Key.of(Double.NaN));
    // beyond 2^53 a long is not exactly a double: compared exactly, not by rounding
    assertOrdered(Key.of(9_007_199_254_740_992L), Key.of(9_007_199_254_740_993L),
        Key.of(9_007_199_254_740_994.0));
    assertNotEquals(Key.of(0.1), Key.of(new BigDecimal("0.1")), "0.1 is not exactly a double");
  }

  @Test
  void booleansStringsAndBytesOrderNaturally() {
    assertOrdered(Key.of(false), Key.of(true));
    assertOrdered(Key.of("B"), Key.of("a"), Key.of("ab"), Key.of("b"));
    assertOrdered(Key.of(new byte[] {1}), Key.of(new byte[] {1, 0}), Key.of(new byte[] {2}));
    assertSameKey(Key.of('x'), Key.of("x"));
  }

  @Test
  void mixedTypesOrderByAFixedRank() {
    assertOrdered(Key.of((Object) null), Key.of(true), Key.of(99L), Key.of("0"),
        Key.of(new byte[] {0}));
  }

  @Test
  void aShorterKeySortsBeforeTheLongerKeysItPrefixes() {
    assertOrdered(Key.EMPTY, Key.of(1L), Key.of(1L, null), Key.of(1L, "a"), Key.of(2L));
  }

  @Test
  void prefixBoundsSelectExactlyTheKeysStartingWithThePrefix() {
    NavigableSet<Key> keys = new TreeSet<>(List.of(
        Key.of(4L, "z"), Key.of(5L), Key.of(5L, null), Key.of(5L, "a"), Key.of(5L, "b", 1L),
        Key.of(new BigDecimal("5.5"), "a"), Key.of(6L, "a"), Key.of((Object) null, "n")));

    assertEquals(
        "[(5), (5, NULL), (5, 'a'), (5, 'b', 1)]",
        keys.subSet(Key.lowerBound(5), true, Key.upperBound(5), true).toString());
    assertEquals("[(5, 'b', 1)]",
        keys.subSet(Key.lowerBound(5L, "b"), true, Key.upperBound(5L, "b"), true).toString());
    assertTrue(Key.of(5L, "b", 1L).startsWith(Key.of(5L, "b")));
    assertFalse(Key.of(5L).startsWith(Key.of(5L, "b")));
  }

  @Test
  void boundsExpressComparisonsOnTheFirstPart() {
    NavigableSet<Key> keys = new TreeSet<>(List.of(
        Key.of((Object) null, 1L), Key.of(4L, 1L), Key.of(5L), Key.of(5L, 1L),
        Key.of(5.25, 1L), Key.of(6L, 1L)));

    assertEquals("[(5.25, 1), (6, 1)]", range(keys, Key.upperBound(5), Key.upperBound()));
    assertEquals("[(5), (5, 1), (5.25, 1), (6, 1)]",
        range(keys, Key.lowerBound(5), Key.upperBound()));
    assertEquals("[(NULL, 1), (4, 1)]", range(keys, Key.lowerBound(), Key.lowerBound(5)));
    assertEquals("[(4, 1)]", range(keys, Key.upperBound((Object) null), Key.lowerBound(5)));
    assertEquals("[(NULL, 1), (4, 1), (5), (5, 1)]",
        range(keys, Key.lowerBound(), Key.upperBound(5)));
    assertTrue(KeyRange.of(Key.upperBound(6), Key.lowerBound(6)).isEmpty());
  }

  private static String range(NavigableSet<Key> keys, Key low, Key high) {
    KeyRange range = KeyRange.of(low, high);
    String viaSubSet = keys.subSet(low, true, high, true).toString();
    String viaContains = keys.stream().filter(range::contains).collect(Collectors.toList())
        .toString();
    assertEquals(viaSubSet, viaContains);
    return viaSubSet;
  }

  @Test
  void partsAreReadOnlyAndKeepTheClassTheEngineStored() {
    Key key = Key.of(1, new BigDecimal("2.50"), "x");
    assertEquals(3, key.size());
    assertEquals(1L, key.part(0));
    assertEquals(new BigDecimal("2.50"), key.part(1));
    assertThrows(UnsupportedOperationException.class, () -> key.parts().set(0, 2L));
    assertEquals(Key.of(1L, 2.5, "x", 9L), key.append(9));
    assertEquals(Key.of(1L), key.prefix(1));
    assertEquals("(1, 2.50, 'x')", key.toString());
  }

  @Test
  void aPartOfAnUnsupportedTypeIsRejected() {
    MorphException e = assertThrows(MorphException.class, () -> Key.of(new Object()));
    assertEquals(ErrorCode.INTERNAL_ERROR, e.code());
  }

  @Test
  void boundsAreNeverEqualToStoredKeys() {
    assertTrue(Key.lowerBound(5).isBound());
    assertNotEquals(Key.lowerBound(5), Key.of(5L));
    assertOrdered(Key.lowerBound(), Key.EMPTY, Key.lowerBound(5), Key.of(5L),
        Key.upperBound(5), Key.upperBound());
  }

  @Test
  void oneAndManyPartKeysCutAndJoinIntoEqualKeys() {
    Key pair = Key.of(1L, "x");
    assertSameKey(Key.of(1L), pair.prefix(1));
    assertSameKey(Key.of("x"), pair.suffix(1));
    assertSameKey(pair, pair.suffix(0));
    assertSameKey(Key.EMPTY, pair.suffix(2));
    assertSameKey(Key.of(5, 1L, "x"), Key.of(5L).append(pair));
    assertSameKey(Key.of(5L, null), Key.of(5L).append(Key.of((Object) null)));
    assertSameKey(Key.of(1L, "x"), Key.of(1).append("x"));
    assertEquals(List.of(1L), Key.of(1).parts());
    assertEquals(1, Key.of((Object) null).size());
    assertEquals(null, Key.of((Object) null).part(0));
    assertThrows(IndexOutOfBoundsException.class, () -> Key.of(1L).part(1));
    assertThrows(MorphException.class, () -> Key.upperBound(1L).suffix(1));
    assertNotEquals(Key.of(1L), Key.lowerBound(1L));
    assertNotEquals(Key.upperBound(1L), Key.lowerBound(1L));
  }

  /** A two-part key keeps its parts inline; however it was made, it is the same key. */
  @Test
  void twoPartKeysAreTheSameKeyHoweverTheyWereMade() {
    Key of = Key.of(7L, 3L);
    Key[] same = {
        Key.ofOwned(new Object[] {7, 3L}),
        Key.of(7L).append(3),
        Key.of(7L).append(Key.of(3L)),
        Key.of(7L, 3L, 9L).prefix(2),
        Key.of(1L, 7L, 3L).suffix(1),
        Key.ofList(List.of(7L, 3L))};
    for (Key k : same) {
      assertSameKey(of, k);
      assertEquals(2, k.size());
      assertEquals(7L, k.part(0));
      assertEquals(3L, k.part(1));
      assertEquals(List.of(7L, 3L), k.parts());
      assertThrows(IndexOutOfBoundsException.class, () -> k.part(2));
    }
    assertEquals(Key.of(3L), of.suffix(1));
    assertEquals(Key.of(7L), of.prefix(1));
    assertEquals(Key.of(7L, 3L, 1L), of.append(1L));
    assertTrue(of.startsWith(Key.of(7L)));
    assertOrdered(Key.of(7L), Key.lowerBound(7L, 3L), Key.of(7L, 3L), Key.of(7L, 3L, 0L),
        Key.upperBound(7L, 3L), Key.of(7L, 4L));
    assertOrdered(Key.of(null, 5L), Key.of(null, 6L), Key.of(1L, null), Key.of(1L, 0L));
  }
}
