package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.junit.jupiter.api.Test;

/** The cached table answers as the standard one does, and keeps a bounded number of misses. */
class CachedOperatorTableTest {
  private static final SqlNameMatcher MATCHER = SqlNameMatchers.withCaseSensitive(false);

  private static List<SqlOperator> lookUp(SqlOperatorTable table, String name,
      SqlFunctionCategory category, SqlSyntax syntax) {
    List<SqlOperator> list = new ArrayList<>();
    table.lookupOperatorOverloads(new SqlIdentifier(name, SqlParserPos.ZERO), category, syntax,
        list, MATCHER);
    return list;
  }

  @Test
  void everyLookupAnswersAsTheStandardTableDoesTheFirstTimeAndAfter() {
    CachedOperatorTable cached = new CachedOperatorTable(SqlStdOperatorTable.instance());
    Object[][] lookups = {
        {"ABS", SqlFunctionCategory.NUMERIC, SqlSyntax.FUNCTION},
        {"COUNT", null, SqlSyntax.FUNCTION},
        {"=", null, SqlSyntax.BINARY},
        {"-", null, SqlSyntax.BINARY},
        {"-", null, SqlSyntax.PREFIX},
        {"CURRENT_DATE", null, SqlSyntax.FUNCTION_ID},
        {"COL0", null, SqlSyntax.FUNCTION_ID},
        {"NO_SUCH_FUNCTION", SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION}};
    for (int round = 0; round < 2; round++) {
      for (Object[] l : lookups) {
        String name = (String) l[0];
        SqlFunctionCategory category = (SqlFunctionCategory) l[1];
        SqlSyntax syntax = (SqlSyntax) l[2];
        assertEquals(lookUp(SqlStdOperatorTable.instance(), name, category, syntax),
            lookUp(cached, name, category, syntax), name + " " + syntax + " round " + round);
      }
    }
    assertFalse(lookUp(cached, "ABS", SqlFunctionCategory.NUMERIC, SqlSyntax.FUNCTION).isEmpty());
  }

  @Test
  void namesThatFindNothingAreKeptOnlyUpToTheLimit() {
    CachedOperatorTable cached = new CachedOperatorTable(SqlStdOperatorTable.instance());
    for (int i = 0; i < CachedOperatorTable.MAX_UNKNOWN + 500; i++) {
      assertTrue(lookUp(cached, "COLUMN_" + i, null, SqlSyntax.FUNCTION_ID).isEmpty());
    }
    assertEquals(CachedOperatorTable.MAX_UNKNOWN, cached.size());
    assertEquals(1, lookUp(cached, "ABS", SqlFunctionCategory.NUMERIC, SqlSyntax.FUNCTION).size());
  }
}
