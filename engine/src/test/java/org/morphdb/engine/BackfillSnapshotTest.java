package org.morphdb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.engine.EngineFixture.open;
import static org.morphdb.engine.EngineFixture.query;
import static org.morphdb.engine.EngineFixture.update;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.TestHooks;
import org.morphdb.engine.storage.MvccStore;

/**
 * How long an index backfill keeps its snapshot S registered, which holds the low-water mark
 * (the ts below which old versions and deleted keys are reclaimed) at S. A plain index, built
 * as a run, lets go of it at once: the application's writes during a long build are reclaimed
 * as usual. A UNIQUE index, written through its chains, holds it until it is done.
 */
class BackfillSnapshotTest {
  private static final int ROWS = 3000; // several batches of either kind of backfill

  @Test
  void aPlainIndexBackfillLetsTheLowWaterMarkPassItsSnapshot() {
    long[] marks = lowWaterMarkAroundAWriteDuringBackfill("bf_snap_plain", "CREATE INDEX t_a ON t (a)");
    assertTrue(marks[1] > marks[0], "the write's commit moved the low-water mark on");
  }

  @Test
  void aUniqueIndexBackfillHoldsItsSnapshotUntilItIsDone() {
    long[] marks = lowWaterMarkAroundAWriteDuringBackfill("bf_snap_unique", "CREATE UNIQUE INDEX t_u ON t (u)");
    assertEquals(marks[0], marks[1], "the low-water mark stays at the backfill's snapshot");
  }

  /**
   * Runs {@code ddl} on a table of {@link #ROWS} rows; after the backfill's first batch, reads
   * the low-water mark, commits an UPDATE from another session, and reads it again. Checks that
   * the index came out whole.
   */
  private static long[] lowWaterMarkAroundAWriteDuringBackfill(String name, String ddl) {
    try (Session s = open(name); Session writer = open(name)) {
      update(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, a INT, u INT)");
      StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
      for (int i = 0; i < ROWS; i++) {
        insert.append(i == 0 ? "" : ", ").append('(').append(i).append(", ").append(i % 7).append(", ").append(i).append(')');
      }
      update(s, insert.toString());
      MvccStore store = DatabaseRegistry.open(name).store();
      TestHooks hooks = Databases.testHooks(name);
      long[] marks = {Long.MIN_VALUE, Long.MIN_VALUE};
      hooks.afterBackfillBatch(() -> {
        if (marks[0] != Long.MIN_VALUE) {
          return;
        }
        marks[0] = store.lowWaterMark();
        // another thread, as the application's writers are
        CompletableFuture.runAsync(() -> update(writer, "UPDATE t SET a = a + 1 WHERE id = 1"))
            .orTimeout(30, TimeUnit.SECONDS).join();
        marks[1] = store.lowWaterMark();
      });
      try {
        update(s, ddl);
      } finally {
        hooks.afterBackfillBatch(null);
      }
      assertTrue(marks[0] != Long.MIN_VALUE, "the hook ran during the backfill");
      assertEquals(List.of(List.of((long) ROWS)), query(s, "SELECT COUNT(*) FROM t WHERE a >= 0 AND u >= 0"));
      assertEquals(List.of(List.of(2)), query(s, "SELECT a FROM t WHERE id = 1"));
      return marks;
    }
  }
}
