package org.morphdb.engine.sql.exec;

/** The rows of one operator in one execution, pulled one at a time. */
interface Rows extends AutoCloseable {
  /** The next row, or null when there are no more. */
  Object[] next();

  @Override
  default void close() {}

  /** An operator: opens its rows for an execution. */
  @FunctionalInterface
  interface Node {
    Rows open(ExecContext ctx);
  }

  static Rows of(java.util.Iterator<Object[]> it) {
    return () -> it.hasNext() ? it.next() : null;
  }
}
