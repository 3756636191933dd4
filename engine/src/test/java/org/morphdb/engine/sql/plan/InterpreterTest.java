package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.morphdb.engine.api.ErrorCode;

/**
 * A plan runs interpreted until it has run {@link ExecutablePlan#GENERATE_AFTER} times, then
 * as generated code: both tiers must give the same rows and the same errors. Each query here
 * must be one the interpreter runs (so a regression to code generation fails the test).
 */
class InterpreterTest extends PlanTestBase {

  static Stream<String> queries() {
    return Stream.of(
      "SELECT id, a + 1, a * 2 - id, -a, a / 3, MOD(a, 7), ABS(-a) FROM t ORDER BY id",
      "SELECT id, c + 1, c * a, c / 2, -c FROM t ORDER BY id",
      "SELECT id, CASE WHEN a > 10 THEN 'big' WHEN a IS NULL THEN 'none' ELSE 'small' END,"
          + " COALESCE(a, id, 0), NULLIF(a, 10), CASE a WHEN 10 THEN c ELSE id END FROM t ORDER BY id",
      "SELECT id FROM t WHERE a BETWEEN 5 AND 20 OR b IN ('y', 'z') ORDER BY id",
      "SELECT id FROM t WHERE a IS NOT DISTINCT FROM NULL OR b LIKE 'x%' ORDER BY id",
      "SELECT id FROM t WHERE NOT (a > 5 AND b = 'x') ORDER BY id",
      "SELECT id, a > 5 AND b > 'a', a > 5 OR b > 'x', NOT (a > 5) FROM t ORDER BY id",
      "SELECT id FROM t WHERE (a > 5 AND b > 'a') IS NULL OR (a < 5 OR c > 2) IS NULL ORDER BY id",
      "SELECT id, (a > 5) IS TRUE, (a > 5) IS NOT FALSE, a IS NULL FROM t ORDER BY id",
      "SELECT id, CAST(a AS BIGINT), CAST(a AS VARCHAR), CAST(a AS DOUBLE), CAST(a AS DECIMAL(10, 2)),"
          + " UPPER(b), LOWER(b), CHAR_LENGTH(b), b || '!' FROM t ORDER BY id",
      "SELECT t.id, u.x FROM t JOIN u ON t.id = u.t_id ORDER BY u.x",
      "SELECT t.id, u.x FROM t LEFT JOIN u ON t.id = u.t_id ORDER BY t.id, u.x",
      "SELECT t.id, u.x FROM t RIGHT JOIN u ON t.id = u.t_id ORDER BY u.x",
      "SELECT t.id, u.id FROM t FULL JOIN u ON t.id = u.t_id AND u.x <> 'u2' ORDER BY 1, 2",
      "SELECT t1.id, t2.id FROM t t1, t t2 WHERE t1.a < t2.a ORDER BY 1, 2",
      "SELECT a, COUNT(*), COUNT(b), SUM(c), MIN(b), MAX(id), COUNT(DISTINCT a), SUM(DISTINCT a),"
          + " AVG(a) FROM t GROUP BY a ORDER BY a",
      "SELECT COUNT(*) FILTER (WHERE a > 5), SUM(a), MIN(c) FROM t WHERE id > 100",
      "SELECT COUNT(*) FROM t",
      "SELECT COUNT(*), COUNT(*) + 1 FROM u",
      "SELECT SUM(a), COUNT(*), MAX(b) FROM t WHERE id < 0",
      "SELECT id FROM t WHERE id IN (SELECT t_id FROM u) ORDER BY id",
      "SELECT id FROM t WHERE a NOT IN (SELECT t_id FROM u) ORDER BY id",
      "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id AND u.x > 'u1') ORDER BY id",
      "SELECT id, (SELECT COUNT(*) FROM u WHERE u.t_id = t.id) FROM t ORDER BY id",
      "SELECT id FROM t WHERE a > (SELECT AVG(a) FROM t) ORDER BY id",
      "SELECT a FROM t UNION SELECT t_id FROM u ORDER BY 1",
      "SELECT a FROM t UNION ALL SELECT t_id FROM u ORDER BY 1",
      "SELECT a FROM t INTERSECT SELECT t_id FROM u ORDER BY 1",
      "SELECT a FROM t EXCEPT SELECT t_id FROM u ORDER BY 1",
      "SELECT a FROM t EXCEPT ALL SELECT id FROM u ORDER BY 1",
      "SELECT t_id FROM u EXCEPT SELECT id FROM t WHERE id = 1 EXCEPT SELECT 3 ORDER BY 1",
      "SELECT t_id FROM u INTERSECT SELECT id FROM t INTERSECT SELECT id FROM u ORDER BY 1",
      "SELECT id, a FROM t ORDER BY a DESC NULLS LAST, id LIMIT 2 OFFSET 1",
      "SELECT id FROM t ORDER BY a NULLS FIRST, id DESC",
      "SELECT * FROM (VALUES (1, 'a'), (2, 'bb')) AS v(x, y) ORDER BY x DESC",
      "SELECT id FROM t WHERE a = 10 ORDER BY id",
      "SELECT b FROM t WHERE id = 3",
      "SELECT id FROM t WHERE a > 5 AND a < 40 ORDER BY id",
      "SELECT * FROM v ORDER BY id",
      "SELECT id FROM t WHERE NOT (NOT 2147483647 * a * a + id = NULL) ORDER BY id",
      "SELECT id, 2147483647 * a * a < NULL FROM t ORDER BY id",
      "SELECT id FROM t WHERE id > 0 AND (a = 10 OR a = 30) AND a IS NULL ORDER BY id",
      "SELECT t.id FROM t, u, t t2 WHERE t.id = u.t_id AND u.id = t2.id AND t2.a > 5 ORDER BY 1");
  }

