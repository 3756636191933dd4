package org.morphdb.engine.api;

import java.util.Map;

/**
 * Entry point: opens sessions on named in-memory databases.
 *
 * <p>A database is created by the first session that names it, with that session's
 * database options (nodes, delay, lockTimeout, completenessTimeout, lag, unsafe, keep);
 * a later session naming a different value of one of them fails with CANNOT_CONNECT
 * (08001). The database lives while a session on it is open, or for the life of the
 * JVM when {@code keep=true}.
 */
public final class Databases {
  private Databases() {}

  /**
   * Opens a session.
   *
   * @param name    database name (the NAME in jdbc:morph:mem:NAME), or {@code file:PATH} for a
   *                durable database in directory PATH (jdbc:morph:file:PATH)
   * @param options all URL options; database options and session options (node) together
   */
  public static Session connect(String name, Map<String, String> options) {
    return org.morphdb.engine.DatabaseRegistry.connect(name, options);
  }

  /** Test hooks of an open database; fails when no database has that name. */
  public static TestHooks testHooks(String name) {
    return org.morphdb.engine.DatabaseRegistry.testHooks(name);
  }
}
