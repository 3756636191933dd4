package org.morphdb.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

class DdlTranslatorTest {

  /**
   * Found by fuzzing: CREATE VIEW over a couple of thousand nested unary minus signs parsed,
   * then overflowed the stack while its query was unparsed for the catalog. The tree is
   * built here directly, deep enough to overflow on any stack, so the parser's own depth
   * limit cannot get in first.
   */
  @Test
  void storingTheTextOfATooDeeplyNestedExpressionIsAStatementError() {
    SqlNode expr = SqlLiteral.createExactNumeric("1", SqlParserPos.ZERO);
    for (int i = 0; i < 200_000; i++) {
      expr = SqlStdOperatorTable.UNARY_MINUS.createCall(SqlParserPos.ZERO, expr);
    }
    SqlNode deep = expr;
    MorphException e = assertThrows(MorphException.class, () -> DdlTranslator.sql(deep));
    assertEquals(ErrorCode.INVALID_STATEMENT, e.code());
    assertEquals("42000", e.code().sqlState());
  }

  @Test
  void storedTextOfAnOrdinaryExpressionIsItsUnparsedSql() {
    SqlNode expr = SqlStdOperatorTable.UNARY_MINUS.createCall(SqlParserPos.ZERO,
        SqlLiteral.createExactNumeric("7", SqlParserPos.ZERO));
    assertEquals("- 7", DdlTranslator.sql(expr));
  }
}
