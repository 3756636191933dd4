package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/** Validation and run-time failures come out as MorphExceptions with the right code. */
class ErrorsTest extends PlanTestBase {

  @Test
  void unknownTable() {
    MorphException e = assertThrows(MorphException.class, () -> prepare("SELECT * FROM nope"));
    assertEquals(ErrorCode.TABLE_NOT_FOUND, e.code());
    assertEquals("Table 'NOPE' not found", e.getMessage());
    assertCode(ErrorCode.TABLE_NOT_FOUND, () -> prepare("SELECT * FROM other.t"));
  }

  @Test
  void unknownColumn() {
    assertCode(ErrorCode.COLUMN_NOT_FOUND, () -> prepare("SELECT nope FROM t"));
    assertCode(ErrorCode.COLUMN_NOT_FOUND, () -> prepare("SELECT t.nope FROM t"));
    assertCode(ErrorCode.COLUMN_NOT_FOUND, () -> prepare("SELECT id FROM t WHERE nope = 1"));
  }

  @Test
  void otherValidationErrors() {
    assertCode(ErrorCode.INVALID_STATEMENT, () -> prepare("SELECT id, COUNT(*) FROM t"));
    assertCode(ErrorCode.INVALID_STATEMENT, () -> prepare("SELECT id FROM t, u"));
    assertCode(ErrorCode.INVALID_STATEMENT, () -> prepare("SELECT 'a' + DATE '2020-01-01'"));
    assertCode(ErrorCode.SYNTAX_ERROR, () -> prepare("SELEC 1"));
    assertCode(ErrorCode.INVALID_STATEMENT, () -> prepare("INSERT INTO t VALUES (1, 2, 'a', 1.0)"));
  }

  @Test
  void divisionByZero() {
    assertCode(ErrorCode.DIVISION_BY_ZERO, () -> query("SELECT id / 0 FROM t"));
    assertCode(ErrorCode.DIVISION_BY_ZERO, () -> query("SELECT id / (a - a) FROM t WHERE a IS NOT NULL"));
    assertCode(ErrorCode.DIVISION_BY_ZERO, () -> query("SELECT 1.5 / 0"));
    assertCode(ErrorCode.DIVISION_BY_ZERO, () -> query("SELECT MOD(id, 0) FROM t"));
  }

  @Test
  void overflow() {
    assertCode(ErrorCode.NUMERIC_OVERFLOW, () -> query("SELECT 2147483647 + id FROM t"));
    assertCode(ErrorCode.NUMERIC_OVERFLOW, () -> query("SELECT CAST(9223372036854775807 AS BIGINT) * 2"));
  }

  @Test
  void badCast() {
    assertCode(ErrorCode.INVALID_CAST, () -> query("SELECT CAST(x AS INTEGER) FROM u"));
    assertCode(ErrorCode.INVALID_CAST, () -> query("SELECT CAST('nope' AS DATE)"));
    assertCode(ErrorCode.INVALID_CAST, () -> query("SELECT id FROM t WHERE id = ?", "abc"));
  }

  @Test
  void errorsDuringIterationAreTranslatedToo() {
    for (String sql : new String[] {"SELECT 10 / (id - 3) FROM t", "SELECT 10 / (id - 3), id FROM t",
        "SELECT SUM(10 / (id - 3)) FROM t"}) {
      PreparedQuery q = prepare(sql);
      MorphException e = assertThrows(MorphException.class, () -> {
        Iterator<Object[]> it = q.execute(source, new Object[0]);
        while (it.hasNext()) {
          it.next();
        }
      });
      assertEquals(ErrorCode.DIVISION_BY_ZERO, e.code(), sql);
    }
  }

  @Test
  void failuresOfTheTableSourcePassThrough() {
    TableSource failing = new MemorySource(catalog, planner) {
      @Override
      public Iterator<Object[]> scan(org.morphdb.engine.catalog.TableDef table, int[] columns) {
        throw new MorphException(ErrorCode.SCHEMA_CHANGED, "changed");
      }
    };
    MorphException e = assertThrows(MorphException.class,
        () -> Tables.rows(prepare("SELECT * FROM u").execute(failing, new Object[0])));
    assertEquals(ErrorCode.SCHEMA_CHANGED, e.code());
  }
}
