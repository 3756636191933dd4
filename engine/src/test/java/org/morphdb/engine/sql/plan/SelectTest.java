package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The SELECT surface: joins, grouping, sub-queries, set operations, ordering, limits. */
class SelectTest extends PlanTestBase {

  @Test
  void selectStarAndProjection() {
    assertQuery("SELECT * FROM t WHERE id = 1", list(1, 10, "x", 1.5));
    assertQuery("SELECT b, id * 2 FROM t WHERE id <= 2 ORDER BY id", list("x", 2), list("y", 4));
    assertQuery("SELECT 1 + 1, 'a' || 'b'", list(2, "ab"));
  }

  @Test
  void innerAndOuterJoins() {
    assertQuery("SELECT t.id, u.x FROM t JOIN u ON t.id = u.t_id ORDER BY u.x",
        list(1, "u1"), list(1, "u2"), list(3, "u3"));
    assertQuery("SELECT t.id, u.x FROM t LEFT JOIN u ON t.id = u.t_id ORDER BY t.id, u.x",
        list(1, "u1"), list(1, "u2"), list(2, null), list(3, "u3"), list(4, null));
    assertQuery("SELECT t.id, u.x FROM t RIGHT JOIN u ON t.id = u.t_id ORDER BY u.x",
        list(1, "u1"), list(1, "u2"), list(3, "u3"), list(null, "u4"));
    assertQuery("SELECT COUNT(*) FROM t FULL JOIN u ON t.id = u.t_id", list(6L));
    assertQuery("SELECT COUNT(*) FROM t, u", list(16L));
    assertQuery("SELECT t1.id, t2.id FROM t t1, t t2 WHERE t1.a = t2.a AND t1.id < t2.id",
        list(1, 4));
  }

  @Test
  void groupByHavingAndAggregates() {
    assertQuery("SELECT a, COUNT(*), SUM(id), MIN(b), MAX(c) FROM t GROUP BY a ORDER BY a",
        list(null, 1L, 2L, "y", 2.5), list(10, 2L, 5L, "x", 4.0), list(30, 1L, 3L, null, null));
    assertQuery("SELECT a FROM t GROUP BY a HAVING COUNT(*) > 1", list(10));
    assertQuery("SELECT AVG(a), AVG(c), COUNT(a), COUNT(DISTINCT a) FROM t",
        list(50.0 / 3, 8.0 / 3, 3L, 2L));
    assertQuery("SELECT SUM(a) FROM t WHERE id > 100", list((Object) null));
    assertQuery("SELECT DISTINCT a FROM t ORDER BY a", list((Object) null), list(10), list(30));
  }

  @Test
  void subQueries() {
    assertQuery("SELECT id FROM t WHERE id IN (SELECT t_id FROM u) ORDER BY id", list(1), list(3));
    assertQuery("SELECT id FROM t WHERE id NOT IN (SELECT t_id FROM u) ORDER BY id",
        list(2), list(4));
    assertQuery("SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id) ORDER BY id",
        list(1), list(3));
    assertQuery("SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id) ORDER BY id",
        list(2), list(4));
    assertQuery("SELECT id, (SELECT COUNT(*) FROM u WHERE u.t_id = t.id) FROM t ORDER BY id",
        list(1, 2L), list(2, 0L), list(3, 1L), list(4, 0L));
    assertQuery("SELECT id FROM t WHERE a = (SELECT MAX(a) FROM t)", list(3));
    assertQuery("SELECT id FROM t WHERE c > (SELECT AVG(c) FROM t t2 WHERE t2.a = t.a) ORDER BY id",
        list(4));
    assertQuery("SELECT x FROM u WHERE t_id IN (SELECT id FROM t WHERE a = 10) ORDER BY x",
        list("u1"), list("u2"));
    assertQuery("SELECT (SELECT b FROM t WHERE t.id = u.t_id) FROM u WHERE id > 2 ORDER BY id",
        list((Object) null), list((Object) null));
    assertQuery("SELECT CASE WHEN EXISTS (SELECT 1 FROM u WHERE t_id = t.id) THEN 'y' ELSE 'n' END"
        + " FROM t ORDER BY id", list("y"), list("n"), list("y"), list("n"));
    assertQuery("SELECT t.id FROM t JOIN u ON u.t_id = t.id AND u.id IN (SELECT MAX(id) FROM u)");
    assertQuery("SELECT t.id FROM t JOIN u ON u.t_id = t.id"
        + " AND u.id IN (SELECT MIN(id) FROM u WHERE t_id > 1)", list(3));
  }

