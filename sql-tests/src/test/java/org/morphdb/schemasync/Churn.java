package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The concurrency tests' harness: worker loops that run for a fixed time while a DDL loop
 * churns a column of one table (ADD COLUMN c INT, widen c to BIGINT, RENAME COLUMN c TO d,
 * DROP COLUMN d), collecting every error instead of stopping at the first.
 */
final class Churn {
  /** One step of a worker loop; it throws to report an error. */
  @FunctionalInterface
  interface Step {
    void run(int iteration) throws Exception;
  }

  private final AtomicBoolean stop = new AtomicBoolean();
  private final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
  private final List<Runnable> loops = new ArrayList<>();
  private final List<AtomicInteger> counts = new ArrayList<>();
  private final List<String> names = new ArrayList<>();

  /** Adds a worker that runs {@code step} until the time is up or it fails. */
  void worker(String name, Step step) {
    AtomicInteger count = new AtomicInteger();
    names.add(name);
    counts.add(count);
    loops.add(() -> {
      try {
        while (!stop.get()) {
          step.run(count.get());
          count.incrementAndGet();
        }
      } catch (Throwable t) {
        errors.add(name + " after " + count.get() + " steps: " + Scenario.describe(t));
      }
    });
  }

  /**
   * Adds the DDL loop on {@code table}, run on {@code ddl}, pausing {@code pauseMs} between
   * statements; a full cycle counts as one step.
   */
  void columnChurn(Connection ddl, String table, int pauseMs) {
    worker("DDL on " + table, cycle -> {
      for (String sql : List.of(
          "ALTER TABLE " + table + " ADD COLUMN C INT",
          "ALTER TABLE " + table + " ALTER COLUMN C SET DATA TYPE BIGINT",
          "ALTER TABLE " + table + " RENAME COLUMN C TO D",
          "ALTER TABLE " + table + " DROP COLUMN D")) {
        try {
          Scenario.exec(ddl, sql);
        } catch (SQLException e) {
          throw new AssertionError("cycle " + cycle + ": " + sql + " failed", e);
        }
        Thread.sleep(pauseMs);
      }
    });
  }

  /**
   * Runs every loop on its own thread for {@code millis}, then stops them and fails the test
   * with every error any of them met; afterwards each loop must have completed a step.
   */
  void runFor(long millis) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(loops.size());
    try {
      List<Future<?>> running = new ArrayList<>();
      for (Runnable loop : loops) {
        running.add(pool.submit(loop));
      }
      Thread.sleep(millis);
      stop.set(true);
      for (Future<?> f : running) {
        try {
          f.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
          errors.add("a loop did not stop: " + Scenario.describe(e));
        }
      }
    } finally {
      pool.shutdownNow();
    }
    if (!errors.isEmpty()) {
      fail(errors.size() + " error(s) escaped:\n" + String.join("\n----\n", errors));
    }
    for (int i = 0; i < names.size(); i++) {
      int done = counts.get(i).get();
      assertTrue(done > 0, names.get(i) + " completed no step");
    }
  }
}
