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
 * A keyspace reaches its chains by key (hash) and in order (B+tree): whatever writers, vacuum
 * and a bulk build with deferred order do concurrently, point reads and scans must agree once
 * they are done.
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
    assertConsistent(KEYS);
  }

  private void assertConsistent(int keys) {
    long ts = store.snapshotTs();
    Map<Key, Object> byGet = new TreeMap<>();
    for (long i = 0; i < keys; i++) {
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

  @Test
  void writesWhileTheOrderIsDeferredAreScannedOnceItIsRestored() throws Exception {
    int keys = 6_000;
    store.commit(new CommitBatch().put(T, Key.of(1L), "before the bulk build"));
    store.deferOrder(T);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean restored = new AtomicBoolean();
    java.util.concurrent.atomic.AtomicLong fresh = new java.util.concurrent.atomic.AtomicLong(keys);
    List<Thread> threads = new ArrayList<>();
    threads.add(new Thread(() -> {
      while (!stop.get()) {
        store.vacuum();
      }
    }));
    for (int w = 0; w < 2; w++) {
      // writers: the lower half, and new keys above all others (new chains to link), until
      // the order is restored and a while after
      threads.add(new Thread(() -> {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0, after = 0; after < 3_000; i++, after += restored.get() ? 1 : 0) {
          Key k = Key.of(r.nextBoolean() ? r.nextInt(keys / 2) : fresh.getAndIncrement());
          store.commit(r.nextInt(3) == 0 ? new CommitBatch().delete(T, k)
              : new CommitBatch().put(T, k, "v" + i));
        }
      }));
    }
    threads.forEach(Thread::start);
    long s = store.snapshotTs();
    for (int from = keys / 2; from < keys; from += 512) { // the backfill: the upper half at s
      CommitBatch batch = CommitBatch.ofDistinctKeys();
      for (long k = from; k < Math.min(keys, from + 512); k++) {
        batch.put(T, Key.of(k), "b" + k);
      }
      store.putAllAt(batch, s);
    }
    store.restoreOrder(T);
    restored.set(true);
    for (Thread t : threads.subList(1, threads.size())) {
      t.join();
    }
    stop.set(true);
    threads.get(0).join();
    assertConsistent((int) fresh.get());
    store.vacuum();
    assertConsistent((int) fresh.get());
  }
}
