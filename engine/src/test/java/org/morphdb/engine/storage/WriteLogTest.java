package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.clock.HybridClock;

/** No commit's write is lost while a backfill closes the log it appended to. */
class WriteLogTest {
  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static final long IX = 3;

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void everyWriteCommittedAroundTheCloseIsReadAfterTheRunIsAttached() throws Exception {
    for (int round = 0; round < 20; round++) {
      MvccStore store = new MvccStore(new HybridClock());
      RunBuilder backfill = RunBuilder.at(store.snapshotTs(), 4);
      backfill.add(Key.of(-1L, -1L), "backfilled");
      store.openLog(IX, 1024);
      AtomicBoolean stop = new AtomicBoolean();
      ConcurrentLinkedQueue<Key> committed = new ConcurrentLinkedQueue<>();
      ConcurrentLinkedQueue<Key> deleted = new ConcurrentLinkedQueue<>();
      List<Thread> writers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        long writer = w;
        Thread t = new Thread(() -> {
          for (long i = 0; !stop.get() && i < 20_000; i++) {
            Key k = Key.of(writer, i);
            store.commit(new CommitBatch().put(IX, k, "v"));
            committed.add(k);
            if (i % 3 == 0) { // and now and then delete it again
              store.commit(new CommitBatch().delete(IX, k));
              deleted.add(k);
            }
          }
        });
        t.start();
        writers.add(t);
      }
      Thread reclaimer = new Thread(() -> { // as the database's reclaiming thread does
        while (!stop.get()) {
          store.reclaimDeletedKeys();
          store.vacuum();
        }
      });
      reclaimer.start();
      Thread.sleep(5);
      // closes the log while the writers commit, and sorts for a while before attaching the
      // run: deletes meanwhile are chains the reclaimer must leave alone
      store.attachRun(IX, backfill, () -> sleep(20));
      Thread.sleep(5);
      stop.set(true);
      for (Thread t : writers) {
        t.join();
      }
      reclaimer.join();
      assertTrue(committed.size() > 0);
      java.util.Set<Key> gone = new java.util.HashSet<>(deleted);
      for (Key k : committed) {
        Object expected = gone.contains(k) ? null : "v";
        assertEquals(expected, store.get(IX, k, Long.MAX_VALUE), "round " + round + ", key " + k);
      }
      int live = 0;
      for (var it = store.scan(IX, KeyRange.all(), Long.MAX_VALUE); it.hasNext(); it.next()) {
        live++;
      }
      assertEquals(committed.size() - deleted.size() + 1, live, "round " + round);
    }
  }

  @Test
  void commitsWhileTheBackfillsEntriesSortAreLoggedAndMergedNotChained() {
    MvccStore store = new MvccStore(new HybridClock());
    RunBuilder backfill = RunBuilder.at(store.snapshotTs(), 4);
    for (long i = 0; i < 1000; i++) {
      backfill.add(Key.of(i, i), "backfilled");
    }
    store.openLog(IX, 1024);
    store.commit(new CommitBatch().put(IX, Key.of(-1L, -1L), "before the sort"));
    boolean[] made = {false};
    // the sort of the backfill's entries calls its checkpoint first: commit there, as
    // writers do while it runs
    store.attachRun(IX, backfill, () -> {
      if (!made[0]) {
        made[0] = true;
        for (long i = 0; i < 50; i++) {
          store.commit(new CommitBatch().put(IX, Key.of(2000 + i, i), "during the sort"));
          store.commit(new CommitBatch().delete(IX, Key.of(i, i)));
        }
      }
    });
    assertTrue(made[0], "the sort called its checkpoint");
    assertEquals(0, store.keysHeld(IX)[0], "no commit wrote a chain: the run holds every write");
    assertEquals("before the sort", store.get(IX, Key.of(-1L, -1L), Long.MAX_VALUE));
    for (long i = 0; i < 50; i++) {
      assertEquals("during the sort", store.get(IX, Key.of(2000 + i, i), Long.MAX_VALUE));
      assertEquals(null, store.get(IX, Key.of(i, i), Long.MAX_VALUE), "deleted during the sort");
    }
    assertEquals("backfilled", store.get(IX, Key.of(999L, 999L), Long.MAX_VALUE));
  }

  @Test
  void commitsWhileTheLogsMergeAreLoggedTooAndEndInTheNewestRunNotInChains() {
    commitAtEveryCheckpointOfTheBuild(0);
  }

  @Test
  void logsBigEnoughForMoreRoundsOfSortingLoseNothing() {
    commitAtEveryCheckpointOfTheBuild(6_000);
  }

  /**
   * Writers that commit more during each pause than the paced sort gets through: every log
   * would come out bigger than the one before (under a small CPU share, until the heap ran
   * out). Once a log is no smaller than its predecessor the catch-up sorts run without
   * pauses, excused from the budget, and the build ends with every write in place.
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void writersThatOutpaceThePacedSortsEndThePacingNotTheHeap() {
    MvccStore store = new MvccStore(new HybridClock());
    RunBuilder backfill = RunBuilder.at(store.snapshotTs(), 4);
    for (long i = 0; i < 1000; i++) {
      backfill.add(Key.of(i, i), "backfilled");
    }
    store.openLog(IX, 1024);
    long[] written = {0};
    int[] excuses = {0};
    int[] checkpointsAfterExcuse = {0};
    store.attachRun(IX, backfill, new BuildPacing() {
      @Override
      public void checkpoint() {
        if (excuses[0] > 0) {
          checkpointsAfterExcuse[0]++;
        }
        for (int b = 0; b < 5_000; b++, written[0]++) { // what writers commit during one pause
          store.commit(new CommitBatch().put(IX, Key.of(10_000 + written[0], 0L), "during a pause"));
        }
      }

      @Override
      public void excuse() {
        excuses[0]++;
      }
    });
    assertTrue(excuses[0] > 0, "the catch-up sorts were excused from the budget");
    assertEquals(0, checkpointsAfterExcuse[0], "no pause once the logs grew");
    for (long k = 0; k < written[0]; k++) {
      assertEquals("during a pause", store.get(IX, Key.of(10_000 + k, 0L), Long.MAX_VALUE), "key " + k);
    }
    assertEquals("backfilled", store.get(IX, Key.of(999L, 999L), Long.MAX_VALUE));
  }

  /**
   * A build whose every checkpoint, of the sort and of each log's sort alike, commits as
   * writers do meanwhile: an insert and a delete of a backfilled entry, and at the first
   * checkpoints {@code burst} more inserts (logs bigger than the one the merge waits for).
   */
  private static void commitAtEveryCheckpointOfTheBuild(int burst) {
    MvccStore store = new MvccStore(new HybridClock());
    RunBuilder backfill = RunBuilder.at(store.snapshotTs(), 4);
    for (long i = 0; i < 1000; i++) {
      backfill.add(Key.of(i, i), "backfilled");
    }
    store.openLog(IX, 1024);
    List<Long> chainsSeen = new ArrayList<>();
    long[] calls = {0};
    store.attachRun(IX, backfill, () -> {
      chainsSeen.add(store.keysHeld(IX)[0]);
      long k = calls[0]++;
      store.commit(new CommitBatch().put(IX, Key.of(5000 + k, k), "committed at checkpoint " + k));
      store.commit(new CommitBatch().delete(IX, Key.of(k, k)));
      for (long b = 0; k < 8 && b < burst; b++) {
        store.commit(new CommitBatch().put(IX, Key.of(-1 - k, b), "burst"));
      }
    });
    assertTrue(chainsSeen.size() >= 4, "the sort and the second log's sort called the checkpoint: " + chainsSeen.size());
    assertEquals(List.of(0L), chainsSeen.stream().distinct().toList(), "no commit wrote a chain during the build");
    assertEquals(0, store.keysHeld(IX)[0], "what was logged during the merge is in the newest run, not in chains");
    assertTrue(store.newerRuns(IX) >= 1, "the runs of what was logged");
    for (long k = 0; k < calls[0]; k++) {
      assertEquals("committed at checkpoint " + k, store.get(IX, Key.of(5000 + k, k), Long.MAX_VALUE));
      assertEquals(null, store.get(IX, Key.of(k, k), Long.MAX_VALUE), "deleted at checkpoint " + k);
    }
    assertEquals("backfilled", store.get(IX, Key.of(999L, 999L), Long.MAX_VALUE));
    int live = 0;
    for (var it = store.scan(IX, KeyRange.all(), Long.MAX_VALUE); it.hasNext(); it.next()) {
      live++;
    }
    assertEquals(1000 + Math.min(8, calls[0]) * burst, live, "each checkpoint added one entry and deleted one");
    if (burst > 0) {
      assertEquals("burst", store.get(IX, Key.of(-1L, burst - 1L), Long.MAX_VALUE));
    }
  }

  @Test
  void aFreshLogIsSizedByWhatTheLogBeforeItHeldNotByTheTable() {
    WriteLog first = new WriteLog(1 << 18);
    for (long i = 0; i < 1000; i++) { // one thread: one stripe
      assertTrue(first.append(Key.of(i, i), "v", 1));
    }
    assertEquals(1250, first.fresh().stripeCapacity(), "a quarter more than the fullest stripe");
    assertEquals(16, new WriteLog(1 << 18).fresh().stripeCapacity(), "an empty log's successor starts small");
    WriteLog small = new WriteLog(100);
    for (long i = 0; i < 1000; i++) {
      small.append(Key.of(i, i), "v", 1);
    }
    assertEquals(100, small.fresh().stripeCapacity(), "never more than the first log's size");
  }

  @Test
  void anAbandonedBuildWritesWhatItsLogHeldIntoChains() {
    MvccStore store = new MvccStore(new HybridClock());
    store.openLog(IX, 1024);
    for (long i = 0; i < 5000; i++) { // more than a stripe's first arrays hold
      store.commit(new CommitBatch().put(IX, Key.of(i, i), "v" + i));
    }
    store.commit(new CommitBatch().delete(IX, Key.of(7L, 7L)));
    store.abandonLog(IX);
    assertEquals("v4999", store.get(IX, Key.of(4999L, 4999L), Long.MAX_VALUE));
    assertEquals(null, store.get(IX, Key.of(7L, 7L), Long.MAX_VALUE));
    int live = 0;
    for (var it = store.scan(IX, KeyRange.all(), Long.MAX_VALUE); it.hasNext(); it.next()) {
      live++;
    }
    assertEquals(4999, live);
  }
}
