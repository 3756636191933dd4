package org.morphdb.engine.sql.parser;

import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;

/**
 * A column definition as the executor reads it, taken from Calcite's
 * {@link SqlColumnDeclaration} (which stays in the parse tree).
 *
 * @param name         the column name (unquoted names already upper-cased)
 * @param type         the declared type; a name Calcite does not know, such as
 *                     {@code TEXT}, arrives as a user-defined type name for the
 *                     engine to map
 * @param notNull      true when {@code NOT NULL} was written; a PRIMARY KEY
 *                     column is not marked here, the executor implies it
 * @param defaultValue the {@code DEFAULT} expression, or null
 */
public record ColumnDecl(SqlIdentifier name, SqlDataTypeSpec type, boolean notNull,
    SqlNode defaultValue) {

  public static ColumnDecl of(SqlColumnDeclaration declaration) {
    return new ColumnDecl(
        declaration.name,
        declaration.dataType,
        Boolean.FALSE.equals(declaration.dataType.getNullable()),
        declaration.strategy == ColumnStrategy.DEFAULT ? declaration.expression : null);
  }

  /** The column name as a string. */
  public String simpleName() {
    return name.getSimple();
  }
}
