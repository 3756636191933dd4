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
  VARBINARY(Types.VARBINARY, "[B"),
  /** Character large object: stored, compared and planned as an unbounded VARCHAR. */
  CLOB(Types.CLOB, "java.lang.String", VARCHAR, "CLOB"),
  /** Binary large object: stored, compared and planned as an unbounded VARBINARY. */
  BLOB(Types.BLOB, "[B", VARBINARY, "BLOB"),
  /**
   * A JSON document kept as its text (checked to be well-formed JSON when written), planned as
   * an unbounded VARCHAR.
   */
  JSON(Types.OTHER, "java.lang.String", VARCHAR, "JSON"),
  /**
   * Stored as its canonical text (36 lower-case characters), so it sorts as its 16 bytes do,
   * unsigned, and indexes like any string; planned as VARCHAR(36), so queries return the text
   * (the driver's getObject(i, UUID.class) makes a java.util.UUID of it).
   */
  UUID(Types.OTHER, "java.lang.String", VARCHAR, "UUID"),
  /**
   * An instant: stored as epoch milliseconds in UTC (the offset it was written with is not
   * kept), as PostgreSQL's timestamptz; clients get an OffsetDateTime at UTC.
   */
  TIMESTAMP_TZ(Types.TIMESTAMP_WITH_TIMEZONE, "java.time.OffsetDateTime", TIMESTAMP, "TIMESTAMP WITH TIME ZONE");

  private final int jdbcType;
  private final String javaClass;
  private final TypeKind storage;
  private final String sqlName;

  TypeKind(int jdbcType, String javaClass) {
    this.jdbcType = jdbcType;
    this.javaClass = javaClass;
    this.storage = null;
    this.sqlName = null;
  }

  TypeKind(int jdbcType, String javaClass, TypeKind storage, String sqlName) {
    this.jdbcType = jdbcType;
    this.javaClass = javaClass;
    this.storage = storage;
    this.sqlName = sqlName;
  }

  public int jdbcType() { return jdbcType; }

  public String javaClass() { return javaClass; }

  /**
   * The kind whose stored form, key encoding and comparisons this kind shares: itself for
   * the basic kinds; VARCHAR for CLOB, JSON and UUID; VARBINARY for BLOB; TIMESTAMP for
   * TIMESTAMP_TZ. Stored values are never of a new Java class.
   */
  public TypeKind storage() { return storage == null ? this : storage; }

  /** The type's name in SQL (DDL, metadata). */
  public String sqlName() { return sqlName == null ? name() : sqlName; }

  public boolean isInteger() {
    return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
  }

  public boolean isNumeric() {
    return isInteger() || this == DECIMAL || this == REAL || this == DOUBLE;
  }

  /** CHAR and VARCHAR (not the kinds stored as VARCHAR, which convert values their own way). */
  public boolean isString() { return this == CHAR || this == VARCHAR; }

  /**
   * The kind of a query's result column of this type: the storage kind (a UUID column reads
   * as VARCHAR), but TIMESTAMP_TZ, planned as an instant, stays itself.
   */
  public TypeKind resultKind() { return this == TIMESTAMP_TZ ? this : storage(); }
}
