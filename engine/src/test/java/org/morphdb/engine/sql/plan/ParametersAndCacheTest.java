package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TypeKind;

/** Parameters (inferred and declared), the plan cache, result metadata and $ROWKEY. */
class ParametersAndCacheTest extends PlanTestBase {

  @Test
  void parameterTypesAreInferred() {
    PreparedQuery q = prepare("SELECT id FROM t WHERE a = ? AND b LIKE ? AND c > ?");
    List<ColumnMeta> p = q.parameters();
    assertEquals(3, p.size());
    assertEquals(Types.INTEGER, p.get(0).jdbcType());
    assertEquals(Types.VARCHAR, p.get(1).jdbcType());
    assertEquals(Types.DOUBLE, p.get(2).jdbcType());
    assertEquals("?1", p.get(0).name());
    assertEquals(List.of(List.of(1)), Tables.rows(q.execute(source, new Object[] {10, "x%", 1.0})));
    assertEquals(List.of(List.of(1)),
        Tables.rows(q.execute(source, new Object[] {10L, "x%", "1"})), "values are coerced");
  }

  @Test
  void everyParameterOfAStatementWithMoreThanTenReadsItsOwnValue() {
    PreparedQuery q = prepare("SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM u WHERE id = 1");
    Object[] values = {"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11"};
    assertEquals(List.of(List.of(values)), Tables.rows(q.execute(source, values)));
  }

  @Test
  void aParameterNameGivesItsIndexAndOtherNamesNone() {
    assertEquals(0, MorphDataContext.parameterIndex("?0"));
    assertEquals(9, MorphDataContext.parameterIndex("?9"));
    assertEquals(10, MorphDataContext.parameterIndex("?10"));
    assertEquals(123, MorphDataContext.parameterIndex("?123"));
    assertEquals(-1, MorphDataContext.parameterIndex("utcTimestamp"));
    assertEquals(-1, MorphDataContext.parameterIndex(""));
  }

  @Test
  void parameterOfUnknownTypeIsVarchar() {
    PreparedQuery q = prepare("SELECT ? FROM u WHERE id = 1");
    assertEquals(Types.VARCHAR, q.parameters().get(0).jdbcType());
    assertEquals(List.of(List.of("hi")), Tables.rows(q.execute(source, new Object[] {"hi"})));
  }

  @Test
  void declaredParameterTypesWin() {
    PreparedQuery q = planner.prepare("SELECT ? + 1 FROM u WHERE id = 1", catalog,
        new QueryOptions(false, List.of(ColumnType.of(TypeKind.BIGINT))));
    assertEquals(Types.BIGINT, q.parameters().get(0).jdbcType());
    assertEquals(List.of(List.of(42L)), Tables.rows(q.execute(source, new Object[] {41})));
  }

  @Test
  void wrongParameterCountFails() {
    PreparedQuery q = prepare("SELECT id FROM t WHERE id = ?");
    assertCode(ErrorCode.INVALID_STATEMENT, () -> q.execute(source, new Object[0]));
  }

  @Test
  void sameStatementWithOtherLiteralsHitsThePlanCache() {
    PreparedQuery q1 = prepare("SELECT b FROM t WHERE id = 1 AND c < 10.5");
    QueryPlanner.CacheStats before = planner.cacheStats();
    PreparedQuery q2 = prepare("SELECT b FROM t WHERE id = 2 AND c < 3.5");
    QueryPlanner.CacheStats after = planner.cacheStats();
    assertEquals(before.hits() + 1, after.hits());
    assertEquals(before.misses(), after.misses());
    assertSame(((PreparedQueryImpl) q1).plan(), ((PreparedQueryImpl) q2).plan());
    assertEquals(List.of(List.of("x")), Tables.rows(q1.execute(source, new Object[0])));
    assertEquals(List.of(List.of("y")), Tables.rows(q2.execute(source, new Object[0])));
  }

  @Test
  void literalsOfAnotherTypeGetAnotherPlan() {
    PreparedQuery q1 = prepare("SELECT id + 1 FROM t WHERE id = 1");
    PreparedQuery q2 = prepare("SELECT id + 1.5 FROM t WHERE id = 1");
    assertFalse(((PreparedQueryImpl) q1).plan() == ((PreparedQueryImpl) q2).plan());
    assertEquals(List.of(List.of(2)), Tables.rows(q1.execute(source, new Object[0])));
    assertEquals(List.of(List.of(new java.math.BigDecimal("2.5"))),
        Tables.rows(q2.execute(source, new Object[0])));
  }

