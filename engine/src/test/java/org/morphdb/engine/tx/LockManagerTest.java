package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;
import org.morphdb.engine.storage.MvccStore;

// a separate thread: a test stuck on a monitor cannot be interrupted, and must fail, not hang
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LockManagerTest {
  private final LockManager locks = new LockManager(2_000);
  private final TransactionManager txm = new TransactionManager(new MvccStore(new HybridClock()), locks);

  @Test
  void sharedLocksAreCompatibleAndExclusiveIsNot() {
    Transaction a = txm.begin(false);
    Transaction b = txm.begin(false);
    locks.acquire(a, "row", LockMode.S);
    assertTrue(locks.tryAcquire(b, "row", LockMode.S));
    assertTrue(locks.tryAcquire(b, "other-row", LockMode.X));
    Transaction c = txm.begin(false);
    assertFalse(locks.tryAcquire(c, "row", LockMode.X));
  }

  @Test
  void aWaiterGetsTheLockWhenTheHolderReleases() throws Exception {
    Transaction a = txm.begin(false);
    Transaction b = txm.begin(false);
    locks.acquire(a, "row", LockMode.X);
    CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> locks.acquire(b, "row", LockMode.X));
    Thread.sleep(100);
    assertFalse(waiter.isDone());
    locks.releaseAll(a);
    waiter.get(10, TimeUnit.SECONDS);
    assertEquals(LockMode.X, b.heldLocks().get("row"));
  }

  @Test
  void aDeadlockAbortsOneSideWithLockConflict() throws Exception {
    Transaction a = txm.begin(false);
    Transaction b = txm.begin(false);
    locks.acquire(a, "r1", LockMode.X);
    locks.acquire(b, "r2", LockMode.X);
    CountDownLatch aWaiting = new CountDownLatch(1);
    CompletableFuture<Throwable> aSide = CompletableFuture.supplyAsync(() -> {
      aWaiting.countDown();
      try {
        locks.acquire(a, "r2", LockMode.X);
        return null;
      } catch (MorphException e) {
        locks.releaseAll(a);
        return e;
      }
    });
    aWaiting.await();
    Thread.sleep(100);
    Throwable bFailure = null;
    try {
      locks.acquire(b, "r1", LockMode.X);
    } catch (MorphException e) {
      bFailure = e;
      locks.releaseAll(b);
    }
    Throwable aFailure = aSide.get(10, TimeUnit.SECONDS);
    assertTrue(aFailure != null ^ bFailure != null, "exactly one side is aborted");
    MorphException e = (MorphException) (aFailure != null ? aFailure : bFailure);
    assertEquals(ErrorCode.LOCK_CONFLICT, e.code());
    assertTrue(e.getMessage().contains("deadlock"), e.getMessage());
  }

  @Test
  void twoTransactionsThatCloseADeadlockAtTheSameInstantLoseOnlyOneOfThem() throws Exception {
    // both start waiting at once, so each may find the cycle before the other gave up: the
    // victim must still be one of them, the same one whichever finds the cycle
    for (int round = 0; round < 200; round++) {
      Transaction a = txm.begin(false);
      Transaction b = txm.begin(false);
      locks.acquire(a, "r1", LockMode.X);
      locks.acquire(b, "r2", LockMode.X);
      java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
      CompletableFuture<MorphException> aSide =
          CompletableFuture.supplyAsync(() -> waitAtOnce(start, a, "r2"));
      MorphException bFailure = waitAtOnce(start, b, "r1");
      MorphException aFailure = aSide.get(10, TimeUnit.SECONDS);
      assertTrue(aFailure != null ^ bFailure != null, "round " + round + ": exactly one side is aborted");
      MorphException e = aFailure != null ? aFailure : bFailure;
      assertEquals(ErrorCode.LOCK_CONFLICT, e.code());
      assertTrue(e.getMessage().contains("deadlock"), e.getMessage());
      locks.releaseAll(a);
      locks.releaseAll(b);
    }
    assertEquals(0, locks.size());
  }

  @Test
  void anUpgradeWaitsForTheOtherSharedHolderAndOfTwoUpgradesTheLaterToWaitLoses() throws Exception {
    Transaction a = txm.begin(false);
    Transaction b = txm.begin(false);
    locks.acquire(a, "row", LockMode.S);
    locks.acquire(b, "row", LockMode.S);
    CompletableFuture<Void> aUpgrade = CompletableFuture.runAsync(() -> locks.acquire(a, "row", LockMode.X));
    Thread.sleep(100);
    assertFalse(aUpgrade.isDone(), "a waits for b's shared lock; it is not a deadlock yet");
    MorphException e = assertThrows(MorphException.class, () -> locks.acquire(b, "row", LockMode.X));
    assertEquals(ErrorCode.LOCK_CONFLICT, e.code());
    assertTrue(e.getMessage().contains("deadlock"), e.getMessage());
    locks.releaseAll(b);
    aUpgrade.get(10, TimeUnit.SECONDS);
    assertEquals(LockMode.X, a.heldLocks().get("row"));
  }

  /** Waits for {@code start}, then acquires; on failure releases the transaction's locks. */
  private MorphException waitAtOnce(java.util.concurrent.CyclicBarrier start, Transaction tx,
      String name) {
    try {
      start.await();
      locks.acquire(tx, name, LockMode.X);
      return null;
    } catch (MorphException e) {
      locks.releaseAll(tx);
      return e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aLockWaitPastTheTimeoutFailsWithLockConflict() {
    LockManager quick = new LockManager(100);
    TransactionManager m = new TransactionManager(new MvccStore(new HybridClock()), quick);
    Transaction a = m.begin(false);
    Transaction b = m.begin(false);
    quick.acquire(a, "row", LockMode.X);
    MorphException e = assertThrows(MorphException.class, () -> quick.acquire(b, "row", LockMode.S));
    assertEquals(ErrorCode.LOCK_CONFLICT, e.code());
    assertEquals("40001", e.code().sqlState());
    assertEquals(1003, e.code().vendorCode());
  }

  // --- table intention locks on the fast path -----------------------------------------

  private static final LockName.Table ORDERS = new LockName.Table(7, "orders");

  @Test
  void aTableSharedLockWaitsForWritersHoldingTheirIntentionLockOnTheFastPath() throws Exception {
    Transaction writer1 = txm.begin(false);
    Transaction writer2 = txm.begin(false);
    locks.acquire(writer1, ORDERS, LockMode.IX);
    locks.acquire(writer2, ORDERS, LockMode.IX);
    Transaction scanner = txm.begin(false);
    assertFalse(locks.tryAcquire(scanner, ORDERS, LockMode.S), "S granted beside IX");
    CompletableFuture<Void> scan = CompletableFuture.runAsync(() -> locks.acquire(scanner, ORDERS, LockMode.S));
    Thread.sleep(100);
    assertFalse(scan.isDone());
    locks.releaseAll(writer1);
    Thread.sleep(100);
    assertFalse(scan.isDone(), "granted while the second writer still holds IX");
    locks.releaseAll(writer2);
    scan.get(10, TimeUnit.SECONDS);
    assertEquals(LockMode.S, scanner.heldLocks().get(ORDERS));
  }

  @Test
  void whileATableSharedLockIsHeldWritersWaitAndGoFastAgainOnceItIsReleased() throws Exception {
    Transaction scanner = txm.begin(false);
    locks.acquire(scanner, ORDERS, LockMode.S);
    Transaction writer = txm.begin(false);
    assertFalse(locks.tryAcquire(writer, ORDERS, LockMode.IX), "IX granted beside S");
    assertTrue(locks.tryAcquire(writer, ORDERS, LockMode.IS), "IS is compatible with S");
    locks.releaseAll(scanner);
    assertTrue(locks.tryAcquire(writer, ORDERS, LockMode.IX));
    Transaction reader = txm.begin(false);
    assertFalse(locks.tryAcquire(reader, ORDERS, LockMode.X), "X granted beside the writer's IX");
    locks.releaseAll(writer);
    assertTrue(locks.tryAcquire(reader, ORDERS, LockMode.X));
  }

  @Test
  void anEagerAbortReleasingAlongsideTheOwnerCountsAStrongLockOffOnce() throws Exception {
    for (int round = 0; round < 200; round++) {
      Transaction scanner = txm.begin(false);
      locks.acquire(scanner, ORDERS, LockMode.S);
      CompletableFuture<Void> other = CompletableFuture.runAsync(() -> locks.releaseAll(scanner));
      locks.releaseAll(scanner);
      other.get(10, TimeUnit.SECONDS);
      Transaction holder = txm.begin(false);
      locks.acquire(holder, ORDERS, LockMode.S);
      Transaction writer = txm.begin(false);
      assertFalse(locks.tryAcquire(writer, ORDERS, LockMode.IX), "round " + round + ": IX granted beside S");
      locks.releaseAll(holder);
      locks.releaseAll(writer);
    }
  }

  @Test
  void aWriterUpgradingItsFastIntentionLockToExclusiveWaitsForTheOtherWriters() throws Exception {
    Transaction a = txm.begin(false);
    Transaction b = txm.begin(false);
    locks.acquire(a, ORDERS, LockMode.IX);
    locks.acquire(b, ORDERS, LockMode.IS);
    assertFalse(locks.tryAcquire(a, ORDERS, LockMode.X));
    assertEquals(LockMode.IX, a.heldLocks().get(ORDERS), "a failed upgrade keeps the lock it had");
    Transaction c = txm.begin(false);
    assertTrue(locks.tryAcquire(c, ORDERS, LockMode.IX), "intention locks are compatible");
    locks.releaseAll(b);
    locks.releaseAll(c);
    assertTrue(locks.tryAcquire(a, ORDERS, LockMode.X));
    Transaction d = txm.begin(false);
    assertFalse(locks.tryAcquire(d, ORDERS, LockMode.IS), "IS granted beside X");
  }
}
