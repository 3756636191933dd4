package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v [(c, ...)] AS query}.
 * (Calcite's own {@code SqlCreateView} cannot carry IF NOT EXISTS.)
 */
public final class SqlMorphCreateView extends SqlCreate {
  private static final SqlOperator OPERATOR =
      new SqlSpecialOperator("CREATE VIEW", SqlKind.CREATE_VIEW);

  private final SqlIdentifier name;
  private final SqlNodeList columnList;
  private final SqlNode query;

  public SqlMorphCreateView(SqlParserPos pos, boolean replace, boolean ifNotExists,
      SqlIdentifier name, SqlNodeList columnList, SqlNode query) {
    super(OPERATOR, pos, replace, ifNotExists);
    this.name = name;
    this.columnList = columnList;
    this.query = query;
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean replace() {
    return getReplace();
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  /** The column names given after the view name; empty when none were given. */
  public List<SqlIdentifier> columns() {
    final List<SqlIdentifier> out = new ArrayList<>(columnList.size());
    for (SqlNode node : columnList) {
      out.add((SqlIdentifier) node);
    }
    return List.copyOf(out);
  }

  public SqlNode query() {
    return query;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name, columnList, query);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(getReplace() ? "CREATE OR REPLACE" : "CREATE");
    writer.keyword("VIEW");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, 0, 0);
    if (columnList.size() > 0) {
      final SqlWriter.Frame frame = writer.startList("(", ")");
      for (SqlNode column : columnList) {
        writer.sep(",");
        column.unparse(writer, 0, 0);
      }
      writer.endList(frame);
    }
    writer.keyword("AS");
    writer.newlineAndIndent();
    query.unparse(writer, 0, 0);
  }
}
