package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One planner and its prepared queries are shared by many threads. */
class ConcurrencyTest extends PlanTestBase {

  @Test
  void preparedQueriesRunConcurrently() throws Exception {
    QueryPlanner.warmUp();
    PreparedQuery join = prepare("SELECT u.x FROM t JOIN u ON t.id = u.t_id WHERE t.a = ? ORDER BY u.x");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int thread = 0; thread < 4; thread++) {
        int n = thread;
        futures.add(pool.submit(() -> {
          for (int i = 0; i < 200; i++) {
            assertEquals(List.of(List.of("u1"), List.of("u2")),
                Tables.rows(join.execute(source, new Object[] {10})));
            int id = 1 + (i + n) % 4;
            List<List<Object>> rows = Tables.rows(
                prepare("SELECT id FROM t WHERE id = " + id).execute(source, new Object[0]));
            assertEquals(List.of(List.of(id)), rows);
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    QueryPlanner.CacheStats stats = planner.cacheStats();
    assertEquals(true, stats.hits() >= 700, stats.toString());
  }
}
