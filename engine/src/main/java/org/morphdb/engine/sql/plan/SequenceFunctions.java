package org.morphdb.engine.sql.plan;

import java.util.List;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.morphdb.engine.catalog.Catalog;

/**
 * {@code NEXT VALUE FOR s} and {@code CURRENT VALUE FOR s}. Calcite's own operators for them
 * resolve the sequence as a table and run on a per-thread counter meant for tests, so the
 * validator rewrites each into a call of one of these functions with the sequence's qualified
 * name, and the table source of the execution hands out the values
 * ({@link TableSource#nextValue}). They are not deterministic: never folded into a constant.
 */
public final class SequenceFunctions {
  public static final SqlFunction NEXT_VALUE = new SequenceFunction("MORPH$NEXT_VALUE", "nextValue");
  public static final SqlFunction CURRENT_VALUE = new SequenceFunction("MORPH$CURRENT_VALUE", "currentValue");

  static final SqlOperatorTable TABLE = SqlOperatorTables.of(NEXT_VALUE, CURRENT_VALUE);

  private SequenceFunctions() {}

  /** The rewritten call for a NEXT_VALUE or CURRENT_VALUE call, else null. */
  static SqlNode rewrite(SqlNode node) {
    if (!(node instanceof SqlCall call)
        || (call.getKind() != SqlKind.NEXT_VALUE && call.getKind() != SqlKind.CURRENT_VALUE)
        || !(call.operand(0) instanceof SqlIdentifier id)) {
      return null;
    }
    String name = id.names.size() == 1 ? Catalog.DEFAULT_SCHEMA + "." + id.getSimple() : String.join(".", id.names);
    SqlParserPos pos = call.getParserPosition();
    SqlFunction f = call.getKind() == SqlKind.NEXT_VALUE ? NEXT_VALUE : CURRENT_VALUE;
    return f.createCall(pos, SqlLiteral.createCharString(name, pos));
  }

  /** One of the two: its name argument, a BIGINT result, code that asks the table source. */
  private static final class SequenceFunction extends SqlUserDefinedFunction {
    SequenceFunction(String name, String sourceMethod) {
      super(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.BIGINT,
          null, OperandTypes.operandMetadata(List.of(SqlTypeFamily.CHARACTER),
              f -> List.of(f.createSqlType(SqlTypeName.VARCHAR)), i -> "SEQUENCE", i -> false),
          new Implementation(sourceMethod));
    }

    @Override
    public boolean isDeterministic() {
      return false;
    }
  }

  private record Implementation(String sourceMethod) implements ScalarFunction, ImplementableFunction {
    @Override
    public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
      return typeFactory.createSqlType(SqlTypeName.BIGINT);
    }

    @Override
    public List<FunctionParameter> getParameters() {
      return List.of();
    }

    @Override
    public CallImplementor getImplementor() {
      return (RexToLixTranslator translator, RexCall call, org.apache.calcite.adapter.enumerable.RexImpTable.NullAs nullAs) -> {
        Expression source = Expressions.convert_(
            Expressions.call(translator.getRoot(), "get", Expressions.constant(ScanSpec.SOURCE)), TableSource.class);
        Expression name = Expressions.convert_(translator.translateList(call.getOperands()).get(0), String.class);
        return Expressions.call(source, sourceMethod, name);
      };
    }
  }
}
