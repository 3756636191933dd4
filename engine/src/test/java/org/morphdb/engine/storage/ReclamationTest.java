package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;

/** Versions are reclaimed once no registered reader can see them, and not before. */
class ReclamationTest {
  private static final long T = 1;

  private final MvccStore store = new MvccStore(new HybridClock());

  private long put(Key key, Object value) {
    return store.commit(new CommitBatch().put(T, key, value));
  }

  private long delete(Key key) {
    return store.commit(new CommitBatch().delete(T, key));
  }

  @Test
  void aReplayedLogKeepsOnlyEachKeysNewestVersionEvenInRecordsOutOfTimestampOrder() {
    Key k = Key.of(1L);
    store.replayAt(new CommitBatch().put(T, k, "first"), 10);
    for (int i = 0; i < 1000; i++) { // a hot row: recovery's walk of its chain stays one version long
      store.replayAt(new CommitBatch().put(T, k, "v" + i), 20 + i);
    }
    store.replayAt(new CommitBatch().put(T, k, "late"), 15); // logged after, committed before
    assertEquals(1, store.versionCount(T, k));
    assertEquals("v999", store.get(T, k, 5000));
  }

  @Test
  void withNoReaderAWriteCutsOffEveryOlderVersion() {
    Key k = Key.of(1L);
    for (int i = 0; i < 10; i++) {
      put(k, "v" + i);
    }
    assertEquals(2, store.versionCount(T, k), "the newest, and the one it replaced just now");
    store.vacuum();
    assertEquals(1, store.versionCount(T, k));
    assertEquals("v9", store.get(T, k, Long.MAX_VALUE));
  }

  @Test
  void aRegisteredSnapshotKeepsTheVersionItReadsButNotOlderOnes() {
    Key k = Key.of(1L);
    put(k, "too old");
    put(k, "seen by the snapshot");
    try (SnapshotHandle snapshot = store.openSnapshot()) {
      for (int i = 0; i < 5; i++) {
        put(k, "newer " + i);
      }
      store.vacuum();
      assertEquals("seen by the snapshot", store.get(T, k, snapshot.ts()));
      assertEquals(6, store.versionCount(T, k), "the snapshot's version and the five newer");
    }
    store.vacuum();
    assertEquals(1, store.versionCount(T, k));
    assertEquals("newer 4", store.get(T, k, Long.MAX_VALUE));
  }

  @Test
  void vacuumRemovesAKeyDeletedBelowTheLowWaterMark() {
    Key gone = Key.of(1L);
    Key kept = Key.of(2L);
    put(gone, "a");
    put(kept, "b");
    delete(gone);
    store.vacuum();
    assertEquals(0, store.versionCount(T, gone));
    assertEquals(Long.MIN_VALUE, store.newestVersionTs(T, gone));
    assertEquals(1, store.approximateSize(T));
    assertEquals("b", store.get(T, kept, Long.MAX_VALUE));
  }

  @Test
  void aDeletedKeyStaysReadableToASnapshotTakenBeforeTheDelete() {
    Key k = Key.of(1L);
    put(k, "a");
    try (SnapshotHandle before = store.openSnapshot()) {
      delete(k);
      store.vacuum();
      assertEquals("a", store.get(T, k, before.ts()));
      assertEquals(2, store.versionCount(T, k));
    }
    store.vacuum();
    assertEquals(0, store.versionCount(T, k));
  }

  @Test
  void aKeyRewrittenAfterVacuumStartsAFreshChain() {
    Key k = Key.of(1L);
    put(k, "a");
    delete(k);
    store.vacuum();
    long ts = put(k, "again");
    assertEquals("again", store.get(T, k, ts));
    assertEquals(1, store.approximateSize(T));
  }

  @Test
  void theLowWaterMarkIsTheOldestRegisteredSnapshotAndNeverMovesBack() {
    SnapshotHandle old = store.openSnapshot();
    SnapshotHandle young = store.openSnapshot();
    put(Key.of(1L), "x");
    assertEquals(old.ts(), store.lowWaterMark());
    old.close();
    old.close(); // idempotent
    assertEquals(young.ts(), store.lowWaterMark());
    young.close();
    long mark = store.lowWaterMark();
    assertTrue(mark >= young.ts());
    assertEquals(store.visibleTs(), mark);

    MorphException e = assertThrows(MorphException.class, () -> store.register(old.ts()));
    assertEquals(ErrorCode.INTERNAL_ERROR, e.code());
    SnapshotHandle again = store.register(mark);
    assertEquals(mark, again.ts());
    assertEquals(mark, store.lowWaterMark());
    again.close();
  }

  @Test
  void theLowWaterMarkStaysBelowAnInFlightCommit() {
    try (CommitTicket ticket = store.begin()) {
      assertTrue(store.lowWaterMark() < ticket.ts());
      assertEquals(ticket.ts() - 1, store.visibleTs());
    }
  }

  @Test
  void aBackfillPinnedAtItsSnapshotKeepsItsEntriesBelowNewerOnes() {
    Key k = Key.of("idx", 1L);
    try (SnapshotHandle backfill = store.openSnapshot()) {
      put(k, "newer");
      store.putAt(T, k, "backfilled", backfill.ts());
      store.vacuum();
      assertEquals("backfilled", store.get(T, k, backfill.ts()));
      assertEquals("newer", store.get(T, k, Long.MAX_VALUE));
    }
  }

