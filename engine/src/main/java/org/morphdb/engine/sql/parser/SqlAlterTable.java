package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDdl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code ALTER TABLE t action}: one node for every variant, the variant being
 * the {@link AlterAction} record returned by {@link #action()}.
 */
public final class SqlAlterTable extends SqlDdl {
  private static final SqlOperator OPERATOR =
      new SqlSpecialOperator("ALTER TABLE", SqlKind.ALTER_TABLE);

  private final SqlIdentifier table;
  private final AlterAction action;

  public SqlAlterTable(SqlParserPos pos, SqlIdentifier table, AlterAction action) {
    super(OPERATOR, pos);
    this.table = table;
    this.action = action;
  }

  public SqlIdentifier table() {
    return table;
  }

  public AlterAction action() {
    return action;
  }

  /** Shorthand for {@code action().kind()}. */
  public AlterAction.Kind actionKind() {
    return action.kind();
  }

  @Override public List<SqlNode> getOperandList() {
    final List<SqlNode> operands = new ArrayList<>();
    operands.add(table);
    operands.addAll(action.operands());
    return operands;
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("ALTER TABLE");
    table.unparse(writer, 0, 0);
    action.unparse(writer);
  }
}
