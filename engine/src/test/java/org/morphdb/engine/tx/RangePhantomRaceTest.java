package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;

/**
 * Racing transactions keep a rule that only serializable range reads keep: "a block of ten
 * keys holds at most {@link #LIMIT} rows". Each reads its block's rows by key range, then
 * inserts a row if the block has room, or deletes one if it is full, and commits. A write
 * skew (two transactions each seeing room for one row and both inserting) needs a phantom:
 * a row inserted into a range another transaction read and has not yet committed.
 * No wait may end by the lock timeout either: every deadlock is found. (Checked to fail when
 * writers do not wait for range locks, and when a waiter neither re-registers a replaced entry
 * in the waits graph nor looks for a cycle again while it waits.)
 */
class RangePhantomRaceTest {
  private static final int THREADS = 8;
  private static final int BLOCKS = 3;
  private static final int LIMIT = 2;
  private static final long MILLIS = 3_000;

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void noBlockEverHoldsMoreRowsThanTheRuleAllows() throws Exception {
    String db = "range-phantom-race";
    try (Session check = Databases.connect(db, Map.of())) { // open throughout: keeps the database
      check.execute(ExecuteRequest.sql("CREATE TABLE t (id INT PRIMARY KEY, v INT)"));
      race(db);
      for (int block = 0; block < BLOCKS; block++) {
        int rows = idsInBlock(check, block).size();
        assertTrue(rows <= LIMIT, "block " + block + " holds " + rows + " rows, more than " + LIMIT);
      }
    }
  }

  private static void race(String db) throws Exception {
    AtomicInteger commits = new AtomicInteger();
    AtomicInteger timeouts = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<?>> workers = new ArrayList<>();
    long end = System.currentTimeMillis() + MILLIS;
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(t);
      workers.add(pool.submit(() -> {
        try (Session s = Databases.connect(db, Map.of())) {
          s.setAutoCommit(false);
          while (System.currentTimeMillis() < end) {
            if (oneUnit(s, random, timeouts)) {
              commits.incrementAndGet();
            }
          }
        }
        return null;
      }));
    }
    for (Future<?> w : workers) {
      w.get(90, TimeUnit.SECONDS);
    }
    pool.shutdown();
    assertTrue(commits.get() > 50, "the racing transactions committed: " + commits.get());
    assertEquals(0, timeouts.get(), "every wait ended by a grant or a deadlock's abort, none by the timeout");
  }

  /** One transaction; false when it was aborted by a lock conflict or lost a duplicate key. */
  private static boolean oneUnit(Session s, Random random, AtomicInteger timeouts) {
    int block = random.nextInt(BLOCKS);
    try {
      List<Integer> ids = idsInBlock(s, block);
      if (ids.size() > LIMIT) {
        throw new AssertionError("block " + block + " read with " + ids + ", more than " + LIMIT);
      }
      if (ids.size() < LIMIT) {
        int id = block * 10 + random.nextInt(10);
        if (!ids.contains(id)) {
          s.execute(ExecuteRequest.sql("INSERT INTO t VALUES (" + id + ", 0)"));
        }
      } else {
        s.execute(ExecuteRequest.sql("DELETE FROM t WHERE id = " + ids.get(random.nextInt(ids.size()))));
      }
      Thread.yield(); // widen the window between the read and the commit
      s.commit();
      return true;
    } catch (MorphException e) {
      if (e.code() != ErrorCode.LOCK_CONFLICT && e.code() != ErrorCode.UNIQUE_VIOLATION) {
        throw e;
      }
      if (e.getMessage().contains("timeout")) {
        timeouts.incrementAndGet();
      }
      s.rollback();
      return false;
    }
  }

  private static List<Integer> idsInBlock(Session s, int block) {
    var rows = s.execute(ExecuteRequest.sql(
        "SELECT id FROM t WHERE id >= " + block * 10 + " AND id < " + (block * 10 + 10))).rows();
    List<Integer> ids = new ArrayList<>();
    while (rows.next()) {
      ids.add(((Number) rows.current()[0]).intValue());
    }
    assertEquals(ids.stream().distinct().count(), ids.size(), "no key read twice");
    return ids;
  }
}
