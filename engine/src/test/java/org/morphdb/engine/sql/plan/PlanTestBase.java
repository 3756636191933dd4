package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.function.Executable;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;

/**
 * Fixture shared by the planner tests:
 * T(ID INTEGER PK, A INTEGER, B VARCHAR(20), C DOUBLE) with IDX_A(A) PUBLIC and IDX_B(B)
 * WRITE_ONLY; U(ID INTEGER PK, T_ID INTEGER, X VARCHAR); view V = T rows with A > 10.
 */
abstract class PlanTestBase {
  protected final Catalog catalog = new Tables()
      .table("T", List.of("IDX_A:A", "IDX_B:B:WRITE_ONLY"),
          "ID INTEGER PK", "A INTEGER", "B VARCHAR(20)", "C DOUBLE")
      .table("U", "ID INTEGER PK", "T_ID INTEGER", "X VARCHAR")
      .view("V", "SELECT id, a FROM t WHERE a > 10")
      .catalog();
  protected final QueryPlanner planner = new QueryPlanner(100);
  protected final MemorySource source = new MemorySource(catalog, planner)
      .add("T",
          row(1, 10, "x", 1.5),
          row(2, null, "y", 2.5),
          row(3, 30, null, null),
          row(4, 10, "z", 4.0))
      .add("U",
          row(1, 1, "u1"),
          row(2, 1, "u2"),
          row(3, 3, "u3"),
          row(4, 9, "u4"));

  static Object[] row(Object... values) {
    return values;
  }

  static List<Object> list(Object... values) {
    return Arrays.asList(values);
  }

  PreparedQuery prepare(String sql) {
    return planner.prepare(sql, catalog, QueryOptions.DEFAULT);
  }

  List<List<Object>> query(String sql, Object... params) {
    return Tables.rows(prepare(sql).execute(source, params));
  }

  void assertQuery(String sql, List<?>... expected) {
    assertEquals(Arrays.asList(expected), query(sql), sql);
  }

  static void assertCode(ErrorCode code, Executable e) {
    MorphException m = assertThrows(MorphException.class, e);
    assertEquals(code, m.code(), m.getMessage());
  }
}
