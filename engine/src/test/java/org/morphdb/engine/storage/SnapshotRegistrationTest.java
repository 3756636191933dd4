package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.clock.HybridClock;

/**
 * Read-only snapshots are registered without the tracker's lock when a slot is free: the
 * versions they read stay while commits finish and vacuum runs, and the low-water mark
 * stays at or below every open snapshot.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SnapshotRegistrationTest {
  private static final long T = 1;
  private static final Key K = Key.of(1L);

  private final MvccStore store = new MvccStore(new HybridClock());

  private void put(long value) {
    store.commit(new CommitBatch().put(T, K, value));
  }

  @Test
  void moreSnapshotsOfOneThreadThanSlotsAreAllRegistered() {
    put(0);
    List<SnapshotHandle> open = new ArrayList<>();
    for (int i = 0; i < 40; i++) { // more than the tracker's slots: the rest go to its map
      open.add(store.openSnapshot());
      put(i + 1);
    }
    store.vacuum();
    for (int i = 0; i < open.size(); i++) {
      assertEquals((long) i, store.get(T, K, open.get(i).ts()), "snapshot " + i);
      assertTrue(store.lowWaterMark() <= open.get(0).ts());
    }
    for (SnapshotHandle h : open) {
      h.close();
    }
    store.vacuum();
    assertEquals(1, store.versionCount(T, K));
  }

  @Test
  void aSnapshotReadsTheSameVersionAgainWhileCommitsFinishAndVacuumRuns() throws Exception {
    put(0);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    threads.add(new Thread(() -> {
      for (long i = 1; !stop.get(); i++) {
        put(i);
      }
    }));
    threads.add(new Thread(() -> {
      while (!stop.get()) {
        store.vacuum();
      }
    }));
    for (int r = 0; r < 3; r++) {
      threads.add(new Thread(() -> {
        while (!stop.get() && failure.get() == null) {
          try (SnapshotHandle s = store.openSnapshot()) {
            Object first = store.get(T, K, s.ts());
            for (int spin = 0; spin < 200; spin++) {
              Thread.onSpinWait();
            }
            Object again = store.get(T, K, s.ts());
            if (first == null || !first.equals(again) || store.lowWaterMark() > s.ts()) {
              failure.compareAndSet(null, new AssertionError(
                  "snapshot " + s.ts() + " read " + first + " then " + again + ", low-water mark "
                      + store.lowWaterMark()));
            }
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          }
        }
      }));
    }
    threads.forEach(Thread::start);
    Thread.sleep(2_000);
    stop.set(true);
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(30));
    }
    assertNull(failure.get(), () -> String.valueOf(failure.get()));
  }
}
