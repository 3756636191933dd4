package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.catalog.Catalog;

/** Many-table comma joins get a heuristic join order instead of exhaustive search. */
class WideJoinTest {

  private static String chain(int n) {
    StringBuilder from = new StringBuilder(" FROM t1");
    StringBuilder where = new StringBuilder(" WHERE 1 = 1");
    for (int i = 2; i <= n; i++) {
      from.append(", t").append(i);
      where.append(" AND a").append(i).append(" = b").append(i - 1);
    }
    return "SELECT x1, x" + n + from + where;
  }

  /** Tables T1..Tn(Ai PK, Bi, Xi), two rows each, where Ai = B(i-1) joins a chain. */
  private record Chain(Catalog catalog, MemorySource source) {
    static Chain of(int n, QueryPlanner planner) {
      Tables tables = new Tables();
      for (int i = 1; i <= n; i++) {
        tables.table("T" + i, "A" + i + " INTEGER PK", "B" + i + " INTEGER", "X" + i + " VARCHAR(10)");
      }
      Catalog catalog = tables.catalog();
      MemorySource source = new MemorySource(catalog, planner);
      for (int i = 1; i <= n; i++) {
        source.add("T" + i, new Object[] {i, i + 1, "t" + i}, new Object[] {i + 100, i + 1, "u" + i});
      }
      return new Chain(catalog, source);
    }
  }

  @Test
  void twentyAndSixtyFourTableJoinsPlanAndRun() {
    QueryPlanner planner = new QueryPlanner(10);
    Chain chain = Chain.of(64, planner);
    Catalog catalog = chain.catalog();
    MemorySource source = chain.source();
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
      PreparedQuery q = planner.prepare(chain(20), catalog, QueryOptions.DEFAULT);
      assertEquals(List.of(List.of("t1", "t20"), List.of("u1", "t20")),
          Tables.rows(q.execute(source, new Object[0])));
    });
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      PreparedQuery q = planner.prepare(chain(64), catalog, QueryOptions.DEFAULT);
      assertEquals(2, Tables.rows(q.execute(source, new Object[0])).size());
    });
  }

  /**
   * A quick plan orders the joins before anything else: the WHERE clause, merged whole into
   * the MultiJoin, is placed as join conditions (no cross product, no filter left above the
   * joins), and a table filtered on its own counts as the smaller input it then is.
   */
  @Test
  void aWhereClauseOverACommaJoinBecomesTheJoinsConditionsInAQuickPlan() {
    QueryPlanner planner = new QueryPlanner(10, t -> 10, t -> 10);
    Chain chain = Chain.of(12, planner);
    Catalog catalog = chain.catalog();
    MemorySource source = chain.source();
    PreparedQueryImpl q = (PreparedQueryImpl) planner.prepare(chain(12) + " AND x7 = 't7'", catalog,
        QueryOptions.DEFAULT);
    assertTrue(q.plan().quickFirst());
    String plan = q.explain();
    List<String> lines = plan.lines().toList();
    assertEquals(11, lines.stream().filter(l -> l.contains("Join(condition=[=(")).count(), plan);
    assertTrue(lines.get(1).contains("Join("), () -> "no filter above the joins:\n" + plan);
    String deepestScan = lines.stream().filter(l -> l.contains("Scan(")).findFirst().orElseThrow();
    assertTrue(deepestScan.contains("PUBLIC.T7"), () -> "the filtered table is joined first:\n" + plan);
    assertEquals(List.of(List.of("t1", "t12"), List.of("u1", "t12")),
        Tables.rows(q.execute(source, new Object[0])));
  }
}
