package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A key's versions, the first of which lives inside the chain object itself. */
class VersionChainTest {
  private static final long NO_READER_BELOW = 0; // a horizon that prunes nothing

  @Test
  void aChainIsBornWithItsFirstVersionVisibleFromItsTimestampOn() {
    VersionChain chain = new VersionChain(10, "v10");
    assertNull(chain.read(9));
    assertEquals("v10", chain.read(10));
    assertEquals("v10", chain.read(Long.MAX_VALUE));
    assertEquals(1, chain.versionCount());
    assertFalse(chain.isTombstone(), "a chain born with a value is a live key");
    assertTrue(new VersionChain(10, VersionChain.TOMBSTONE).isTombstone());
  }

  @Test
  void newerAndOlderVersionsGoAroundTheEmbeddedOne() {
    VersionChain chain = new VersionChain(10, "v10");
    assertEquals(0, chain.write(20, "v20", true, NO_READER_BELOW));
    assertEquals(0, chain.write(5, "v5", false, NO_READER_BELOW)); // a backfill writes below
    assertEquals("v5", chain.read(7));
    assertEquals("v10", chain.read(15));
    assertEquals("v20", chain.read(25));
    assertEquals(3, chain.versionCount());
    assertEquals(-1, chain.write(30, VersionChain.TOMBSTONE, true, NO_READER_BELOW));
    assertNull(chain.read(30));
    assertEquals("v20", chain.read(29));
  }

  @Test
  void theEmbeddedVersionsValueIsDroppedOnceNoReaderCanReachIt() {
    Object firstRow = new Object[] {1L, "first image"};
    VersionChain chain = new VersionChain(10, firstRow);
    chain.write(20, "v20", true, NO_READER_BELOW);
    assertSame(firstRow, chain.read(15), "a reader at 15 still sees the first image");
    chain.write(30, "v30", true, 25); // the oldest reader is at 25: it sees v20, nothing older
    assertEquals("v20", chain.read(25));
    assertEquals(2, chain.versionCount());
    assertNull(chain.value, "the chain object must not keep the first row image alive");
  }

  @Test
  void aCommitThatReplacesTheEmbeddedVersionAtItsOwnTimestampLeavesOnlyItsLastWrite() {
    Object tombstoneFirst = VersionChain.TOMBSTONE;
    VersionChain chain = new VersionChain(10, tombstoneFirst); // the commit tombstoned, then put
    assertEquals(1, chain.write(10, "put", true, NO_READER_BELOW));
    assertEquals("put", chain.read(10));
    assertEquals(1, chain.versionCount());
    assertNull(chain.value);
  }

  @Test
  void aBackgroundWriteAtTheSameTimestampKeepsTheEmbeddedVersion() {
    VersionChain chain = new VersionChain(10, "writer's");
    assertEquals(0, chain.write(10, "backfill's", false, NO_READER_BELOW));
    assertEquals("writer's", chain.read(10));
  }
}
