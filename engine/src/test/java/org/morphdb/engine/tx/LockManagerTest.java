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

@Timeout(value = 2, unit = TimeUnit.MINUTES)
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
}