  @ParameterizedTest
  @MethodSource("queries")
  void interpretedAndGeneratedPlansAgree(String sql) {
    PreparedQueryImpl q = (PreparedQueryImpl) prepare(sql);
    ExecutablePlan.Tiered runner = assertInstanceOf(ExecutablePlan.Tiered.class, q.plan().runner(),
        "the interpreter should run: " + sql);
    List<List<Object>> interpreted = Tables.rows(q.execute(source, new Object[0]));
    assertFalse(runner.generated());
    List<List<Object>> generated = interpreted;
    for (int i = 1; i < ExecutablePlan.GENERATE_AFTER; i++) {
      generated = Tables.rows(q.execute(source, new Object[0]));
    }
    assertTrue(runner.generated(), "compiled after " + ExecutablePlan.GENERATE_AFTER + " runs");
    assertEquals(generated, interpreted, sql);
  }

  /**
   * Over small tables a statement's first plan is a quick one (no cost-based search), which
   * gives way to the fully optimized plan when code is generated: same rows either way.
   */
  @ParameterizedTest
  @MethodSource("queries")
  void quickPlanRunsFirstAndAgreesWithTheFullPlan(String sql) {
    QueryPlanner quickPlanner = new QueryPlanner(100, t -> 1000, t -> 4);
    PreparedQueryImpl q = (PreparedQueryImpl) quickPlanner.prepare(sql, catalog,
        QueryOptions.DEFAULT);
    assertTrue(q.plan().quickFirst(), "a quick plan should run first: " + sql);
    String quickPlan = q.explain();
    List<List<Object>> quick = Tables.rows(q.execute(source, new Object[0]));
    List<List<Object>> full = quick;
    for (int i = 1; i < ExecutablePlan.GENERATE_AFTER; i++) {
      full = Tables.rows(q.execute(source, new Object[0]));
    }
    assertTrue(((ExecutablePlan.Tiered) q.plan().runner()).generated());
    assertEquals(explainFull(sql), q.explain(), "the full plan runs once code is generated");
    assertEquals(full, quick, sql + "\nquick plan:\n" + quickPlan);
  }

  private String explainFull(String sql) {
    return new QueryPlanner(100).prepare(sql, catalog, QueryOptions.DEFAULT).explain();
  }

  @Test
  void statementThatWouldVisitManyRowsIsPlannedFullyAtOnce() {
    String correlated = "SELECT id, (SELECT COUNT(*) FROM u WHERE u.x > t.b) FROM t";
    QueryPlanner small = new QueryPlanner(100, t -> 1000, t -> 1000);
    QueryPlanner big = new QueryPlanner(100, t -> 1000, t -> 10_000);
    assertTrue(((PreparedQueryImpl) small.prepare(correlated, catalog, QueryOptions.DEFAULT))
        .plan().quickFirst());
    PreparedQueryImpl q = (PreparedQueryImpl) big.prepare(correlated, catalog,
        QueryOptions.DEFAULT);
    assertFalse(q.plan().quickFirst(), "10,000 x 10,000 rows is worth decorrelating");
    assertEquals(explainFull(correlated), q.explain());
  }

