package org.morphdb.engine.catalog;

import java.sql.Types;

/**
 * The SQL types a column can have. Values are stored normalized (see {@code Values}): every
 * integer kind as Long, REAL and DOUBLE as Double, so widening a column never rewrites rows
 * and never changes keys.
 */
public enum TypeKind {
  BOOLEAN(Types.BOOLEAN, "java.lang.Boolean"),
  TINYINT(Types.TINYINT, "java.lang.Byte"),
  SMALLINT(Types.SMALLINT, "java.lang.Short"),
  INTEGER(Types.INTEGER, "java.lang.Integer"),
  BIGINT(Types.BIGINT, "java.lang.Long"),
  DECIMAL(Types.DECIMAL, "java.math.BigDecimal"),
  REAL(Types.REAL, "java.lang.Float"),
  DOUBLE(Types.DOUBLE, "java.lang.Double"),
  CHAR(Types.CHAR, "java.lang.String"),
  VARCHAR(Types.VARCHAR, "java.lang.String"),
  DATE(Types.DATE, "java.time.LocalDate"),
  TIME(Types.TIME, "java.time.LocalTime"),
  TIMESTAMP(Types.TIMESTAMP, "java.time.LocalDateTime"),
  VARBINARY(Types.VARBINARY, "[B");

  private final int jdbcType;
  private final String javaClass;

  TypeKind(int jdbcType, String javaClass) {
    this.jdbcType = jdbcType;
    this.javaClass = javaClass;
  }

  public int jdbcType() { return jdbcType; }

  public String javaClass() { return javaClass; }

  public boolean isInteger() {
    return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
  }

  public boolean isNumeric() {
    return isInteger() || this == DECIMAL || this == REAL || this == DOUBLE;
  }

  public boolean isString() { return this == CHAR || this == VARCHAR; }
}
