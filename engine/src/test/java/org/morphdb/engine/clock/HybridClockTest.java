package org.morphdb.engine.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HybridClockTest {

  @Test
  void timestampPacksMillisAboveA16BitLogicalCounter() {
    long ts = HybridClock.fromMillis(1_700_000_000_000L) | 7;
    assertEquals(1_700_000_000_000L, HybridClock.physicalMillis(ts));
    assertEquals(7, HybridClock.logical(ts));
    assertEquals(1_700_000_000_005L, HybridClock.physicalMillis(HybridClock.plusMillis(ts, 5)));
    assertEquals(7, HybridClock.logical(HybridClock.plusMillis(ts, 5)));
    assertEquals("1700000000000.7", HybridClock.format(ts));
  }

  @Test
  void nowFollowsTheWallClockWhenItMovesForward() {
    AtomicLong wall = new AtomicLong(1000);
    HybridClock clock = new HybridClock(wall::get);
    assertEquals(HybridClock.fromMillis(1000), clock.now());
    wall.set(2000);
    assertEquals(HybridClock.fromMillis(2000), clock.now());
    assertEquals(HybridClock.fromMillis(2000), clock.current());
  }

  @Test
  void wallClockGoingBackwardsKeepsTimestampsIncreasingLogically() {
    AtomicLong wall = new AtomicLong(5000);
    HybridClock clock = new HybridClock(wall::get);
    long first = clock.now();
    wall.set(4000);
    long second = clock.now();
    long third = clock.now();
    assertTrue(first < second && second < third);
    assertEquals(5000, HybridClock.physicalMillis(third));
    assertEquals(2, HybridClock.logical(third));
  }

  @Test
  void aFullLogicalCounterCarriesIntoTheNextMillisecond() {
    HybridClock clock = new HybridClock(() -> 10);
    long prev = clock.now();
    for (int i = 0; i < 70_000; i++) {
      long next = clock.now();
      assertTrue(next > prev);
      prev = next;
    }
    assertEquals(11, HybridClock.physicalMillis(prev));
  }

  @Test
  void currentDoesNotAdvanceTheClock() {
    HybridClock clock = new HybridClock(() -> 10);
    long issued = clock.now();
    assertEquals(issued, clock.current());
    assertEquals(issued, clock.current());
    assertEquals(issued + 1, clock.now());
  }

  @Test
  void peekIsAtLeastEveryIssuedTimestampAndTheWallClockWithoutIssuingOne() {
    AtomicLong wall = new AtomicLong(10);
    HybridClock clock = new HybridClock(wall::get);
    long issued = clock.now();
    clock.now();
    long last = clock.now(); // logical counter ahead of the wall's millisecond
    assertEquals(last, clock.peek());
    assertEquals(last, clock.current(), "peek issued nothing");
    wall.set(20);
    assertEquals(HybridClock.fromMillis(20), clock.peek(), "the wall clock moved past the last issued");
    assertTrue(clock.now() >= clock.peek() && issued < last);
  }

  @Test
  void observeMovesTheClockPastARemoteTimestamp() {
    HybridClock clock = new HybridClock(() -> 10);
    long remote = HybridClock.fromMillis(50) + 3;
    clock.observe(remote);
    assertEquals(remote, clock.current());
    assertTrue(clock.now() > remote);
    clock.observe(HybridClock.fromMillis(1)); // an old timestamp changes nothing
    assertTrue(clock.current() > remote);
  }

  @Test
  void nowIsUniqueAndIncreasingPerThreadUnderContention() throws Exception {
    HybridClock clock = new HybridClock(() -> 42); // a stalled wall clock: all logical
    int threads = 8;
    int perThread = 20_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<long[]>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Callable<long[]> task = () -> {
          long[] seen = new long[perThread];
          for (int i = 0; i < perThread; i++) {
            seen[i] = clock.now();
          }
          return seen;
        };
        results.add(pool.submit(task));
      }
      Set<Long> all = new HashSet<>();
      for (Future<long[]> f : results) {
        long[] seen = f.get();
        for (int i = 0; i < seen.length; i++) {
          assertTrue(i == 0 || seen[i] > seen[i - 1], "increasing within a thread");
          assertTrue(all.add(seen[i]), "unique across threads");
        }
      }
      assertEquals(threads * perThread, all.size());
    } finally {
      pool.shutdownNow();
    }
  }
}
