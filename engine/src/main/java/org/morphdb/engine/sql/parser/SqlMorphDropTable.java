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

/**
 * {@code DROP TABLE [IF EXISTS] t [CASCADE | RESTRICT]}: CASCADE also drops the foreign keys of other tables that refer to it; RESTRICT (the default) refuses with 2BP01 while one does.
 * (Calcite's own {@code SqlDropTable} cannot carry CASCADE.)
 */
public final class SqlMorphDropTable extends SqlDrop {
  private static final SqlOperator OPERATOR =
      new SqlSpecialOperator("DROP TABLE", SqlKind.DROP_TABLE);

  private final SqlIdentifier name;
  private final boolean cascade;

  public SqlMorphDropTable(SqlParserPos pos, boolean ifExists, SqlIdentifier name,
      boolean cascade) {
    super(OPERATOR, pos, ifExists);
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
    writer.keyword("DROP TABLE");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, 0, 0);
    if (cascade) {
      writer.keyword("CASCADE");
    }
  }
}
