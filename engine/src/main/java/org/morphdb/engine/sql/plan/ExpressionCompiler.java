package org.morphdb.engine.sql.plan;

import java.util.List;
import java.util.Map;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;

/**
 * Compiles a scalar expression over one table's columns (CHECK, DEFAULT) into generated code
 * that reads the row from the DataContext's {@code "inputRecord"}.
 */
final class ExpressionCompiler {
  private ExpressionCompiler() {}

  static CompiledExpression compile(String sqlExpr, TableDef table, ColumnType resultType) {
    SqlNode expr = SqlConfig.parseExpression(sqlExpr);
    Catalog catalog = new Catalog(0, 0L, 0, "", Map.of(table.id(), table), Map.of());
    MorphSchemaFactory schemas = new MorphSchemaFactory(catalog, t -> 1, (s, v) -> null);
    Planning p = new Planning(schemas, false);
    SqlSelect select = (SqlSelect) SqlConfig.parse("SELECT 1 FROM " + quote(table.schema()) + "."
        + quote(table.name()));
    select.setSelectList(SqlNodeList.of(expr));
    Planning.Converted c = p.convert(select, null);
    RelNode rel = c.root().rel.accept(new CheckedArithmetic(p.cluster().getRexBuilder()));
    RexBuilder rexBuilder = p.cluster().getRexBuilder();
    RexNode e = scalar(rel, c, rexBuilder, sqlExpr);
    RelDataType inputType = new MorphTable(table, false, 1).getRowType(p.typeFactory());
    if (resultType != null) {
      e = rexBuilder.makeCast(CalciteTypes.toRelType(p.typeFactory(), resultType, true), e, true, false);
    }
    Function1<DataContext, Object[]> fn =
        RexExecutorImpl.getExecutable(rexBuilder, List.of(e), inputType).getFunction();
    TypeKind kind = resultType != null ? resultType.kind() : CalciteTypes.kindOf(e.getType());
    return new Compiled(fn, kind);
  }

  /** The single expression of {@code SELECT expr FROM t}, if it is a plain scalar. */
  private static RexNode scalar(RelNode rel, Planning.Converted c, RexBuilder rexBuilder, String sql) {
    RexNode e = null;
    if (rel instanceof Project project && project.getInput() instanceof MorphTableScan) {
      e = project.getProjects().get(c.root().fields.get(0).getKey());
    } else if (rel instanceof MorphTableScan) {
      e = rexBuilder.makeInputRef(rel, c.root().fields.get(0).getKey());
    }
    if (e == null || RexUtil.SubQueryFinder.find(List.of(e)) != null || RexOver.containsOver(e)) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "'%s' is not a scalar expression over the table's columns", sql);
    }
    return e;
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /** A compiled expression; evaluation allocates a small context per call. */
  private record Compiled(Function1<DataContext, Object[]> fn, TypeKind resultKind)
      implements CompiledExpression {
    @Override
    public Object evaluate(Object[] row) {
      MorphDataContext context = new MorphDataContext(null, null, new Object[0],
          Map.of("inputRecord", row == null ? new Object[0] : row));
      try {
        return fn.apply(context)[0];
      } catch (Throwable e) {
        throw ErrorTranslator.execution(e);
      }
    }
  }
}
