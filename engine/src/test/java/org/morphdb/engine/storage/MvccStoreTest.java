package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;

/** Reads, writes and scans of the multi-version store (no reclamation: a snapshot pins all). */
class MvccStoreTest {
  private static final long T = 10; // a table's row space
  private static final long I = 11; // one of its index spaces

  private final MvccStore store = new MvccStore(new HybridClock());
  /** Keeps every version reachable, so these tests see no reclamation. */
  private final SnapshotHandle pin = store.openSnapshot();

  private long put(long space, Key key, Object value) {
    return store.commit(new CommitBatch().put(space, key, value));
  }

  private long delete(long space, Key key) {
    return store.commit(new CommitBatch().delete(space, key));
  }

  private static List<String> keysAndValues(Iterator<Entry> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(e -> out.add(e.key() + "=" + e.value()));
    return out;
  }

  @Test
  void aReadAtTsSeesTheNewestVersionAtOrBeforeIt() {
    Key k = Key.of(1L);
    long t1 = put(T, k, "v1");
    long t2 = put(T, k, "v2");
    assertTrue(t1 < t2);
    assertNull(store.get(T, k, t1 - 1));
    assertEquals("v1", store.get(T, k, t1));
    assertEquals("v1", store.get(T, k, t2 - 1));
    assertEquals("v2", store.get(T, k, t2));
    assertEquals("v2", store.get(T, k, Long.MAX_VALUE));
    assertNull(store.get(T + 1, k, Long.MAX_VALUE), "another space does not share keys");
  }

  @Test
  void aReaderLearnsTheKeyObjectARowIsStoredUnderInTheSameLookup() {
    Key first = Key.of(1L);
    put(T, first, "v1");
    Key equal = Key.of(1L);
    assertSame(first, store.get(T, equal, Long.MAX_VALUE, (k, v) -> k), "the key the first write stored");
    put(T, equal, "v2");
    assertSame(first, store.get(T, Key.of(1L), Long.MAX_VALUE, (k, v) -> k), "a later write keeps the stored key");
    assertEquals("v2", store.get(T, equal, Long.MAX_VALUE, (k, v) -> v), "with the value a get finds");
    Key absent = Key.of(2L);
    assertNull(store.get(T, absent, Long.MAX_VALUE, (k, v) -> k), "no row: nothing found");
    assertNull(store.get(T + 5, absent, Long.MAX_VALUE, (k, v) -> k), "no space: nothing found");
  }

  @Test
  void valuesAreStoredAsGivenNotCopied() {
    Object[] row = {1L, "a"};
    long ts = put(T, Key.of(1L), row);
    assertSame(row, store.get(T, Key.of(1L), ts));
  }

  @Test
  void aTombstoneHidesTheKeyFromReadsAtOrAfterTheDelete() {
    Key k = Key.of("x");
    long put = put(T, k, "alive");
    long del = delete(T, k);
    assertEquals("alive", store.get(T, k, del - 1));
    assertNull(store.get(T, k, del));
    assertEquals(del, store.newestVersionTs(T, k), "the tombstone is the newest version");
    assertTrue(put < del);
    assertEquals(List.of(), keysAndValues(store.scan(T, KeyRange.all(), del)));
  }

  @Test
  void newestVersionTsIsMinValueForAKeyNeverWritten() {
    assertEquals(Long.MIN_VALUE, store.newestVersionTs(T, Key.of(404L)));
  }

  @Test
  void aLaterWriteOfAKeyInOneBatchReplacesTheEarlierOne() {
    CommitBatch batch = new CommitBatch()
        .put(T, Key.of(1L), "first").put(I, Key.of(1L), "index")
        .delete(T, Key.of(1L)).put(T, Key.of(1L), "last");
    assertEquals(2, batch.size());
    long ts = store.commit(batch);
    assertEquals("last", store.get(T, Key.of(1L), ts));
    assertEquals("index", store.get(I, Key.of(1L), ts));
    assertEquals(1, store.versionCount(T, Key.of(1L)));
  }

  @Test
  void insertingBelowTheNewestKeepsNewerVersionsWinning() {
    Key k = Key.of(7L, 100L);
    long snapshot = store.snapshotTs(); // the backfill's snapshot S
    long newer = put(I, k, "written by a commit after S");
    store.putAt(I, k, "backfilled at S", snapshot);
    assertEquals("backfilled at S", store.get(I, k, snapshot));
    assertEquals("written by a commit after S", store.get(I, k, newer));
    assertEquals(newer, store.newestVersionTs(I, k));
    assertEquals(2, store.versionCount(I, k));
  }

  @Test
  void insertingAtAnExistingTsKeepsTheExistingVersion() {
    Key k = Key.of(3L);
    long ts = put(I, k, "committed");
    store.putAt(I, k, "late backfill", ts);
    store.putAllAt(new CommitBatch().put(I, k, "later backfill").put(I, Key.of(4L), "new"), ts);
    assertEquals("committed", store.get(I, k, ts));
    assertEquals("new", store.get(I, Key.of(4L), ts));
  }