  @Test
  void setOperations() {
    assertQuery("SELECT a FROM t UNION SELECT t_id FROM u ORDER BY 1",
        list((Object) null), list(1), list(3), list(9), list(10), list(30));
    assertQuery("SELECT a FROM t WHERE a IS NOT NULL UNION ALL SELECT 10 ORDER BY 1",
        list(10), list(10), list(10), list(30));
    assertQuery("SELECT id FROM t INTERSECT SELECT t_id FROM u ORDER BY 1", list(1), list(3));
    assertQuery("SELECT id FROM t EXCEPT SELECT t_id FROM u ORDER BY 1", list(2), list(4));
    assertQuery("SELECT a FROM t EXCEPT ALL SELECT 10 ORDER BY 1",
        list((Object) null), list(10), list(30));
    assertQuery("SELECT a FROM t INTERSECT ALL SELECT a FROM t WHERE id < 4 ORDER BY 1",
        list((Object) null), list(10), list(30));
    assertQuery("VALUES (1, 'a'), (2, 'bb') ORDER BY 1 DESC", list(2, "bb"), list(1, "a"));
  }

  @Test
  void nullsSortLowAsInH2() {
    assertQuery("SELECT a FROM t ORDER BY a, id", list((Object) null), list(10), list(10), list(30));
    assertQuery("SELECT a FROM t ORDER BY a DESC, id", list(30), list(10), list(10), list((Object) null));
    assertQuery("SELECT a FROM t ORDER BY a NULLS LAST, id", list(10), list(10), list(30), list((Object) null));
    assertQuery("SELECT a FROM t ORDER BY a DESC NULLS FIRST, id",
        list((Object) null), list(30), list(10), list(10));
  }

  @Test
  void limitOffsetFetch() {
    assertQuery("SELECT id FROM t ORDER BY id LIMIT 2", list(1), list(2));
    assertQuery("SELECT id FROM t ORDER BY id LIMIT 2 OFFSET 1", list(2), list(3));
    assertQuery("SELECT id FROM t ORDER BY id OFFSET 3 ROWS", list(4));
    assertQuery("SELECT id FROM t ORDER BY id DESC FETCH FIRST 1 ROWS ONLY", list(4));
    assertEquals(java.util.List.of(java.util.List.of(2)),
        query("SELECT id FROM t ORDER BY id LIMIT ? OFFSET ?", 1, 1));
  }

  @Test
  void expressions() {
    assertQuery("SELECT CASE WHEN a > 15 THEN 'big' WHEN a > 5 THEN 'small' ELSE 'none' END"
        + " FROM t ORDER BY id", list("small"), list("none"), list("big"), list("small"));
    assertQuery("SELECT CAST(a AS VARCHAR(5)), CAST('12' AS INTEGER), CAST(c AS INTEGER)"
        + " FROM t WHERE id = 1", list("10", 12, 1));
    assertQuery("SELECT COALESCE(b, 'none'), NULLIF(a, 10) FROM t ORDER BY id",
        list("x", null), list("y", null), list("none", 30), list("z", null));
    assertQuery("SELECT id FROM t WHERE a IS DISTINCT FROM 10 ORDER BY id", list(2), list(3));
    assertQuery("SELECT id FROM t WHERE a IS NOT DISTINCT FROM NULL", list(2));
    assertQuery("SELECT id FROM t WHERE b LIKE '_' AND b NOT LIKE 'x%' ORDER BY id", list(2), list(4));
    assertQuery("SELECT id FROM t WHERE id BETWEEN 2 AND 3 ORDER BY id", list(2), list(3));
    assertQuery("SELECT UPPER(x), CHAR_LENGTH(x), SUBSTRING(x FROM 2), TRIM('  q ')"
        + " FROM u WHERE id = 1", list("U1", 2, "1", "q"));
    assertQuery("SELECT ABS(-3), MOD(7, 3), POWER(2, 3), FLOOR(2.5), CEIL(2.1), ROUND(2.567, 2)",
        list(3, 1, 8.0, new java.math.BigDecimal("2"), new java.math.BigDecimal("3"),
            new java.math.BigDecimal("2.57")));
    assertQuery("SELECT EXTRACT(YEAR FROM DATE '2024-03-05'), DATE '2024-03-05' + INTERVAL '1' DAY",
        list(2024L, (int) java.time.LocalDate.of(2024, 3, 6).toEpochDay()));
    assertQuery("SELECT 7 / 2, 7.0 / 2, -id FROM t WHERE id = 1",
        list(3, new java.math.BigDecimal("3.5"), -1));
  }

  @Test
  void caseOfStringsIsNotBlankPadded() {
    assertQuery("SELECT CASE WHEN id = 1 THEN 'a' ELSE 'bbb' END FROM t WHERE id <= 2 ORDER BY id",
        list("a"), list("bbb"));
    assertQuery("SELECT 'a' UNION ALL SELECT 'bbb'", list("a"), list("bbb"));
  }

  @Test
  void windowAggregates() {
    assertQuery("SELECT id, ROW_NUMBER() OVER (ORDER BY id DESC), SUM(id) OVER (PARTITION BY a)"
        + " FROM t ORDER BY id", list(1, 4L, 5L), list(2, 3L, 2L), list(3, 2L, 3L), list(4, 1L, 5L));
  }

  @Test
  void withClause() {
    assertQuery("WITH w AS (SELECT a, COUNT(*) AS n FROM t GROUP BY a) SELECT a FROM w WHERE n > 1",
        list(10));
  }
}
