package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.clock.HybridClock;
import org.morphdb.engine.storage.CommitBatch;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.MvccStore;

/** A read-only transaction holds its snapshot from begin to end, wherever it ends. */
class ReadOnlySnapshotTest {
  private final MvccStore store = new MvccStore(new HybridClock());
  private final TransactionManager txm = new TransactionManager(store, new LockManager(2_000));

  private void write() {
    store.commit(new CommitBatch().put(1, Key.of(1L), 1L));
  }

  @Test
  void theSnapshotHoldsTheLowWaterMarkUntilTheTransactionCommits() {
    Transaction reader = txm.begin(true);
    write();
    assertEquals(reader.snapshotTs(), store.lowWaterMark());
    txm.commit(reader, null);
    write();
    assertTrue(store.lowWaterMark() > reader.snapshotTs());
  }

  @Test
  void aTransactionBegunOnOneThreadAndRolledBackOnAnotherReleasesItsSnapshot() throws Exception {
    Transaction reader = CompletableFuture.supplyAsync(() -> txm.begin(true)).get(10, TimeUnit.SECONDS);
    write();
    assertEquals(reader.snapshotTs(), store.lowWaterMark());
    txm.rollback(reader);
    write();
    assertTrue(store.lowWaterMark() > reader.snapshotTs());
  }
}