  @Test
  void scansReturnTheLiveKeysOfTheRangeAtTheSnapshotInKeyOrder() {
    for (long id = 1; id <= 6; id++) {
      put(T, Key.of(id % 2 == 0 ? "even" : "odd", id), "v" + id);
    }
    long before = store.snapshotTs();
    delete(T, Key.of("even", 4L));
    put(T, Key.of("even", 2L), "v2'");
    long after = store.snapshotTs();

    assertEquals(List.of("('even', 2)=v2", "('even', 4)=v4", "('even', 6)=v6"),
        keysAndValues(store.scan(T, KeyRange.prefix("even"), before)));
    assertEquals(List.of("('even', 2)=v2'", "('even', 6)=v6"),
        keysAndValues(store.scan(T, KeyRange.prefix("even"), after)));
    assertEquals(List.of("('even', 6)=v6", "('even', 2)=v2'"),
        keysAndValues(store.scanDescending(T, KeyRange.prefix("even"), after)));
    assertEquals(List.of("('odd', 3)=v3", "('odd', 5)=v5"),
        keysAndValues(store.scan(T,
            KeyRange.of(Key.upperBound("odd", 1L), Key.upperBound("odd")), after)));
    assertEquals(5, keysAndValues(store.scan(T, KeyRange.all(), after)).size());
  }

  @Test
  void aScanReportsTheTsOfTheVersionItReturns() {
    long ts = put(T, Key.of(1L), "a");
    put(T, Key.of(2L), "b");
    Entry first = store.scan(T, KeyRange.all(), ts).next();
    assertEquals(new Entry(Key.of(1L), "a", ts), first);
  }

  @Test
  void scanningAnUnknownSpaceOrAnEmptyRangeFindsNothing() {
    put(T, Key.of(1L), "a");
    assertFalse(store.scan(99, KeyRange.all(), Long.MAX_VALUE).hasNext());
    assertFalse(store.scan(T, KeyRange.of(Key.upperBound(5), Key.lowerBound(5)),
        Long.MAX_VALUE).hasNext());
    assertEquals(List.of("(1)=a"),
        keysAndValues(store.scan(T, KeyRange.point(Key.of(1L)), Long.MAX_VALUE)));
  }

  @Test
  void approximateSizeCountsKeysWhoseNewestVersionIsLive() {
    put(T, Key.of(1L), "a");
    put(T, Key.of(2L), "b");
    put(T, Key.of(2L), "b'");
    delete(T, Key.of(1L));
    delete(T, Key.of(3L));
    assertEquals(1, store.approximateSize(T));
    assertEquals(0, store.approximateSize(12345));
  }

  @Test
  void droppingASpaceRemovesAllItsKeysAtOnce() {
    put(T, Key.of(1L), "a");
    put(I, Key.of(1L), "i");
    store.dropSpace(T);
    assertNull(store.get(T, Key.of(1L), Long.MAX_VALUE));
    assertEquals(0, store.approximateSize(T));
    assertEquals("i", store.get(I, Key.of(1L), Long.MAX_VALUE));
  }

  @Test
  void aTicketKnowsItsCommitTsBeforeItsWritesAreBuilt() {
    long ts;
    try (CommitTicket ticket = store.begin()) {
      ts = ticket.ts(); // e.g. the engine looks up the catalog at ts here
      ticket.apply(new CommitBatch().put(T, Key.of(1L), "row"));
      ticket.apply(new CommitBatch().put(I, Key.of("a", 1L), "index entry"));
    }
    assertEquals("row", store.get(T, Key.of(1L), ts));
    assertEquals("index entry", store.get(I, Key.of("a", 1L), ts));
    assertNull(store.get(T, Key.of(1L), ts - 1));
  }

  @Test
  void aTicketClosedWithoutApplyingWritesNothingAndCannotApplyLater() {
    CommitTicket ticket = store.begin();
    ticket.close();
    assertTrue(ticket.isFinished());
    MorphException e = assertThrows(MorphException.class,
        () -> ticket.apply(new CommitBatch().put(T, Key.of(1L), "too late")));
    assertEquals(ErrorCode.INTERNAL_ERROR, e.code());
    assertNull(store.get(T, Key.of(1L), Long.MAX_VALUE));
    store.awaitVisible(ticket.ts()); // an abandoned commit does not block readers
  }

  @Test
  void batchesRejectNullValuesAndBoundKeys() {
    assertThrows(MorphException.class, () -> new CommitBatch().put(T, Key.of(1L), null));
    assertThrows(MorphException.class, () -> new CommitBatch().put(T, Key.upperBound(1), "x"));
    CommitBatch batch = new CommitBatch().delete(T, Key.of(1L));
    assertTrue(batch.writes().get(0).isDelete());
    assertNull(batch.writes().get(0).value());
  }

  @Test
  void snapshotHandlesPinTheirTs() {
    assertEquals(pin.ts(), store.lowWaterMark());
    try (SnapshotHandle later = store.openSnapshot()) {
      assertTrue(later.ts() > pin.ts());
      assertTrue(store.visibleTs() >= later.ts());
    }
  }

  @Test
  void aPointReaderReadsWhatGetReadsAtItsTimestamp() {
    long t1 = put(T, Key.of(1L), "one");
    long t2 = put(T, Key.of(1L), "uno");
    delete(T, Key.of(2L));
    for (long ts : new long[] {t1 - 1, t1, t2, Long.MAX_VALUE}) {
      MvccStore.PointReader reader = store.pointReader(T, ts);
      for (long k = 1; k <= 3; k++) {
        assertEquals(store.get(T, Key.of(k), ts), reader.get(Key.of(k)), k + "@" + ts);
      }
    }
    assertEquals(null, store.pointReader(99, Long.MAX_VALUE).get(Key.of(1L)), "no such space");
  }
}
