package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.morphdb.engine.catalog.ForeignKeyDef.RefAction;

/**
 * {@code [CONSTRAINT n] FOREIGN KEY (c, ...) REFERENCES p [(k, ...)] [ON DELETE action]
 * [ON UPDATE action]}, or a column's {@code REFERENCES p [(k)] ...} lifted to this form. The
 * parent's columns, when not written, are its primary key.
 */
public final class SqlForeignKey extends SqlCall {
  private static final SqlOperator OPERATOR = new SqlSpecialOperator("FOREIGN KEY", SqlKind.FOREIGN_KEY);

  private final SqlIdentifier name;
  private final SqlNodeList columns;
  private final SqlIdentifier parent;
  private final SqlNodeList parentColumns;
  private final RefAction onDelete;
  private final RefAction onUpdate;

  public SqlForeignKey(SqlParserPos pos, SqlIdentifier name, SqlNodeList columns, SqlIdentifier parent,
      SqlNodeList parentColumns, RefAction onDelete, RefAction onUpdate) {
    super(pos);
    this.name = name;
    this.columns = columns;
    this.parent = parent;
    this.parentColumns = parentColumns;
    this.onDelete = onDelete == null ? RefAction.NO_ACTION : onDelete;
    this.onUpdate = onUpdate == null ? RefAction.NO_ACTION : onUpdate;
  }

  /** The CONSTRAINT name, or null. */
  public SqlIdentifier name() { return name; }

  public List<String> columns() { return names(columns); }

  public SqlIdentifier parent() { return parent; }

  /** The parent's columns as written; empty means its primary key. */
  public List<String> parentColumns() { return parentColumns == null ? List.of() : names(parentColumns); }

  public RefAction onDelete() { return onDelete; }

  public RefAction onUpdate() { return onUpdate; }

  private static List<String> names(SqlNodeList list) {
    List<String> out = new ArrayList<>();
    for (SqlNode n : list) {
      out.add(((SqlIdentifier) n).getSimple());
    }
    return out;
  }

  @Override public SqlOperator getOperator() { return OPERATOR; }

  @Override public List<SqlNode> getOperandList() { return List.of(columns, parent); }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("FOREIGN KEY");
    columns.unparse(writer, 0, 0);
    writer.keyword("REFERENCES");
    parent.unparse(writer, 0, 0);
  }
}
