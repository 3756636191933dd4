package org.morphdb.engine.sql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.sql.plan.CompiledExpression;
import org.morphdb.engine.sql.plan.QueryPlanner;
import org.morphdb.engine.tx.ConstraintChecker;
import org.morphdb.engine.tx.RowCodec;

/** NOT NULL and CHECK constraints, with CHECK conditions compiled once per table version. */
final class SqlConstraints implements ConstraintChecker {
  private final QueryPlanner planner;
  private final Cache<String, CompiledExpression> compiled = Caffeine.newBuilder().maximumSize(10_000).build();

  SqlConstraints(QueryPlanner planner) {
    this.planner = planner;
  }

  @Override
  public void check(TableDef table, Object[] storedRow) {
    List<ColumnDef> columns = table.columns();
    for (int i = 0; i < columns.size(); i++) { // indexed: no iterator per written row
      ColumnDef c = columns.get(i);
      if (!c.nullable() && RowCodec.stored(c, storedRow) == null) {
        throw MorphException.of(ErrorCode.NOT_NULL_VIOLATION,
            "NULL not allowed for column %s of table %s", c.name(), table.name());
      }
    }
    if (table.checks().isEmpty()) {
      return;
    }
    for (CheckDef check : table.checks()) {
      if (!satisfies(table, check, storedRow)) {
        throw MorphException.of(ErrorCode.CHECK_VIOLATION,
            "CHECK constraint %s of table %s violated: %s", check.name(), table.name(), check.sql());
      }
    }
  }

  @Override
  public boolean satisfies(TableDef table, CheckDef check, Object[] storedRow) {
    CompiledExpression e = compiled.get(table.id() + "/" + table.version() + "/" + check.id(),
        k -> planner.compileExpression(check.sql(), table, ColumnType.of(TypeKind.BOOLEAN)));
    Object[] row = RowCodec.toCalciteRow(table, null, storedRow);
    return !Boolean.FALSE.equals(e.evaluate(row));
  }
}
