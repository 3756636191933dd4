package org.morphdb.engine.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CANCEL DDL JOB n}: walks a running DDL job back. */
public final class SqlCancelDdlJob extends SqlCall {
  private static final SqlOperator OPERATOR =
      new SqlSpecialOperator("CANCEL DDL JOB", SqlKind.OTHER);

  private final SqlLiteral literal;
  private final long jobId;

  /** The parser checks that {@code literal} holds {@code jobId}. */
  public SqlCancelDdlJob(SqlParserPos pos, SqlLiteral literal, long jobId) {
    super(pos);
    this.literal = literal;
    this.jobId = jobId;
  }

  public long jobId() {
    return jobId;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(literal);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CANCEL DDL JOB");
    literal.unparse(writer, 0, 0);
  }
}
