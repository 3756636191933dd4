package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;
import org.apache.calcite.sql.ddl.SqlCreateTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code CREATE TABLE [IF NOT EXISTS] t (element, ...)}: Calcite's
 * {@link SqlCreateTable} with accessors.
 *
 * <p>The element list holds, in source order, Calcite's
 * {@link SqlColumnDeclaration} for each column and {@code SqlKeyConstraint} /
 * {@code SqlCheckConstraint} for each constraint. A column-level
 * {@code PRIMARY KEY}, {@code UNIQUE} or {@code CHECK} is lifted into a
 * table-level element right after its column (a one-column key, or the check
 * with its optional {@code CONSTRAINT} name), so {@link #constraints()} shows
 * both spellings alike. Column nullability is on the declared type
 * ({@code dataType.getNullable()}: FALSE for NOT NULL, TRUE for NULL, null when
 * unspecified), the DEFAULT expression in {@code expression}.
 */
public final class SqlMorphCreateTable extends SqlCreateTable {

  public SqlMorphCreateTable(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name,
      SqlNodeList elements) {
    super(pos, false, ifNotExists, name, elements, null);
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  /** Columns and constraints in source order, as Calcite nodes. */
  public SqlNodeList elements() {
    return columnList;
  }

  /** The columns, in declaration order. */
  public List<ColumnDecl> columns() {
    final List<ColumnDecl> out = new ArrayList<>();
    for (SqlNode element : columnList) {
      if (element instanceof SqlColumnDeclaration) {
        out.add(ColumnDecl.of((SqlColumnDeclaration) element));
      }
    }
    return List.copyOf(out);
  }

  /** The IDENTITY options of columns, in declaration order. */
  public List<SqlIdentityOption> identities() {
    final List<SqlIdentityOption> out = new ArrayList<>();
    for (SqlNode element : columnList) {
      if (element instanceof SqlIdentityOption identity) {
        out.add(identity);
      }
    }
    return List.copyOf(out);
  }

  /** Table-level and lifted column-level constraints, in source order. */
  public List<TableConstraint> constraints() {
    final List<TableConstraint> out = new ArrayList<>();
    for (SqlNode element : columnList) {
      if (TableConstraint.isConstraint(element)) {
        out.add(TableConstraint.of(element));
      }
    }
    return List.copyOf(out);
  }
}
