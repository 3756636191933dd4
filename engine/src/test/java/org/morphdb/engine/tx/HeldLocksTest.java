package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.clock.HybridClock;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.MvccStore;

/** The locks one transaction holds, and how a release takes them. */
class HeldLocksTest {

  @Test
  void aLockIsFoundByAnEqualNameWithTheModeLastPut() {
    HeldLocks held = new HeldLocks();
    assertNull(held.get("row"));
    held.put(new LockName.KeyInSpace(7, Key.of(1L)), LockMode.S, null);
    held.put(new LockName.KeyInSpace(7, Key.of(1L)), LockMode.X, null);
    assertEquals(LockMode.X, held.get(new LockName.KeyInSpace(7, Key.of(1L))));
    assertNull(held.get(new LockName.KeyInSpace(8, Key.of(1L))), "another space");
    assertEquals(1, held.size());
  }

  @Test
  void thousandsOfRowLocksAreAllFoundAndAllDrained() {
    HeldLocks held = new HeldLocks();
    for (long k = 0; k < 5_000; k++) {
      held.put(new LockName.KeyInSpace(3, Key.of(k)), k % 2 == 0 ? LockMode.X : LockMode.S, null);
    }
    for (long k = 0; k < 5_000; k++) {
      assertEquals(k % 2 == 0 ? LockMode.X : LockMode.S, held.get(new LockName.KeyInSpace(3, Key.of(k))), "key " + k);
    }
    HeldLocks.Drained taken = held.drain();
    assertEquals(5_000, taken.count());
    assertEquals(0, held.size());
    assertNull(held.get(new LockName.KeyInSpace(3, Key.of(0L))));
  }

  @Test
  void aRemovedNameIsNotHeldNorDrainedAndCanBeTakenAgain() {
    HeldLocks held = new HeldLocks();
    for (int i = 0; i < 10; i++) {
      held.put("lock " + i, LockMode.IX, null);
    }
    assertEquals(LockMode.IX, held.remove("lock 3"));
    assertNull(held.remove("lock 3"));
    assertFalse(held.containsKey("lock 3"));
    assertTrue(held.containsKey("lock 4"), "names probed past the removed one are still found");
    assertEquals(9, held.drain().count());
    held.put("lock 3", LockMode.X, null);
    assertEquals(LockMode.X, held.get("lock 3"));
  }

  @Test
  void twoReleasesAtOnceReleaseEachLockOnce() throws Exception {
    // an eager abort's release on another thread, alongside the owner's
    LockManager locks = new LockManager(2_000);
    TransactionManager txm = new TransactionManager(new MvccStore(new HybridClock()), locks);
    for (int round = 0; round < 200; round++) {
      Transaction tx = txm.begin(false);
      for (long k = 0; k < 200; k++) {
        locks.acquire(tx, new LockName.KeyInSpace(1, Key.of(k)), LockMode.X);
      }
      CompletableFuture<Void> other = CompletableFuture.runAsync(() -> locks.releaseAll(tx));
      locks.releaseAll(tx);
      other.get(10, TimeUnit.SECONDS);
      assertEquals(0, locks.size(), "every row's lock entry left the lock table");
      Transaction next = txm.begin(false);
      assertTrue(locks.tryAcquire(next, new LockName.KeyInSpace(1, Key.of(0L)), LockMode.X));
      locks.releaseAll(next);
    }
  }

  @Test
  void aReleaseOfTheDrainedLocksGrantsThemToOthers() {
    LockManager locks = new LockManager(2_000);
    TransactionManager txm = new TransactionManager(new MvccStore(new HybridClock()), locks);
    Transaction loader = txm.begin(false);
    Set<Object> names = new HashSet<>();
    for (long k = 0; k < 1_000; k++) {
      LockName name = new LockName.KeyInSpace(1, Key.of(k));
      names.add(name);
      locks.acquire(loader, name, LockMode.X);
    }
    Transaction other = txm.begin(false);
    assertFalse(locks.tryAcquire(other, new LockName.KeyInSpace(1, Key.of(999L)), LockMode.X));
    locks.releaseAll(loader);
    for (Object name : names) {
      assertTrue(locks.tryAcquire(other, name, LockMode.X), "free after the release: " + name);
    }
  }
}
