package org.morphdb.engine.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP SEQUENCE [IF EXISTS] s}. */
public final class SqlDropSequence extends SqlDrop {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("DROP SEQUENCE", SqlKind.DROP_SEQUENCE);

  private final SqlIdentifier name;

  public SqlDropSequence(SqlParserPos pos, SqlIdentifier name, boolean ifExists) {
    super(OPERATOR, pos, ifExists);
    this.name = name;
  }

  public SqlIdentifier name() { return name; }

  public boolean ifExists() { return ifExists; }

  @Override public List<SqlNode> getOperandList() { return List.of(name); }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("DROP SEQUENCE");
    name.unparse(writer, 0, 0);
  }
}
