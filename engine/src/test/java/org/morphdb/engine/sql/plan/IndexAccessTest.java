package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trio MorphTable / Morph scans / IndexAccessRule, proven by EXPLAIN: a primary-key
 * equality becomes a lookup, a range of it a range of the rows in key order, constraints on a
 * PUBLIC index's leading columns a range scan,
 * anything else a full scan; a WRITE_ONLY index is never used.
 */
class IndexAccessTest extends PlanTestBase {

  private String explain(String sql) {
    return prepare(sql).explain();
  }

  private String explainPlanFor(String sql) {
    List<List<Object>> rows = query("EXPLAIN PLAN FOR " + sql);
    assertEquals(1, rows.size());
    return (String) rows.get(0).get(0);
  }

  @Test
  void primaryKeyEqualityIsALookup() {
    String plan = explain("SELECT * FROM t WHERE id = ?");
    assertTrue(plan.contains("MorphPkLookup(table=[PUBLIC.T], key=[?0])"), plan);
    assertEquals(List.of(List.of(3, 30)), Tables.rows(
        prepare("SELECT id, a FROM t WHERE id = ?").execute(source, new Object[] {3})));
    assertEquals(1, source.lookups);
    assertEquals(0, source.scans);
  }

  @Test
  void literalKeyIsALookupToo() {
    assertQuery("SELECT b FROM t WHERE id = 2", list("y"));
    assertEquals(1, source.lookups);
    String plan = explainPlanFor("SELECT b FROM t WHERE 4 = id");
    assertTrue(plan.contains("MorphPkLookup(table=[PUBLIC.T], key=[4], columns=[ID, B])"), plan);
  }

  @Test
  void residualPredicatesStayInAFilter() {
    String plan = explainPlanFor("SELECT * FROM t WHERE id = 1 AND b = 'q'");
    assertTrue(plan.contains("MorphPkLookup(table=[PUBLIC.T], key=[1])"), plan);
    assertTrue(plan.contains("EnumerableCalc") && plan.contains("'q'"), plan);
    assertQuery("SELECT * FROM t WHERE id = 1 AND b = 'x'", list(1, 10, "x", 1.5));
    assertQuery("SELECT * FROM t WHERE id = 1 AND b = 'q'");
  }

  @Test
  void publicIndexEqualityIsARangeScan() {
    String plan = explainPlanFor("SELECT id FROM t WHERE a = 10");
    assertTrue(plan.contains("MorphIndexScan(table=[PUBLIC.T], index=[IDX_A], range=[A = 10],"
        + " columns=[ID, A])"), plan);
    assertQuery("SELECT id FROM t WHERE a = 10 ORDER BY id", list(1), list(4));
    assertEquals(1, source.ranges);
    assertEquals(0, source.scans);
  }

  @Test
  void boundedRangeUsesTheIndexAndKeepsTheComparisons() {
    String plan = explainPlanFor("SELECT id FROM t WHERE a BETWEEN 5 AND 20");
    assertTrue(plan.contains("MorphIndexScan(table=[PUBLIC.T], index=[IDX_A], range=[A >= 5, A <= 20]"),
        plan);
    assertQuery("SELECT id FROM t WHERE a > 5 AND a < 20 ORDER BY id", list(1), list(4));
    assertQuery("SELECT id FROM t WHERE a >= 10 AND a <= 10 ORDER BY id", list(1), list(4));
    assertQuery("SELECT id FROM t WHERE a > 10 AND a < 1000", list(3));
  }

  @Test
  void primaryKeyRangeReadsOnlyThatRangeOfTheRows() {
    String plan = explainPlanFor("SELECT id, b FROM t WHERE id BETWEEN 2 AND 3");
    assertTrue(plan.contains("MorphIndexScan(table=[PUBLIC.T], index=[PRIMARY KEY], range=[ID >= 2, ID <= 3]"),
        plan);
    assertQuery("SELECT id, b FROM t WHERE id BETWEEN 2 AND 3", list(2, "y"), list(3, null));
    assertEquals(1, source.keyRanges);
    assertEquals(0, source.scans);
    assertQuery("SELECT id FROM t WHERE id > 1 AND id < 4 ORDER BY id", list(2), list(3));
    assertQuery("SELECT id FROM t WHERE id >= 4", list(4));
    assertQuery("SELECT id FROM t WHERE id < -3000000000");
    assertQuery("SELECT id FROM t WHERE id > CAST(NULL AS INTEGER)");
    assertEquals(0, source.scans);
  }

