package org.morphdb.engine.sql.exec;

/** A compiled scalar expression over one input row, in Calcite's value representation. */
@FunctionalInterface
interface Scalar {
  Object eval(Object[] row, ExecContext ctx);
}
