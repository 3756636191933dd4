package org.morphdb.engine.sql.plan;

import org.morphdb.engine.catalog.TypeKind;

/** A scalar SQL expression over a table's columns (CHECK constraints, DEFAULTs); thread-safe. */
public interface CompiledExpression {

  /**
   * Evaluates the expression.
   *
   * @param row the table's values in Calcite repr, in {@code TableDef.columns()} order (a
   *            trailing row key, if present, is ignored); may be empty when the expression
   *            reads no column
   * @return the value in Calcite repr
   */
  Object evaluate(Object[] row);

  /** Kind of the result ({@code Values.toStored} / {@code toApi} convert with it). */
  TypeKind resultKind();
}
