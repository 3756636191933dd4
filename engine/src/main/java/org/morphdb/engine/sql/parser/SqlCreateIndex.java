package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
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
 * {@code CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON t (c [ASC | DESC], ...)}.
 * In {@link #columnList()} a descending column is wrapped in a {@code DESC}
 * call, as in an ORDER BY; {@link #columns()} gives the plain view.
 */
public final class SqlCreateIndex extends SqlCreate {
  private static final SqlOperator OPERATOR =
      new SqlSpecialOperator("CREATE INDEX", SqlKind.CREATE_INDEX);

  /** One indexed column and its direction. */
  public record IndexColumn(SqlIdentifier name, boolean descending) {}

  private final boolean unique;
  private final SqlIdentifier name;
  private final SqlIdentifier table;
  private final SqlNodeList columnList;

  public SqlCreateIndex(SqlParserPos pos, boolean unique, boolean ifNotExists,
      SqlIdentifier name, SqlIdentifier table, SqlNodeList columnList) {
    super(OPERATOR, pos, false, ifNotExists);
    this.unique = unique;
    this.name = name;
    this.table = table;
    this.columnList = columnList;
  }

  public boolean unique() {
    return unique;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  public SqlIdentifier name() {
    return name;
  }

  public SqlIdentifier table() {
    return table;
  }

  /** The key columns as parsed: identifiers, descending ones inside a DESC call. */
  public SqlNodeList columnList() {
    return columnList;
  }

  /** The key columns in order, with their direction. */
  public List<IndexColumn> columns() {
    final List<IndexColumn> out = new ArrayList<>(columnList.size());
    for (SqlNode node : columnList) {
      if (node.getKind() == SqlKind.DESCENDING) {
        out.add(new IndexColumn(((SqlCall) node).operand(0), true));
      } else {
        out.add(new IndexColumn((SqlIdentifier) node, false));
      }
    }
    return List.copyOf(out);
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name, table, columnList);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE");
    if (unique) {
      writer.keyword("UNIQUE");
    }
    writer.keyword("INDEX");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, 0, 0);
    writer.keyword("ON");
    table.unparse(writer, 0, 0);
    final SqlWriter.Frame frame = writer.startList("(", ")");
    for (SqlNode column : columnList) {
      writer.sep(",");
      column.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
