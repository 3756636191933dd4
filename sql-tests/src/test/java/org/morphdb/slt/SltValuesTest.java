package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.slt.SltRecord.SortMode;

class SltValuesTest {

  @Test
  void integersTruncateLikeSqlite() {
    assertEquals("42", SltValues.integer(42));
    assertEquals("-7", SltValues.integer(-7L));
    assertEquals("2", SltValues.integer(2.9));
    assertEquals("-2", SltValues.integer(-2.9));
    assertEquals("12", SltValues.integer(new BigDecimal("12.75")));
    assertEquals("12", SltValues.integer("12abc"));
    assertEquals("0", SltValues.integer("abc"));
    assertEquals("1", SltValues.integer(true));
  }

  @Test
  void realsHaveThreeDecimals() {
    assertEquals("2.500", SltValues.real(2.5));
    assertEquals("-0.125", SltValues.real(new BigDecimal("-0.125")));
    assertEquals("3.000", SltValues.real(3));
    assertEquals("1234567.891", SltValues.real(1234567.8912));
  }

  @Test
  void textIsPrintableAscii() {
    assertEquals("NULL", SltValues.text(null));
    assertEquals("(empty)", SltValues.text(""));
    assertEquals("a@b@", SltValues.text("a\tb\u00e9"));
  }

  @Test
  void sortModes() {
    List<String> values = List.of("2", "b", "10", "a", "2", "a");
    assertEquals(values, SltValues.sort(values, 2, SortMode.NOSORT));
    assertEquals(List.of("10", "a", "2", "a", "2", "b"),
        SltValues.sort(values, 2, SortMode.ROWSORT));
    assertEquals(List.of("10", "2", "2", "a", "a", "b"),
        SltValues.sort(values, 2, SortMode.VALUESORT));
  }

  @Test
  void hashIsMd5OfValuesEachFollowedByNewline() {
    // printf '1\n2\n3\n' | md5sum
    assertEquals("c0710d6b4f15dfa88f600b0e6b624077", SltValues.hash(List.of("1", "2", "3")));
  }
}
