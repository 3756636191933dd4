package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.clock.HybridClock;

/**
 * A keyspace reaches its chains by key (hash) and in order (skip list): whatever writers and
 * vacuum do concurrently, point reads and scans must agree once they are done.
 */
class KeySpaceTest {
  private static final long T = 1;
  private static final int KEYS = 64;

  private final MvccStore store = new MvccStore(new HybridClock());

  @Test
  void pointReadsAndScansAgreeAfterConcurrentWritesAndVacuum() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    Thread vacuum = new Thread(() -> {
      while (!stop.get()) {
        store.vacuum();
      }
    });
    vacuum.start();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      Thread t = new Thread(() -> {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0; i < 20_000; i++) {
          Key k = Key.of((long) r.nextInt(KEYS));
          CommitBatch b = r.nextInt(3) == 0 ? new CommitBatch().delete(T, k)
              : new CommitBatch().put(T, k, "v" + i);
          store.commit(b);
        }
      });
      writers.add(t);
      t.start();
    }
    for (Thread t : writers) {
      t.join();
    }
    stop.set(true);
    vacuum.join();
    assertConsistent();
    store.vacuum();
    assertConsistent();
  }

  private void assertConsistent() {
    long ts = store.snapshotTs();
    Map<Key, Object> byGet = new TreeMap<>();
    for (long i = 0; i < KEYS; i++) {
      Object v = store.get(T, Key.of(i), ts);
      if (v != null) {
        byGet.put(Key.of(i), v);
      }
    }
    Map<Key, Object> byScan = new TreeMap<>();
    Iterator<Entry> it = store.scan(T, KeyRange.all(), ts);
    while (it.hasNext()) {
      Entry e = it.next();
      byScan.put(e.key(), e.value());
    }
    assertEquals(byGet, byScan);
    assertEquals(byGet.size(), store.approximateSize(T));
  }

  @Test
  void aKeyDeletedVacuumedAndWrittenAgainIsSeenBothWays() {
    Key k = Key.of(7L);
    store.commit(new CommitBatch().put(T, k, "first"));
    store.commit(new CommitBatch().delete(T, k));
    store.vacuum();
    assertEquals(0, store.versionCount(T, k), "the chain left the space");
    store.commit(new CommitBatch().put(T, k, "second"));
    long ts = store.snapshotTs();
    assertEquals("second", store.get(T, k, ts));
    Iterator<Entry> it = store.scan(T, KeyRange.all(), ts);
    assertEquals("second", it.next().value());
    assertEquals(false, it.hasNext());
  }
}
