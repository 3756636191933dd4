package org.morphdb.engine.api;

/**
 * Forward-only rows of a result. Values use JDBC-friendly Java types: Boolean, Byte,
 * Short, Integer, Long, BigDecimal, Float, Double, String, java.time.LocalDate,
 * LocalTime, LocalDateTime, byte[]; SQL NULL is null.
 */
public interface RowCursor extends AutoCloseable {
  /** Advances to the next row; false at the end. */
  boolean next();

  /** The current row; valid until the next call to {@link #next()}. */
  Object[] current();

  @Override
  void close();
}
