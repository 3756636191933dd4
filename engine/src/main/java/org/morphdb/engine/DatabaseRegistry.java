package org.morphdb.engine;

import java.util.HashMap;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;

/**
 * The named in-memory databases of this JVM. A database is created by the first session
 * naming it and lives while a session on it is open (or for the JVM's life with keep=true).
 */
public final class DatabaseRegistry {
  private static final Map<String, Database> DATABASES = new HashMap<>();

  private DatabaseRegistry() {}

  public static Session connect(String name, Map<String, String> options) {
    if (name == null || name.isBlank()) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Database name missing: use jdbc:morph:mem:NAME");
    }
    DatabaseOptions requested = DatabaseOptions.parse(options);
    Database db;
    synchronized (DATABASES) {
      db = DATABASES.get(name);
      if (db == null) {
        db = new Database(name, requested);
        DATABASES.put(name, db);
      } else {
        db.options().checkCompatible(requested, name);
      }
      db.sessionOpened();
    }
    try {
      return db.openSession(options);
    } catch (RuntimeException e) {
      sessionClosed(db);
      throw e;
    }
  }

  public static org.morphdb.engine.api.TestHooks testHooks(String name) {
    return open(name).testHooks();
  }

  /** The open database named {@code name} (tests reach its store through this). */
  static Database open(String name) {
    Database db;
    synchronized (DATABASES) {
      db = DATABASES.get(name);
    }
    if (db == null) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "No open database named %s", name);
    }
    return db;
  }

  /** Called when a session closes; drops the database with its last session unless keep=true. */
  static void sessionClosed(Database db) {
    synchronized (DATABASES) {
      if (db.sessionClosedLast() && !db.options().keep()) {
        DATABASES.remove(db.name(), db);
        db.shutdown();
      }
    }
  }
}
