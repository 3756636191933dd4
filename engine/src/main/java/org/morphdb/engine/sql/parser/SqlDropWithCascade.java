package org.morphdb.engine.sql.parser;

import java.util.List;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code DROP <object> [IF EXISTS] name [CASCADE | RESTRICT]}; RESTRICT is the default.
 * (Calcite's own drop nodes cannot carry CASCADE.)
 */
public abstract class SqlDropWithCascade extends SqlDrop {
  private final SqlIdentifier name;
  private final boolean cascade;

  SqlDropWithCascade(SqlOperator operator, SqlParserPos pos, boolean ifExists, SqlIdentifier name,
      boolean cascade) {
    super(operator, pos, ifExists);
    this.name = name;
    this.cascade = cascade;
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean ifExists() {
    return ifExists;
  }

  /** True for CASCADE, false for RESTRICT or nothing. */
  public boolean cascade() {
    return cascade;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(getOperator().getName());
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, 0, 0);
    if (cascade) {
      writer.keyword("CASCADE");
    }
  }
}