  @Test
  void primaryKeyEqualityStaysALookupNotARange() {
    String plan = explainPlanFor("SELECT id FROM t WHERE id = 2 AND id < 9");
    assertTrue(plan.contains("MorphPkLookup"), plan);
    assertFalse(plan.contains("PRIMARY KEY"), plan);
  }

  @Test
  void unselectivePredicateIsAFullScan() {
    String plan = explainPlanFor("SELECT * FROM t WHERE c > 1");
    assertTrue(plan.contains("MorphTableScan(table=[PUBLIC.T])"), plan);
    assertFalse(plan.contains("MorphIndexScan"), plan);
  }

  @Test
  void writeOnlyIndexIsNeverUsed() {
    String plan = explainPlanFor("SELECT * FROM t WHERE b = 'x'");
    assertFalse(plan.contains("IDX_B"), plan);
    assertTrue(plan.contains("MorphTableScan(table=[PUBLIC.T])"), plan);
    assertQuery("SELECT id FROM t WHERE b = 'x'", list(1));
  }

  @Test
  void keysOutsideTheColumnTypeFindNothing() {
    assertQuery("SELECT id FROM t WHERE id = 3000000000");
    assertQuery("SELECT id FROM t WHERE a = 10000000000");
    assertQuery("SELECT id FROM t WHERE a > -10000000000 AND a < 20 ORDER BY id", list(1), list(4));
    assertQuery("SELECT id FROM t WHERE id = CAST(NULL AS INTEGER)");
  }

  @Test
  void indexFeedsJoinsAndSubQueries() {
    assertQuery("SELECT u.x FROM t JOIN u ON t.id = u.t_id WHERE t.id = 1 ORDER BY u.x",
        list("u1"), list("u2"));
    String plan = explain("SELECT u.x FROM t JOIN u ON t.id = u.t_id WHERE t.id = 1");
    assertTrue(plan.contains("MorphPkLookup(table=[PUBLIC.T]"), plan);
  }

  @Test
  void joinOnTheKeyLooksUpPerOuterRow() {
    String plan = explain("SELECT t.b, u.x FROM u JOIN t ON u.t_id = t.id WHERE u.id = ?");
    assertTrue(plan.contains("EnumerableCorrelate"), plan);
    assertTrue(plan.contains("MorphPkLookup(table=[PUBLIC.T], key=[$cor0.T_ID]"), plan);
    assertEquals(List.of(List.of("x", "u2")), Tables.rows(
        prepare("SELECT t.b, u.x FROM u JOIN t ON u.t_id = t.id WHERE u.id = ?")
            .execute(source, new Object[] {2})));
    assertQuery("SELECT t.id, u.x FROM u LEFT JOIN t ON u.t_id = t.id ORDER BY u.x",
        list(1, "u1"), list(1, "u2"), list(3, "u3"), list(null, "u4"));
  }

  @Test
  void crossJoinIsNeverACorrelate() {
    // the inner side of a correlate without a condition would be read again per outer row
    String plan = explain("SELECT t.id, u.id FROM t, u WHERE t.a = 10 AND u.x > 'u'");
    assertFalse(plan.contains("Correlate"), plan);
    assertTrue(plan.contains("EnumerableNestedLoopJoin"), plan);
  }

  @Test
  void explainPlanForReturnsOnePlanColumn() {
    PreparedQuery q = prepare("EXPLAIN PLAN FOR SELECT * FROM u");
    assertEquals("PLAN", q.columns().get(0).name());
    assertEquals(java.sql.Types.VARCHAR, q.columns().get(0).jdbcType());
    String text = (String) Tables.rows(q.execute(source, new Object[0])).get(0).get(0);
    assertTrue(text.contains("MorphTableScan(table=[PUBLIC.U])"), text);
    assertEquals(text, q.explain());
  }
}