  @Test
  void crossProductOfFilteredTablesStaysQuickUpToItsOwnLimit() {
    // 4,000 rows each: Calcite's guesses make it 600 x 1,000 x 600 = 3.6e8 pairs, above the
    // limit on repeated work but below the one on all work; 40,000 rows each is 3.6e11
    String cross = "SELECT t1.id, u.x, t2.id FROM t t1, u, t t2"
        + " WHERE t1.a = 5 AND u.x IN ('u1', 'u2') AND t2.b = 'x'";
    QueryPlanner mid = new QueryPlanner(100, t -> 1000, t -> 4_000);
    QueryPlanner huge = new QueryPlanner(100, t -> 1000, t -> 40_000);
    assertTrue(((PreparedQueryImpl) mid.prepare(cross, catalog, QueryOptions.DEFAULT))
        .plan().quickFirst());
    assertFalse(((PreparedQueryImpl) huge.prepare(cross, catalog, QueryOptions.DEFAULT))
        .plan().quickFirst());
  }

  @Test
  void parametersReachTheInterpreter() {
    PreparedQuery q = prepare("SELECT id FROM t WHERE a = ? AND id > ? ORDER BY id");
    assertEquals(List.of(List.of(4)), Tables.rows(q.execute(source, new Object[] {10, 1})));
    assertEquals(List.of(List.of(1), List.of(4)), Tables.rows(q.execute(source, new Object[] {10, 0})));
  }

  /** The corpus's random/expr/slt_good_3: a CASE whose matching branch is NULL keeps a type. */
  @Test
  void aSumOfACaseThatTakesItsNullBranchIsNullInBothTiers() {
    for (int i = 0; i <= ExecutablePlan.GENERATE_AFTER; i++) {
      assertEquals(List.of(java.util.Collections.singletonList(null)),
          query("SELECT SUM(CASE 52 WHEN 52 THEN NULL ELSE - 10 END) FROM t"), "run " + i);
    }
  }

  /**
   * A sum of BIGINTs that overflows fails with 22003 in both tiers: generated code used to
   * wrap around to a wrong sum where the interpreter failed. So does an AVG, which sums too.
   */
  @Test
  void aSumOfBigintsThatOverflowsFailsInBothTiers() {
    for (int i = 0; i <= ExecutablePlan.GENERATE_AFTER; i++) {
      assertCode(ErrorCode.NUMERIC_OVERFLOW,
          () -> query("SELECT SUM(CAST(a AS BIGINT) + 9223372036854775000) FROM t"));
      assertCode(ErrorCode.NUMERIC_OVERFLOW,
          () -> query("SELECT AVG(CAST(a AS BIGINT) + 9223372036854775000) FROM t"));
      assertEquals(List.of(List.of(50_000_000_000_000_000L)),
          query("SELECT SUM(CAST(a AS BIGINT) * 1000000000000000) FROM t"), "run " + i);
    }
  }

  @Test
  void errorsAreTheSameInBothTiers() {
    for (int i = 0; i <= ExecutablePlan.GENERATE_AFTER; i++) {
      assertCode(ErrorCode.NUMERIC_OVERFLOW, () -> query("SELECT 2147483647 + a FROM t WHERE id = 1"));
      assertCode(ErrorCode.DIVISION_BY_ZERO, () -> query("SELECT a / (id - 1) FROM t WHERE id = 1"));
      assertCode(ErrorCode.CARDINALITY_VIOLATION, () -> query("SELECT (SELECT id FROM u) FROM t"));
    }
  }

  @Test
  void planTheInterpreterCannotRunIsGeneratedRightAway() {
    PreparedQueryImpl q = (PreparedQueryImpl) prepare("SELECT id, CAST(c AS INTEGER) FROM t ORDER BY id");
    assertFalse(q.plan().runner() instanceof ExecutablePlan.Tiered);
    assertEquals(List.of(list(1, 1), list(2, 2), list(3, null), list(4, 4)),
        Tables.rows(q.execute(source, new Object[0])));
  }
}
