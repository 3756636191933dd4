package org.morphdb.engine.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.morphdb.engine.ddl.SequenceOptions;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE SEQUENCE [IF NOT EXISTS] s [AS type] options}. */
public final class SqlCreateSequence extends SqlCreate {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("CREATE SEQUENCE", SqlKind.CREATE_SEQUENCE);

  private final SqlIdentifier name;
  private final SqlDataTypeSpec type;
  private final SequenceOptions options;

  public SqlCreateSequence(SqlParserPos pos, SqlIdentifier name, boolean ifNotExists,
      SqlDataTypeSpec type, SequenceOptions options) {
    super(OPERATOR, pos, false, ifNotExists);
    this.name = name;
    this.type = type;
    this.options = options;
  }

  public SqlIdentifier name() { return name; }

  public boolean ifNotExists() { return ifNotExists; }

  /** The declared value type, or null (BIGINT). */
  public SqlDataTypeSpec type() { return type; }

  public SequenceOptions options() { return options; }

  @Override public List<SqlNode> getOperandList() { return List.of(name); }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE SEQUENCE");
    name.unparse(writer, 0, 0);
  }
}
