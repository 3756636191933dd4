package org.morphdb.engine.sql.parser;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP VIEW [IF EXISTS] v [CASCADE | RESTRICT]}. */
public final class SqlMorphDropView extends SqlDropWithCascade {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("DROP VIEW", SqlKind.DROP_VIEW);

  public SqlMorphDropView(SqlParserPos pos, boolean ifExists, SqlIdentifier name, boolean cascade) {
    super(OPERATOR, pos, ifExists, name, cascade);
  }
}
