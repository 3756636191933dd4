package org.morphdb.engine.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.clock.HybridClock;

/** "Complete until R" read without serializing: what a one-node database asks per statement. */
class CatalogLogTest {
  private final HybridClock clock = new HybridClock();
  private final CatalogLog log = new CatalogLog(clock);

  @Test
  void withNoAppendRunningTheLogIsCompleteUntilTheClocksCurrentTimestampWithoutAdvancingIt() {
    long issued = clock.now();
    assertEquals(issued, log.completeUntilCurrent());
    assertEquals(issued, clock.current());
  }

  @Test
  void anAppendThatIsRunningIsWaitedForAndItsVersionIsInTheLogUpToTheAnswer() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Catalog> append = CompletableFuture.supplyAsync(() -> log.append(prev -> {
      inside.countDown();
      await(release);
      return List.of(new UpdateEntry.ReserveIds(1));
    }, 0, "test"));
    assertTrue(inside.await(10, TimeUnit.SECONDS));
    CompletableFuture<Long> complete = CompletableFuture.supplyAsync(log::completeUntilCurrent);
    Thread.sleep(100);
    assertFalse(complete.isDone(), "answered while a version was being appended");
    release.countDown();
    long r = complete.get(10, TimeUnit.SECONDS);
    Catalog appended = append.get(10, TimeUnit.SECONDS);
    assertTrue(appended.activationTs() <= r);
    assertEquals(appended, log.catalogAt(r));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