  @Test
  void statementsThatDifferBesidesTheirLiteralsGetPlansOfTheirOwn() {
    // the cache key is the statement's tree written out; each pair differs in one node that
    // literal lifting leaves alone
    String[][] pairs = {
        {"SELECT id FROM t ORDER BY 1", "SELECT id FROM t ORDER BY 1 DESC"},
        {"SELECT a FROM t", "SELECT DISTINCT a FROM t"},
        {"SELECT COUNT(a) FROM t", "SELECT COUNT(DISTINCT a) FROM t"},
        {"SELECT -a FROM t", "SELECT 0 - a FROM t"},
        {"SELECT CAST(a AS VARCHAR(2)) FROM t", "SELECT CAST(a AS VARCHAR(3)) FROM t"},
        {"SELECT id FROM t ORDER BY id LIMIT 1", "SELECT id FROM t ORDER BY id LIMIT 2"},
        {"SELECT t.id FROM t JOIN u ON t.id = u.t_id", "SELECT t.id FROM t LEFT JOIN u ON t.id = u.t_id"},
        {"SELECT \"A\" FROM t AS \"B\"", "SELECT \"AB\" FROM t AS \"\""},
        {"SELECT id FROM t WHERE a IS NULL", "SELECT id FROM t WHERE a IS NOT NULL"},
        {"SELECT id FROM t WHERE b LIKE 'x%'", "SELECT id FROM t WHERE b NOT LIKE 'x%'"},
    };
    for (String[] pair : pairs) {
      Object first;
      try {
        first = ((PreparedQueryImpl) prepare(pair[0])).plan();
      } catch (MorphException e) {
        first = e.getMessage();
      }
      Object second;
      try {
        second = ((PreparedQueryImpl) prepare(pair[1])).plan();
      } catch (MorphException e) {
        second = e.getMessage();
      }
      assertFalse(first == second, pair[0] + " / " + pair[1]);
    }
    assertQuery("SELECT id FROM t ORDER BY id DESC LIMIT 2", list(4), list(3));
    assertQuery("SELECT id FROM t ORDER BY id LIMIT 2", list(1), list(2));
    assertQuery("SELECT COUNT(DISTINCT a) FROM t", list(2L));
    assertQuery("SELECT COUNT(a) FROM t", list(3L));
  }

  @Test
  void groupByExpressionWithLiteralsStillMatchesTheSelectList() {
    assertQuery("SELECT a + 1, COUNT(*) FROM t GROUP BY a + 1 ORDER BY 1",
        list(null, 1L), list(11, 2L), list(31, 1L));
    assertQuery("SELECT a + 2 FROM t GROUP BY a + 2 HAVING COUNT(*) > 1", list(12));
  }

  @Test
  void ordinalsAreNotLifted() {
    assertQuery("SELECT id, b FROM t ORDER BY 2 DESC LIMIT 1", list(4, "z"));
    assertQuery("SELECT a, COUNT(*) FROM t GROUP BY 1 ORDER BY 1 DESC",
        list(30, 1L), list(10, 2L), list(null, 1L));
  }

  @Test
  void resultMetadataDescribesColumns() {
    PreparedQuery q = prepare("SELECT t.id, b AS bee, a + 1, COUNT(*) OVER () FROM t");
    ColumnMeta id = q.columns().get(0);
    assertEquals("ID", id.name());
    assertEquals("PUBLIC", id.schema());
    assertEquals("T", id.table());
    assertFalse(id.nullable());
    assertEquals("java.lang.Integer", id.javaClass());
    ColumnMeta bee = q.columns().get(1);
    assertEquals("BEE", bee.name());
    assertEquals(20, bee.precision());
    assertEquals("", q.columns().get(2).schema());
    assertEquals(List.of(TypeKind.INTEGER, TypeKind.VARCHAR, TypeKind.INTEGER, TypeKind.BIGINT),
        q.columnKinds());
    assertEquals(java.util.Set.of(catalog.table("PUBLIC", "T").orElseThrow().id()), q.tableIds());
    assertEquals(catalog.version(), q.catalogVersion());
  }

  @Test
  void intervalResultsAreText() {
    PreparedQuery q = prepare("SELECT INTERVAL '2' DAY FROM u WHERE id = 1");
    assertEquals(List.of(TypeKind.VARCHAR), q.columnKinds());
    assertTrue(Tables.rows(q.execute(source, new Object[0])).get(0).get(0) instanceof String);
  }

  @Test
  void rowKeyIsExposedOnlyWhenAsked() {
    PreparedQuery plain = prepare("SELECT * FROM u WHERE id = 1");
    assertEquals(3, plain.columns().size());
    assertEquals(List.of(List.of(1, 1, "u1")), Tables.rows(plain.execute(source, new Object[0])));

    PreparedQuery dml = planner.prepare("SELECT \"$ROWKEY\", id, x, 'new' FROM u WHERE t_id = 1",
        catalog, QueryOptions.ROW_KEY);
    assertEquals("$ROWKEY", dml.columns().get(0).name());
    assertFalse(dml.columns().get(0).nullable());
    assertEquals(List.of(List.of("rk-U-0", 1, "u1", "new"), List.of("rk-U-1", 2, "u2", "new")),
        Tables.rows(dml.execute(source, new Object[0])));
    PreparedQuery star = planner.prepare("SELECT * FROM u WHERE id = 2", catalog,
        QueryOptions.ROW_KEY);
    assertEquals(List.of(List.of(2, 1, "u2", "rk-U-1")), Tables.rows(star.execute(source, new Object[0])));
    assertCode(ErrorCode.COLUMN_NOT_FOUND, () -> prepare("SELECT \"$ROWKEY\" FROM u"));
  }

  @Test
  void rowKeyQueriesAcceptSqlNodes() {
    var node = org.morphdb.engine.sql.parser.MorphParser.parse(
        "SELECT \"$ROWKEY\", id FROM t WHERE id IN (SELECT t_id FROM u) AND id = ?");
    PreparedQuery q = planner.prepare(node, catalog, QueryOptions.ROW_KEY);
    assertEquals(List.of(List.of("rk-T-2", 3)), Tables.rows(q.execute(source, new Object[] {3})));
    PreparedQuery again = planner.prepare(node, catalog, QueryOptions.ROW_KEY);
    assertEquals(List.of(List.of("rk-T-0", 1)), Tables.rows(again.execute(source, new Object[] {1})));
  }
}
