package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;

/** A reader at t sees every commit with commitTs <= t entirely or not at all. */
class AtomicVisibilityTest {
  private static final long ACCOUNTS = 7;

  @Test
  void aReaderAboveAnInFlightCommitWaitsUntilItFinishes() throws Exception {
    MvccStore store = new MvccStore(new HybridClock());
    CommitTicket ticket = store.begin();
    ticket.apply(new CommitBatch().put(ACCOUNTS, Key.of(1L), "half of a commit"));
    long snapshot = store.snapshotTs();
    assertTrue(snapshot > ticket.ts());

    CompletableFuture<Object> reader = CompletableFuture.supplyAsync(() -> {
      store.awaitVisible(snapshot);
      return store.get(ACCOUNTS, Key.of(2L), snapshot);
    });
    assertThrows(TimeoutException.class, () -> reader.get(200, TimeUnit.MILLISECONDS));
    ticket.apply(new CommitBatch().put(ACCOUNTS, Key.of(2L), "other half"));
    ticket.finish();
    assertEquals("other half", reader.get(10, TimeUnit.SECONDS));
  }

  @Test
  void aReaderBelowAnInFlightCommitDoesNotWait() {
    MvccStore store = new MvccStore(new HybridClock());
    long snapshot = store.snapshotTs();
    try (CommitTicket ticket = store.begin()) {
      store.awaitVisible(snapshot); // returns at once
      assertEquals(ticket.ts() - 1, store.visibleTs());
    }
    assertTrue(store.visibleTs() > snapshot);
  }

  @Test
  void waitingForAFutureTsMakesLaterCommitsStampAboveIt() {
    HybridClock clock = new HybridClock();
    MvccStore store = new MvccStore(clock);
    long future = HybridClock.plusMillis(clock.now(), 50);
    store.awaitVisible(future);
    assertTrue(store.commit(new CommitBatch().put(1, Key.of(1L), "x")) > future);
  }

  @Test
  void aCommitThatNeverFinishesFailsTheReaderAfterTheTimeout() {
    MvccStore store = new MvccStore(new HybridClock(), Duration.ofMillis(100));
    CommitTicket stuck = store.begin();
    MorphException e = assertThrows(MorphException.class, store::openSnapshot);
    assertEquals(ErrorCode.INTERNAL_ERROR, e.code());
    stuck.close();
    store.openSnapshot().close();
  }

  /**
   * Writers move money between accounts, each transfer one commit of two keys applied in
   * two steps; readers at their snapshots always find the total unchanged. Vacuum runs
   * alongside, so reclamation must not take what a registered reader still reads.
   */
  @Test
  void concurrentTransfersNeverShowAReaderAHalfDoneCommit() throws Exception {
    MvccStore store = new MvccStore(new HybridClock());
    CommitBatch opening = new CommitBatch();
    for (long a = 0; a < ACCOUNTS; a++) {
      opening.put(ACCOUNTS, Key.of(a), 100L);
    }
    store.commit(opening);
    long total = 100L * ACCOUNTS;

    ReentrantLock[] locks = new ReentrantLock[(int) ACCOUNTS];
    for (int i = 0; i < locks.length; i++) {
      locks[i] = new ReentrantLock();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    AtomicLong reads = new AtomicLong();
    AtomicLong transfers = new AtomicLong();

    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      threads.add(new Thread(() -> {
        while (System.nanoTime() < deadline) {
          transfer(store, locks);
          transfers.incrementAndGet();
        }
      }));
    }
    for (int r = 0; r < 4; r++) {
      threads.add(new Thread(() -> {
        while (System.nanoTime() < deadline) {
          String problem = readTotal(store, total);
          if (problem != null && violations.size() < 5) {
            violations.add(problem);
          }
          reads.incrementAndGet();
        }
      }));
    }
    threads.add(new Thread(() -> {
      while (System.nanoTime() < deadline) {
        store.vacuum();
        Thread.onSpinWait();
      }
    }));
    for (Thread t : threads) {
      t.setUncaughtExceptionHandler((th, ex) -> violations.add(th.getName() + ": " + ex));
      t.start();
    }
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(30));
      assertFalse(t.isAlive(), "a worker is stuck");
    }

    assertEquals(List.of(), List.copyOf(violations));
    assertTrue(transfers.get() > 0 && reads.get() > 0);
    assertEquals(null, readTotal(store, total));
  }

  /** Moves a random amount between two random accounts, under both accounts' locks. */
  private static void transfer(MvccStore store, ReentrantLock[] locks) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int from = random.nextInt(locks.length);
    int to = (from + 1 + random.nextInt(locks.length - 1)) % locks.length;
    ReentrantLock first = locks[Math.min(from, to)];
    ReentrantLock second = locks[Math.max(from, to)];
    first.lock();
    second.lock();
    try (CommitTicket ticket = store.begin()) {
      // under the locks, the newest versions are the latest committed balances
      long fromBalance = (Long) store.get(ACCOUNTS, Key.of(from), Long.MAX_VALUE);
      long toBalance = (Long) store.get(ACCOUNTS, Key.of(to), Long.MAX_VALUE);
      long amount = random.nextLong(1, 20);
      ticket.apply(new CommitBatch().put(ACCOUNTS, Key.of(from), fromBalance - amount));
      Thread.yield(); // widen the window in which the commit is half applied
      ticket.apply(new CommitBatch().put(ACCOUNTS, Key.of(to), toBalance + amount));
    } finally {
      second.unlock();
      first.unlock();
    }
  }

  /** Sums the accounts at a fresh snapshot, by scan and by point reads; null if both agree. */
  private static String readTotal(MvccStore store, long expected) {
    try (SnapshotHandle snapshot = store.openSnapshot()) {
      long scanned = 0;
      int keys = 0;
      for (Iterator<Entry> it = store.scan(ACCOUNTS, KeyRange.all(), snapshot.ts());
          it.hasNext(); keys++) {
        scanned += (Long) it.next().value();
      }
      long pointed = 0;
      for (long a = 0; a < ACCOUNTS; a++) {
        pointed += (Long) store.get(ACCOUNTS, Key.of(a), snapshot.ts());
      }
      if (keys != ACCOUNTS || scanned != expected || pointed != expected) {
        return "at " + HybridClock.format(snapshot.ts()) + ": " + keys + " keys, scan total "
            + scanned + ", point total " + pointed;
      }
      return null;
    }
  }
}
