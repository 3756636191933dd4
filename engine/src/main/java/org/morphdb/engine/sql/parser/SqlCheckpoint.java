package org.morphdb.engine.sql.parser;

import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code CHECKPOINT}: writes a checkpoint of a file database now (a no-op in memory). Taken
 * before the grammar: the statement is one word, and giving it a keyword in Calcite's parser
 * would reserve CHECKPOINT as a name.
 */
public final class SqlCheckpoint extends SqlCall {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("CHECKPOINT", SqlKind.OTHER);
  private static final Pattern STATEMENT = Pattern.compile("\\s*(?i:CHECKPOINT)\\s*;?\\s*");

  public SqlCheckpoint(SqlParserPos pos) {
    super(pos);
  }

  /** True when {@code sql} is the statement CHECKPOINT (any case, an optional semicolon). */
  static boolean matches(String sql) {
    return sql.length() < 40 && STATEMENT.matcher(sql).matches();
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CHECKPOINT");
  }
}
