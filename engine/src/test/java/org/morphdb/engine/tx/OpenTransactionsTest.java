package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Every transaction is seen from its begin until its end, whichever threads begin and end it. */
class OpenTransactionsTest {
  private static Transaction tx(long id) {
    return new Transaction(id, false, 0L);
  }

  private static Set<Long> ids(OpenTransactions open) {
    Set<Long> ids = new HashSet<>();
    for (Transaction t : open) {
      ids.add(t.id());
    }
    return ids;
  }

  @Test
  void aTransactionIsSeenWhileOpenAndGoneOnceClosed() {
    OpenTransactions open = new OpenTransactions();
    List<Transaction> txs = new ArrayList<>();
    for (long id = 1; id <= 20; id++) { // more than a stripe's first array holds
      Transaction t = tx(id);
      open.open(t);
      txs.add(t);
    }
    assertEquals(20, open.size());
    open.close(txs.get(0));
    open.close(txs.get(7));
    open.close(txs.get(19));
    Set<Long> seen = ids(open);
    assertEquals(17, seen.size());
    assertTrue(!seen.contains(1L) && !seen.contains(8L) && !seen.contains(20L), "closed ones gone: " + seen);
    open.close(txs.get(7)); // a second end changes nothing
    assertEquals(17, open.size());
  }

  @Test
  void aTransactionBegunOnOneThreadCanEndOnAnother() throws Exception {
    OpenTransactions open = new OpenTransactions();
    Transaction t = tx(1);
    Thread beginner = new Thread(() -> open.open(t));
    beginner.start();
    beginner.join();
    assertEquals(Set.of(1L), ids(open));
    open.close(t);
    assertEquals(0, open.size());
  }

  /**
   * Threads open and close transactions at once while a walker iterates: each walk sees every
   * transaction that stays open throughout it, and at the end none is left.
   */
  @Test
  void aWalkSeesEveryTransactionOpenThroughoutItWhileOthersComeAndGo() throws Exception {
    OpenTransactions open = new OpenTransactions();
    Set<Long> longLived = ConcurrentHashMap.newKeySet();
    List<Transaction> held = new ArrayList<>();
    for (long id = 1_000_000; id < 1_000_050; id++) {
      Transaction t = tx(id);
      open.open(t);
      held.add(t);
      longLived.add(id);
    }
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    CountDownLatch started = new CountDownLatch(4);
    List<Future<?>> churn = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      long base = w * 100_000L;
      churn.add(threads.submit(() -> {
        started.countDown();
        for (long i = 0; !stop.get(); i++) {
          Transaction t = tx(base + (i % 100_000));
          open.open(t);
          open.close(t);
        }
      }));
    }
    started.await();
    for (int walk = 0; walk < 200; walk++) {
      Set<Long> seen = ids(open);
      assertTrue(seen.containsAll(longLived), "walk " + walk + " missed a transaction open throughout it");
    }
    stop.set(true);
    for (Future<?> f : churn) {
      f.get(30, TimeUnit.SECONDS);
    }
    threads.shutdown();
    for (Transaction t : held) {
      open.close(t);
    }
    assertEquals(0, open.size());
  }
}
