package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;

/** CHECK and DEFAULT expressions compiled over a table's row. */
class CompiledExpressionTest extends PlanTestBase {
  private final TableDef t = catalog.table("PUBLIC", "T").orElseThrow();

  @Test
  void checkConstraint() {
    CompiledExpression check = planner.compileExpression("a > 0 AND b <> 'bad'", t, null);
    assertEquals(TypeKind.BOOLEAN, check.resultKind());
    assertEquals(true, check.evaluate(row(1, 5, "ok", null)));
    assertEquals(false, check.evaluate(row(1, -5, "ok", null)));
    assertNull(check.evaluate(row(1, null, "ok", null)));
    assertSame(check, planner.compileExpression("a > 0 AND b <> 'bad'", t, null));
  }

  @Test
  void defaultCastToTheColumnType() {
    CompiledExpression d = planner.compileExpression("40 + 2", t, ColumnType.of(TypeKind.BIGINT));
    assertEquals(TypeKind.BIGINT, d.resultKind());
    assertEquals(42L, d.evaluate(new Object[0]));
    CompiledExpression now = planner.compileExpression("CURRENT_TIMESTAMP", t,
        ColumnType.of(TypeKind.TIMESTAMP));
    long ts = (Long) now.evaluate(new Object[0]);
    assertEquals(System.currentTimeMillis(), ts, 24 * 3600_000.0);
  }

  @Test
  void expressionOverColumns() {
    CompiledExpression e = planner.compileExpression("COALESCE(b, 'none') || CAST(id AS VARCHAR)", t, null);
    assertEquals("none3", e.evaluate(row(3, 30, null, null, "rowkey")));
    assertEquals("a", planner.compileExpression("b", t, null).evaluate(row(1, 2, "a", 1.0)));
  }

  @Test
  void errors() {
    assertCode(ErrorCode.COLUMN_NOT_FOUND, () -> planner.compileExpression("nope > 1", t, null));
    assertCode(ErrorCode.INVALID_STATEMENT, () -> planner.compileExpression("SUM(a)", t, null));
    assertCode(ErrorCode.INVALID_STATEMENT,
        () -> planner.compileExpression("a IN (SELECT 1)", t, null));
    CompiledExpression div = planner.compileExpression("10 / a", t, null);
    assertCode(ErrorCode.DIVISION_BY_ZERO, () -> div.evaluate(row(1, 0, "x", 1.0)));
  }
}
