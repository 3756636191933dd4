package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Chains keep their heads in a space's slot arrays, and a removed chain's slot goes to the
 * next new chain: a reader still holding the removed chain must find it absent, never the
 * versions of the chain that took its slot.
 */
class HeadSlotsTest {

  @Test
  void aReaderHoldingARemovedChainFindsItAbsentAfterItsSlotWentToAnotherChain() {
    HeadSlots heads = new HeadSlots();
    VersionChain deleted = new VersionChain(Key.of(1L), 5, VersionChain.TOMBSTONE, heads);
    assertTrue(deleted.vacuum(10), "a tombstone below the horizon: vacuum removes the chain");
    VersionChain next = new VersionChain(Key.of(2L), 20, "row 2", heads); // takes the freed slot
    assertEquals("row 2", next.read(Long.MAX_VALUE));
    assertNull(deleted.read(Long.MAX_VALUE), "not the next chain's row");
    assertNull(deleted.visible(Long.MAX_VALUE));
    assertEquals(Long.MIN_VALUE, deleted.newestTs());
    assertEquals(VersionChain.REMOVED, deleted.write(30, "late", false, Long.MIN_VALUE),
        "a writer of the removed chain goes to a new one");
    assertEquals("row 2", next.read(Long.MAX_VALUE), "and leaves the slot's new chain alone");
    assertTrue(deleted.vacuum(40), "vacuum again: still removed, the slot not freed twice");
    VersionChain third = new VersionChain(Key.of(3L), 50, "row 3", heads);
    assertEquals("row 2", next.read(Long.MAX_VALUE));
    assertEquals("row 3", third.read(Long.MAX_VALUE));
  }

  @Test
  void aChainThatNeverEnteredItsSpaceGivesItsSlotBack() {
    HeadSlots heads = new HeadSlots();
    int first = heads.allocate();
    heads.free(first);
    VersionChain lost = new VersionChain(Key.of(1L), 1, "lost the race", heads);
    lost.discard();
    assertEquals(first, heads.allocate(), "the discarded chain's slot is handed out again");
  }

  @Test
  void slotsOfManyChunksKeepTheirHeadsAndFreedOnesAreReused() {
    HeadSlots heads = new HeadSlots();
    int n = 100_000;
    Version[] versions = new Version[n];
    int[] slots = new int[n];
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < n; i++) {
      slots[i] = heads.allocate();
      assertTrue(seen.add(slots[i]), "each slot handed out once");
      versions[i] = new Version(i, "v" + i, null);
      heads.set(slots[i], versions[i]);
    }
    for (int i = 0; i < n; i++) {
      assertSame(versions[i], heads.get(slots[i]));
    }
    for (int i = 0; i < n; i += 2) {
      heads.set(slots[i], null);
      heads.free(slots[i]);
    }
    Set<Integer> reused = new HashSet<>();
    for (int i = 0; i < n / 2; i++) {
      int s = heads.allocate();
      assertNull(heads.get(s));
      reused.add(s);
    }
    for (int i = 0; i < n; i += 2) {
      assertTrue(reused.contains(slots[i]), "freed slots come back before new ones");
    }
    for (int i = 1; i < n; i += 2) {
      assertSame(versions[i], heads.get(slots[i]));
    }
  }
}
