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

/**
 * {@code COMMIT [WORK]}, {@code ROLLBACK [WORK]}, {@code SAVEPOINT s},
 * {@code ROLLBACK [WORK] TO [SAVEPOINT] s} and {@code RELEASE [SAVEPOINT] s}: run by the
 * session, which owns the transaction.
 */
public final class SqlTransactionControl extends SqlCall {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("TRANSACTION CONTROL", SqlKind.OTHER);

  /** What the statement does. */
  public enum Action { COMMIT, ROLLBACK, SAVEPOINT, ROLLBACK_TO, RELEASE }

  private final Action action;
  private final SqlIdentifier savepoint;

  public SqlTransactionControl(SqlParserPos pos, Action action, SqlIdentifier savepoint) {
    super(pos);
    this.action = action;
    this.savepoint = savepoint;
  }

  public Action action() { return action; }

  /** The savepoint's name, or null for COMMIT and ROLLBACK. */
  public SqlIdentifier savepoint() { return savepoint; }

  @Override public SqlOperator getOperator() { return OPERATOR; }

  @Override public List<SqlNode> getOperandList() {
    return savepoint == null ? List.of() : List.of(savepoint);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(action.name().replace('_', ' '));
    if (savepoint != null) {
      savepoint.unparse(writer, 0, 0);
    }
  }
}
