package org.morphdb.engine.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.morphdb.engine.ddl.SequenceOptions;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ALTER SEQUENCE [IF EXISTS] s options}, RESTART [WITH n] among them. */
public final class SqlAlterSequence extends SqlCall {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("ALTER SEQUENCE", SqlKind.ALTER_SEQUENCE);

  private final SqlIdentifier name;
  private final boolean ifExists;
  private final SequenceOptions options;

  public SqlAlterSequence(SqlParserPos pos, SqlIdentifier name, boolean ifExists, SequenceOptions options) {
    super(pos);
    this.name = name;
    this.ifExists = ifExists;
    this.options = options;
  }

  public SqlIdentifier name() { return name; }

  public boolean ifExists() { return ifExists; }

  public SequenceOptions options() { return options; }

  @Override public SqlOperator getOperator() { return OPERATOR; }

  @Override public List<SqlNode> getOperandList() { return List.of(name); }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("ALTER SEQUENCE");
    name.unparse(writer, 0, 0);
  }
}
