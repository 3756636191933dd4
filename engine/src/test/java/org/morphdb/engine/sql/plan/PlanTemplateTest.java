package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.catalog.Catalog;

/**
 * A statement over a table with the same row type as one planned before shares that one's
 * logical plan (as SQLite's corpus runs every query over tab0 … tab4): it still reads its own
 * table, through its own indexes, reports its own table in the result's metadata, and returns
 * exactly what planning it on its own returns. Tables of other row types, tables named like a
 * column, and views never share.
 */
class PlanTemplateTest {
  private static final String[] COLUMNS = {"PK INTEGER PK", "COL0 INTEGER", "COL1 INTEGER",
      "COL2 VARCHAR(10)"};

  private Catalog catalog = catalog(new Tables());
  /** Quick plans on (tables of 4 rows): templates are made from quick plans. */
  private QueryPlanner planner = new QueryPlanner(100, t -> 1000, t -> 4);
  /** The oracle: every statement planned fully on its own. */
  private final QueryPlanner alone = new QueryPlanner(100);
  private MemorySource source = source(catalog);

  private static Catalog catalog(Tables more) {
    return more
        .table("TAB0", COLUMNS)
        .table("TAB1", List.of("IDX1_0:COL0"), COLUMNS)
        .table("TAB2", List.of("IDX2_1:COL1"), COLUMNS)
        .table("TAB9", "PK INTEGER PK", "COL0 INTEGER", "COL1 VARCHAR(10)", "COL2 VARCHAR(10)")
        .view("V0", "SELECT pk, col0 FROM tab0 WHERE col0 > 1")
        .view("V1", "SELECT pk, col0 FROM tab1 WHERE col0 > 1")
        .catalog();
  }

  private MemorySource source(Catalog c) {
    return new MemorySource(c, planner)
        .add("TAB0", row(1, 5, 50, "a"), row(2, 6, 60, "b"), row(3, 7, 70, "c"),
            row(4, 5, 80, "d"))
        .add("TAB1", row(1, 7, 70, "e"), row(2, 5, 60, "f"), row(3, 9, 50, "g"),
            row(4, 7, 40, "h"))
        .add("TAB2", row(1, 1, 60, "i"), row(2, 2, 60, "j"), row(3, 3, 30, "k"),
            row(4, 5, 60, "l"))
        .add("TAB9", row(1, 5, "x", "m"));
  }

  private static Object[] row(Object... values) {
    return values;
  }

  private PreparedQuery prepare(String sql) {
    return planner.prepare(sql, catalog, QueryOptions.DEFAULT);
  }

  private long shared() {
    return planner.cacheStats().shared();
  }

  /** Runs the statement and checks it returns what planning it on its own returns. */
  private List<List<Object>> run(String sql) {
    List<List<Object>> rows = Tables.rows(prepare(sql).execute(source, new Object[0]));
    List<List<Object>> expected = Tables.rows(
        alone.prepare(sql, catalog, QueryOptions.DEFAULT).execute(source, new Object[0]));
    assertEquals(expected, rows, sql);
    return rows;
  }

  @Test
  void sameStatementOverATableOfTheSameRowTypeSharesThePlanAndReadsThroughItsOwnIndex() {
    assertEquals(List.of(List.of(1), List.of(4)), run("SELECT pk FROM tab0 WHERE col0 = 5"));
    assertEquals(0, shared());
    assertEquals(List.of(List.of(2)), run("SELECT pk FROM tab1 WHERE col0 = 5"));
    assertEquals(1, shared());
    String plan = prepare("SELECT pk FROM tab1 WHERE col0 = 5").explain();
    assertTrue(plan.contains("MorphIndexScan(table=[PUBLIC.TAB1], index=[IDX1_0]"), plan);
    assertEquals(List.of(List.of(4)), run("SELECT pk FROM tab2 WHERE col0 = 5"));
    assertEquals(2, shared());
    plan = prepare("SELECT pk FROM tab2 WHERE col0 = 5").explain();
    assertTrue(plan.contains("MorphTableScan(table=[PUBLIC.TAB2]"), plan);
  }

