package org.morphdb.engine.api;

/** What a statement does, which decides the shape of its {@link Response}. */
public enum StatementKind {
  /** Returns rows (SELECT, VALUES, EXPLAIN, CHECK TABLE, system queries). */
  QUERY,
  /** Returns an update count (INSERT, UPDATE, DELETE). */
  DML,
  /** Schema change; returns neither rows nor a meaningful count. */
  DDL,
  /** Transaction control and other statements without a result. */
  OTHER
}
