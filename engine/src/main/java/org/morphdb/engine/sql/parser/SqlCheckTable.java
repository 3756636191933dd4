package org.morphdb.engine.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CHECK TABLE t}: a query returning one row per inconsistency found. */
public final class SqlCheckTable extends SqlCall {
  private static final SqlOperator OPERATOR =
      new SqlSpecialOperator("CHECK TABLE", SqlKind.OTHER);

  private final SqlIdentifier table;

  public SqlCheckTable(SqlParserPos pos, SqlIdentifier table) {
    super(pos);
    this.table = table;
  }

  public SqlIdentifier table() {
    return table;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(table);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CHECK TABLE");
    table.unparse(writer, 0, 0);
  }
}
