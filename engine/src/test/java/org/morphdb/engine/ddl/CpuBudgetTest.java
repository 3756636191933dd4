package org.morphdb.engine.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The backfill's CPU budget: with foreground commits it pauses so the thread's CPU time stays
 * within its share of the wall time; without them, with a whole core, or when the thread
 * got less than its share anyway (the machine is busy), it does not pause.
 */
class CpuBudgetTest {

  /** Scripted clocks: work advances CPU and wall time alike; a pause advances wall time. */
  private static final class FakeClocks implements CpuBudget.Clocks {
    long cpu;
    long wall;
    long paused;

    void work(long nanos) {
      cpu += nanos;
      wall += nanos;
    }

    @Override
    public long threadCpuNanos() {
      return cpu;
    }

    @Override
    public long wallNanos() {
      return wall;
    }

    @Override
    public void pause(long nanos) {
      wall += nanos;
      paused += nanos;
    }
  }

  private static final long MS = 1_000_000;

  @Test
  void withForegroundCommitsTheThreadStaysWithinItsShare() {
    FakeClocks clocks = new FakeClocks();
    AtomicLong commits = new AtomicLong();
    CpuBudget budget = new CpuBudget(0.25, commits::incrementAndGet, clocks);
    for (int i = 0; i < 1000; i++) {
      clocks.work(MS / 2);
      budget.checkpoint();
    }
    CpuBudget.Usage u = budget.usage();
    assertEquals(500 * MS, u.cpuNanos());
    assertTrue(u.pauses() > 0);
    // every full slice is paid back: the share is at most 0.25 but for the last, unfinished slice
    assertTrue(u.cpuNanos() <= 0.25 * u.wallNanos() + CpuBudget.SLICE_NANOS, () -> "" + u);
    assertTrue(u.cpuNanos() >= 0.24 * u.wallNanos(), () -> "paused more than it owed: " + u);
    assertEquals(clocks.paused, u.pausedNanos());
    assertTrue(u.limitedCpuNanos() <= 0.25 * u.limitedWallNanos(), () -> "" + u);
    assertTrue(u.limitedCpuNanos() >= u.cpuNanos() - CpuBudget.SLICE_NANOS, () -> "" + u);
  }

  @Test
  void withoutForegroundCommitsItNeverPauses() {
    FakeClocks clocks = new FakeClocks();
    CpuBudget budget = new CpuBudget(0.25, () -> 7, clocks);
    for (int i = 0; i < 1000; i++) {
      clocks.work(MS);
      budget.checkpoint();
    }
    assertEquals(0, budget.usage().pauses());
    assertEquals(0, clocks.paused);
  }

  @Test
  void aWholeCoreOrMoreNeverPauses() {
    FakeClocks clocks = new FakeClocks();
    AtomicLong commits = new AtomicLong();
    CpuBudget budget = new CpuBudget(1.0, commits::incrementAndGet, clocks);
    assertFalse(budget.limits());
    for (int i = 0; i < 1000; i++) {
      clocks.work(MS);
      budget.checkpoint();
    }
    assertEquals(0, clocks.paused);
  }

  @Test
  void aThreadThatGotLessThanItsShareDoesNotPause() {
    FakeClocks clocks = new FakeClocks();
    AtomicLong commits = new AtomicLong();
    CpuBudget budget = new CpuBudget(0.25, commits::incrementAndGet, clocks);
    for (int i = 0; i < 1000; i++) {
      clocks.work(MS);
      clocks.wall += 4 * MS; // waited for a core: 1 ms of CPU in 5 ms, under a quarter
      budget.checkpoint();
    }
    assertEquals(0, clocks.paused);
  }

  @Test
  void workExcusedFromTheBudgetIsNotPaidBackLater() {
    FakeClocks clocks = new FakeClocks();
    AtomicLong commits = new AtomicLong();
    CpuBudget budget = new CpuBudget(0.1, commits::incrementAndGet, clocks);
    clocks.work(500 * MS); // a catch-up sort run without pauses
    budget.excuse();
    clocks.work(2 * MS);
    budget.checkpoint();
    assertEquals(18 * MS, clocks.paused, "only the slice after the excused work is paced");
    CpuBudget.Usage u = budget.usage();
    assertEquals(500 * MS, u.excusedCpuNanos());
    assertEquals(2 * MS, u.limitedCpuNanos());
  }

  @Test
  void aLongSliceIsPaidBackInFullALongestPauseAtATime() {
    FakeClocks clocks = new FakeClocks();
    AtomicLong commits = new AtomicLong();
    CpuBudget budget = new CpuBudget(0.1, commits::incrementAndGet, clocks);
    clocks.work(50 * MS);
    budget.checkpoint();
    assertEquals(450 * MS, clocks.paused);
    clocks.work(500 * MS);
    budget.checkpoint();
    assertEquals(450 * MS + CpuBudget.MAX_PAUSE_NANOS, clocks.paused);
    assertEquals(4500 * MS - CpuBudget.MAX_PAUSE_NANOS, budget.usage().unpaidNanos());
    // 4.5 s were owed for that slice: the rest is paid at the next checkpoints, not forgiven
    for (int i = 0; i < 10; i++) {
      clocks.work(2 * MS);
      budget.checkpoint();
    }
    CpuBudget.Usage u = budget.usage();
    assertEquals(450 * MS + 4500 * MS + 10 * 18 * MS, clocks.paused);
    assertEquals(0, u.unpaidNanos());
    assertTrue(u.limitedCpuNanos() <= 0.1 * u.limitedWallNanos() + 1, () -> "" + u);
  }

  /**
   * On a real thread: a busy loop that checks the budget, with a foreground counter that keeps
   * moving, uses no more than its share of the wall time. (On a busy machine it gets less, which
   * passes too: the assertion is only an upper bound.)
   */
  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void onARealThreadTheCpuShareStaysUnderTheBudget() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    org.junit.jupiter.api.Assumptions.assumeTrue(threads.isCurrentThreadCpuTimeSupported());
    AtomicLong commits = new AtomicLong();
    double cores = 0.2;
    CpuBudget budget = new CpuBudget(cores, commits::incrementAndGet, CpuBudget.SYSTEM);
    long cpu0 = threads.getCurrentThreadCpuTime();
    long wall0 = System.nanoTime();
    long sink = 0;
    while (threads.getCurrentThreadCpuTime() - cpu0 < 150 * MS) {
      for (int i = 0; i < 20_000; i++) {
        sink += Long.numberOfTrailingZeros(sink + i) ^ i;
      }
      budget.checkpoint();
    }
    double cpu = threads.getCurrentThreadCpuTime() - cpu0;
    double wall = System.nanoTime() - wall0;
    CpuBudget.Usage u = budget.usage();
    assertTrue(u.pauses() > 0, () -> "never paused: " + u);
    // the last slice (at most SLICE_NANOS plus one loop) may be unpaid
    assertTrue(cpu <= cores * wall + 2 * CpuBudget.SLICE_NANOS,
        () -> String.format("CPU %.0f ms in %.0f ms of wall time (budget %.2f cores)",
            cpu / MS, wall / MS, cores));
    assertTrue(sink != 42 || cpu > 0); // keeps the loop
  }
}
