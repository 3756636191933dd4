package org.morphdb.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one-table versions map behaves as any map of one entry: drivers and the wire read it as a Map. */
class TableVersionsTest {

  @Test
  void aOneTableMapEqualsAndHashesAsTheSameEntryInAnyMap() {
    Map<Integer, Integer> one = TableVersions.of(300, 7);
    assertEquals(Map.of(300, 7), one);
    assertEquals(one, new HashMap<>(Map.of(300, 7)));
    assertEquals(Map.of(300, 7).hashCode(), one.hashCode());
    assertFalse(one.equals(Map.of(300, 8)));
    assertFalse(one.equals(Map.of(301, 7)));
  }

  @Test
  void itAnswersItsOwnTableAndNoOther() {
    Map<Integer, Integer> one = TableVersions.of(300, 7);
    assertEquals(7, one.get(300));
    assertNull(one.get(301));
    assertNull(one.get("300"));
    assertEquals(1, one.size());
    Map<Integer, Integer> walked = new LinkedHashMap<>();
    one.forEach(walked::put);
    assertEquals(Map.of(300, 7), walked);
    assertEquals(Map.of(300, 7).entrySet(), one.entrySet());
  }

  @Test
  void itCannotBeChanged() {
    Map<Integer, Integer> one = TableVersions.of(300, 7);
    assertThrows(UnsupportedOperationException.class, () -> one.put(301, 1));
    assertThrows(UnsupportedOperationException.class, () -> one.entrySet().clear());
  }
}
