package org.morphdb.engine.api;

/**
 * Every failure the engine reports, with the SQLState and vendor code of the
 * public contract (DESIGN.md). The driver maps these to SQLException subclasses
 * in one place.
 */
public enum ErrorCode {
  SCHEMA_CHANGED("40001", 1001, true),
  INCOMPATIBLE_SCHEMA("40001", 1002, true),
  LOCK_CONFLICT("40001", 1003, true),
  NODE_BEHIND("40001", 1004, true),
  SCHEMA_VERSION_MISMATCH("MR001", 1005, true),
  /** A transaction aborted for another retriable reason (e.g. serialization). */
  TRANSACTION_ABORTED("40001", 1006, true),
  SYNTAX_ERROR("42000", 0, false),
  /** Semantic error in a statement: wrong types, ambiguous names, bad arguments. */
  INVALID_STATEMENT("42000", 0, false),
  TABLE_NOT_FOUND("42S02", 0, false),
  TABLE_EXISTS("42S01", 0, false),
  COLUMN_NOT_FOUND("42S22", 0, false),
  COLUMN_EXISTS("42S21", 0, false),
  INDEX_NOT_FOUND("42S12", 0, false),
  INDEX_EXISTS("42S11", 0, false),
  UNIQUE_VIOLATION("23505", 0, false),
  NOT_NULL_VIOLATION("23502", 0, false),
  CHECK_VIOLATION("23513", 0, false),
  FOREIGN_KEY_VIOLATION("23503", 0, false),
  /** Value too long, numeric overflow, bad cast. */
  DATA_EXCEPTION("22000", 0, false),
  CARDINALITY_VIOLATION("21000", 0, false),
  NUMERIC_OVERFLOW("22003", 0, false),
  DIVISION_BY_ZERO("22012", 0, false),
  INVALID_CAST("22018", 0, false),
  STRING_TOO_LONG("22001", 0, false),
  READ_ONLY_TRANSACTION("25006", 0, false),
  /** A sequence (or IDENTITY column) that does not cycle has handed out its last value. */
  SEQUENCE_EXHAUSTED("2200H", 0, false),
  /** A value given for a GENERATED ALWAYS column. */
  GENERATED_ALWAYS("428C9", 0, false),
  SEQUENCE_NOT_FOUND("42S02", 0, false),
  /** CURRENT VALUE FOR a sequence that has handed out no value yet. */
  SEQUENCE_NOT_STARTED("55000", 0, false),
  SEQUENCE_EXISTS("42S01", 0, false),
  DDL_IN_TRANSACTION("25001", 0, false),
  /** An operation not allowed while a transaction is active (e.g. changing read-only mode). */
  TRANSACTION_ACTIVE("25001", 0, false),
  NO_ACTIVE_TRANSACTION("25000", 0, false),
  DEPENDENT_OBJECTS("2BP01", 0, false),
  /** A savepoint that does not exist, or one set outside a transaction. */
  INVALID_SAVEPOINT("3B001", 0, false),
  CANCELLED("57014", 0, false),
  FEATURE_NOT_SUPPORTED("0A000", 0, false),
  CANNOT_CONNECT("08001", 0, false),
  /** Server mode: the connection to the server broke; the connection cannot be used. */
  CONNECTION_LOST("08006", 0, false),
  /** Server mode: the connection broke while a commit's outcome was on the way. */
  TRANSACTION_RESOLUTION_UNKNOWN("08007", 0, false),
  /** Server mode: a request larger than the server accepts (its frame limit). */
  REQUEST_TOO_LARGE("54000", 0, false),
  /** Server mode: unknown user or wrong password. */
  INVALID_AUTHORIZATION("28000", 0, false),
  /** The session or statement is closed. */
  CLOSED("08003", 0, false),
  INTERNAL_ERROR("XX000", 0, false),
  /** The disk failed under a durable database (a write or a force of its log or checkpoint). */
  IO_ERROR("58030", 0, false),
  /** A durable database's files are damaged: opening it would lose or invent data. */
  DATA_CORRUPTED("XX001", 0, false);

  private final String sqlState;
  private final int vendorCode;
  private final boolean retriable;

  ErrorCode(String sqlState, int vendorCode, boolean retriable) {
    this.sqlState = sqlState;
    this.vendorCode = vendorCode;
    this.retriable = retriable;
  }

  public String sqlState() { return sqlState; }

  public int vendorCode() { return vendorCode; }

  /** True for errors after which the same work may succeed when retried. */
  public boolean retriable() { return retriable; }
}
