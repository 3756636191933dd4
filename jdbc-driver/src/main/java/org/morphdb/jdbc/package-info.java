/**
 * The MorphDB JDBC driver: a thin adapter from {@code java.sql} to the engine's only door,
 * {@code org.morphdb.engine.api}. Each JDBC method checks that its object is open, calls the
 * engine {@code Session}, and converts: errors in {@link org.morphdb.jdbc.Errors}, values in
 * {@link org.morphdb.jdbc.ValueConverter} (results) and {@link org.morphdb.jdbc.Parameters}
 * (parameters), retries in {@link org.morphdb.jdbc.RetryPolicy}.
 *
 * <p>Decisions, in one place:
 * <ul>
 *   <li>URL {@code jdbc:morph:mem:NAME[;key=value...]}; keys case-insensitive, canonical
 *       spelling sent to the engine; an unknown key or bad value in the URL is 08001; from
 *       {@code Properties} only known options are taken and the URL wins a conflict.
 *   <li>SQLStates made by the driver: 08003 closed connection; HY010 closed statement or
 *       result set (not class 08, so pools do not evict the connection); 24000 no current
 *       row; 07009 bad column/parameter index; 07001 parameter without value; 07005
 *       executeQuery of a statement without rows; 07003 executeUpdate of a query; 22003 /
 *       22018 / 22007 conversions; 42S22 unknown column label; 25001 setReadOnly or
 *       runInTransaction inside an open transaction; XX000 unexpected engine failure.
 *   <li>57014 from the engine is a plain SQLException (it also reports a cancelled DDL job);
 *       a statement whose own query timeout fired gets SQLTimeoutException.
 *   <li>Result sets are forward-only, read-only, CLOSE_CURSORS_AT_COMMIT; other requests are
 *       downgraded with a warning. Isolation is always SERIALIZABLE; other levels are
 *       accepted with a warning. {@code commit}/{@code rollback} in auto-commit do nothing.
 *   <li>{@code getObject} follows the JDBC default mapping (TINYINT/SMALLINT as Integer,
 *       DATE/TIME/TIMESTAMP as java.sql types); {@code getObject(i, LocalDate.class)} and
 *       friends give java.time values. {@code getString} on TIMESTAMP gives
 *       {@code yyyy-MM-dd HH:mm:ss[.f]}, on BOOLEAN {@code TRUE}/{@code FALSE}, on binary hex.
 *   <li>Generated keys are reported for INSERTs that ask for them (the IDENTITY column, else
 *       the primary key, or the columns named); savepoints are sent as SQL. Callable
 *       statements, LOB factories, arrays and structs are not supported (0A000).
 * </ul>
 */
package org.morphdb.jdbc;