  @Test
  void vacuumRacingWithWritersNeverLosesAWrite() throws Exception {
    int writers = 3;
    int keysPerWriter = 20;
    Object[][] expected = new Object[writers][keysPerWriter];
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int writer = w;
      threads.add(new Thread(() -> {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int n = 0; System.nanoTime() < deadline; n++) {
          int k = random.nextInt(keysPerWriter);
          Key key = Key.of(writer, k);
          if (random.nextBoolean()) {
            delete(key);
            expected[writer][k] = null;
          } else {
            put(key, "w" + writer + "#" + n);
            expected[writer][k] = "w" + writer + "#" + n;
          }
        }
      }));
    }
    threads.add(new Thread(() -> {
      while (System.nanoTime() < deadline) {
        store.vacuum();
      }
    }));
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }

    long live = 0;
    for (int w = 0; w < writers; w++) {
      for (int k = 0; k < keysPerWriter; k++) {
        Object actual = store.get(T, Key.of(w, k), Long.MAX_VALUE);
        assertEquals(expected[w][k], actual, "key " + w + "," + k);
        live += expected[w][k] == null ? 0 : 1;
      }
    }
    assertEquals(live, store.approximateSize(T));
  }

  // --- deleted keys leave their keyspace (reclaimDeletedKeys, run in the background) ---

  @Test
  void aKeyDeletedBelowTheLowWaterMarkLeavesItsSpaceEntirely() {
    Key gone = Key.of(1L);
    put(gone, "a");
    put(Key.of(2L), "b");
    delete(gone);
    assertEquals(1, store.deletesPendingReclaim());
    assertEquals(1, store.reclaimDeletedKeys());
    assertEquals(0, store.versionCount(T, gone));
    assertArrayEquals(new long[] {1, 1}, store.keysHeld(T), "hash map and key order hold only key 2");
    assertEquals(0, store.deletesPendingReclaim());
  }

  @Test
  void aSnapshotFromBeforeTheDeleteKeepsTheKeyUntilItCloses() {
    Key k = Key.of(1L);
    put(k, "a");
    try (SnapshotHandle before = store.openSnapshot()) {
      delete(k);
      assertEquals(0, store.reclaimDeletedKeys());
      assertEquals("a", store.get(T, k, before.ts()));
      assertEquals(1, store.deletesPendingReclaim(), "still waiting for the snapshot");
    }
    assertEquals(1, store.reclaimDeletedKeys());
    assertEquals(0, store.versionCount(T, k));
  }

  @Test
  void aKeyWrittenAgainAfterItsDeleteStays() {
    Key k = Key.of(1L);
    put(k, "a");
    delete(k);
    put(k, "back");
    assertEquals(0, store.reclaimDeletedKeys());
    assertEquals("back", store.get(T, k, Long.MAX_VALUE));
    assertArrayEquals(new long[] {1, 1}, store.keysHeld(T));
  }

  @Test
  void aSlidingWindowOfKeysKeepsItsSpaceAtTheWindowsSize() {
    int window = 100;
    for (long id = 1; id <= 10_000; id++) {
      put(Key.of(id), "row " + id);
      if (id > window) {
        delete(Key.of(id - window));
      }
      if (id % 1000 == 0) {
        store.reclaimDeletedKeys();
      }
    }
    store.reclaimDeletedKeys();
    assertArrayEquals(new long[] {window, window}, store.keysHeld(T));
    assertEquals(window, store.approximateSize(T));
    assertEquals("row 10000", store.get(T, Key.of(10_000L), Long.MAX_VALUE));
  }

  @Test
  void reclaimingWhileWritersDeleteAndReinsertLosesNoLiveKey() throws InterruptedException {
    int keys = 64;
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread reclaimer = new Thread(() -> {
      while (!stop.get()) {
        store.reclaimDeletedKeys();
      }
    });
    reclaimer.start();
    for (int round = 0; round < 2_000; round++) {
      Key k = Key.of((long) ThreadLocalRandom.current().nextInt(keys));
      if (store.get(T, k, Long.MAX_VALUE) == null) {
        put(k, "round " + round);
        assertEquals("round " + round, store.get(T, k, Long.MAX_VALUE), "a put just made is read back");
      } else {
        delete(k);
      }
    }
    stop.set(true);
    reclaimer.join();
    store.reclaimDeletedKeys();
    long live = 0;
    for (var it = store.scan(T, KeyRange.all(), Long.MAX_VALUE); it.hasNext(); it.next()) {
      live++;
    }
    assertEquals(live, store.approximateSize(T));
    assertArrayEquals(new long[] {live, live}, store.keysHeld(T), "only live keys are left");
  }

  @Test
  void aScanOfUnchangedKeysNeedsNoSnapshotAndSkipsAKeyThatChangesWhileItIsRead() {
    Key first = Key.of(1L);
    Key second = Key.of(2L);
    put(first, "a");
    put(second, "b");
    long s = store.snapshotTs(); // not registered: nothing holds the versions at s
    RowCursor rows = store.scanUnchangedSince(T, KeyRange.all(), s);
    assertTrue(rows.advance());
    assertEquals(first, rows.key());
    assertEquals("a", rows.value());
    // The scan has found the second key's version already (it reads keys a leaf at a time).
    // Two writes: the second cuts off, and clears, the version the scan found.
    put(second, "b2");
    put(second, "b3");
    assertEquals(2, store.versionCount(T, second), "b3 and b2: no reader keeps the first version");
    assertFalse(rows.advance(), "the second key changed after s: skipped, not returned without its row");
  }
}