  @Test
  void sharedPlanReportsItsOwnTableInMetadataAndReadSet() {
    run("SELECT col2 AS c, col1 FROM tab0 WHERE col1 > 55");
    PreparedQuery q = prepare("SELECT col2 AS c, col1 FROM tab2 WHERE col1 > 55");
    assertEquals(1, shared());
    assertEquals("TAB2", q.columns().get(1).table());
    assertEquals(Set.of(catalog.table(Catalog.DEFAULT_SCHEMA, "TAB2").orElseThrow().id()),
        q.tableIds());
  }

  @Test
  void tablesSwappedBetweenTheSidesOfAJoinAreReadOnTheirOwnSides() {
    run("SELECT a.pk, b.col2 FROM tab0 a JOIN tab1 b ON a.col0 = b.col0 WHERE a.col1 > 55"
        + " ORDER BY 1, 2");
    run("SELECT a.pk, b.col2 FROM tab1 a JOIN tab0 b ON a.col0 = b.col0 WHERE a.col1 > 55"
        + " ORDER BY 1, 2");
    run("SELECT a.pk, b.col2 FROM tab2 a JOIN tab2 b ON a.col0 = b.col0 WHERE a.col1 > 55"
        + " ORDER BY 1, 2");
    assertEquals(1, shared(), "a self-join is another statement shape than a join of two tables");
  }

  @Test
  void subQueriesReadTheSwappedTableToo() {
    String sql = "SELECT pk FROM %s WHERE col1 IN (SELECT col1 FROM %s WHERE col0 > 5)"
        + " OR col0 = (SELECT MAX(col0) FROM %s) ORDER BY pk";
    run(sql.formatted("tab0", "tab0", "tab1"));
    run(sql.formatted("tab2", "tab2", "tab0"));
    run(sql.formatted("tab1", "tab1", "tab2"));
    assertEquals(2, shared());
  }

  @Test
  void sharedPlanGivesWayToItsOwnFullPlanWhenItKeepsRunning() {
    run("SELECT col0, COUNT(*) FROM tab0 WHERE col1 >= 50 GROUP BY col0 ORDER BY col0");
    String sql = "SELECT col0, COUNT(*) FROM tab1 WHERE col1 >= 50 GROUP BY col0 ORDER BY col0";
    for (int i = 0; i <= ExecutablePlan.GENERATE_AFTER; i++) {
      run(sql);
    }
    PreparedQueryImpl q = (PreparedQueryImpl) prepare(sql);
    assertTrue(((ExecutablePlan.Tiered) q.plan().runner()).generated());
    assertEquals(alone.prepare(sql, catalog, QueryOptions.DEFAULT).explain(), q.explain());
    assertEquals(1, shared());
  }

  @Test
  void tableOfAnotherRowTypeIsPlannedOnItsOwn() {
    run("SELECT pk, col1 FROM tab0 WHERE pk > 0");
    run("SELECT pk, col1 FROM tab9 WHERE pk > 0");
    assertEquals(0, shared());
  }

  @Test
  void tablesNamedLikeAColumnNeverShare() {
    run("SELECT col0 FROM tab0 WHERE pk = 1");
    run("SELECT col0 FROM tab1 WHERE pk = 1");
    assertEquals(1, shared());
    // A table named COL0: "COL0" in a statement might name it, so no statement over a table
    // with a column COL0 shares any more.
    catalog = catalog(new Tables().table("COL0", COLUMNS));
    planner = new QueryPlanner(100, t -> 1000, t -> 4);
    source = source(catalog).add("COL0", row(1, 5, 50, "n"));
    run("SELECT col0 FROM tab0 WHERE pk = 1");
    run("SELECT col0 FROM col0 WHERE pk = 1");
    run("SELECT col0 FROM tab1 WHERE pk = 1");
    assertEquals(0, shared());
  }

  @Test
  void statementsOverViewsNeverShare() {
    run("SELECT pk FROM v0 WHERE col0 < 7");
    run("SELECT pk FROM v1 WHERE col0 < 7");
    run("SELECT v0.pk FROM v0 JOIN tab1 ON v0.pk = tab1.pk");
    run("SELECT v0.pk FROM v0 JOIN tab2 ON v0.pk = tab2.pk");
    assertEquals(0, shared());
  }

  @Test
  void resultColumnNamedLikeTheTableIsNotShared() {
    run("SELECT col0 AS tab0 FROM tab0");
    run("SELECT col0 AS tab1 FROM tab1");
    assertEquals(0, shared());
  }
}
