package org.morphdb.engine.sql.parser;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code DROP TABLE [IF EXISTS] t [CASCADE | RESTRICT]}: CASCADE also drops the foreign keys of
 * other tables that refer to it; RESTRICT (the default) refuses with 2BP01 while one does.
 */
public final class SqlMorphDropTable extends SqlDropWithCascade {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("DROP TABLE", SqlKind.DROP_TABLE);

  public SqlMorphDropTable(SqlParserPos pos, boolean ifExists, SqlIdentifier name, boolean cascade) {
    super(OPERATOR, pos, ifExists, name, cascade);
  }
}
