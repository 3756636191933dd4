package org.morphdb.engine.sql.plan;

import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Integer {@code + - * /} and negation fail with an overflow error instead of wrapping
 * around (as in H2). DECIMAL arithmetic is exact already.
 */
final class CheckedArithmetic extends RelHomogeneousShuttle {
  private final RexShuttle rex;

  CheckedArithmetic(RexBuilder builder) {
    this.rex = new RexShuttle() {
      @Override
      public RexNode visitSubQuery(RexSubQuery subQuery) {
        RelNode rel = subQuery.rel.accept(CheckedArithmetic.this);
        return rel == subQuery.rel ? subQuery : subQuery.clone(rel);
      }

      @Override
      public RexNode visitCall(RexCall call) {
        boolean[] changed = {false};
        List<RexNode> operands = visitList(call.operands, changed);
        SqlOperator op = SqlTypeUtil.isIntType(call.getType()) ? checked(call) : call.getOperator();
        if (op == call.getOperator() && !changed[0]) {
          return call;
        }
        return op == call.getOperator() ? call.clone(call.getType(), operands)
            : builder.makeCall(call.getParserPosition(), call.getType(), op, operands);
      }
    };
  }

  private static SqlOperator checked(RexCall call) {
    return switch (call.getKind()) {
      case PLUS -> SqlStdOperatorTable.CHECKED_PLUS;
      case MINUS -> SqlStdOperatorTable.CHECKED_MINUS;
      case TIMES -> SqlStdOperatorTable.CHECKED_MULTIPLY;
      case MINUS_PREFIX -> SqlStdOperatorTable.CHECKED_UNARY_MINUS;
      case DIVIDE -> SqlStdOperatorTable.CHECKED_DIVIDE;
      default -> call.getOperator();
    };
  }

  @Override
  public RelNode visit(RelNode other) {
    return super.visit(other).accept(rex);
  }
}
