package org.morphdb.engine;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.durable.DatabaseFiles;

/**
 * The open databases of this JVM. An in-memory database is created by the first session
 * naming it and lives while a session on it is open (or for the JVM's life with keep=true).
 * A file database ({@code file:PATH}) is opened the same way, shared by the sessions of this
 * JVM, and closed (checkpointed, its directory released) with its last session.
 */
public final class DatabaseRegistry {
  private static final Map<String, Database> DATABASES = new HashMap<>();

  private DatabaseRegistry() {}

  public static Session connect(String name, Map<String, String> options) {
    if (name == null || name.isBlank()) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Database name missing: use jdbc:morph:mem:NAME");
    }
    DatabaseOptions requested = DatabaseOptions.parse(options);
    boolean file = name.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length());
    if (file) {
      name = FILE_PREFIX + directory(name);
    }
    Database db;
    synchronized (DATABASES) {
      db = DATABASES.get(name);
      if (db == null) {
        db = file ? openFile(name, requested, options) : new Database(name, requested);
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

  private static final String FILE_PREFIX = "file:";

  private static Path directory(String name) {
    String path = name.substring(FILE_PREFIX.length()).trim();
    if (path.isEmpty()) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Database directory missing: use jdbc:morph:file:PATH");
    }
    try {
      return Path.of(path).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "Invalid database directory '%s': %s", path, e.getMessage());
    }
  }

  /**
   * Opens (or creates) a file database. The options that shape it are recorded at creation;
   * a later open naming a different value fails with 08001, one naming none gets them back.
   */
  private static Database openFile(String name, DatabaseOptions requested, Map<String, String> options) {
    boolean ifExists = options.entrySet().stream()
        .anyMatch(e -> e.getKey().equalsIgnoreCase("ifexists") && Boolean.parseBoolean(e.getValue().trim()));
    DatabaseFiles files = DatabaseFiles.open(Path.of(name.substring(FILE_PREFIX.length())), ifExists);
    try {
      Map<String, String> creation = new TreeMap<>(files.creationOptions());
      Map<String, String> effective = new HashMap<>(creation);
      for (Map.Entry<String, String> e : requested.explicit().entrySet()) {
        if (DatabaseOptions.CREATION_KEYS.contains(e.getKey())) {
          if (!files.created()) {
            DatabaseOptions.parse(creation).checkCompatible(
                DatabaseOptions.parse(Map.of(e.getKey(), e.getValue())), name);
          }
          creation.put(e.getKey(), e.getValue());
        }
        effective.put(e.getKey(), e.getValue());
      }
      if (files.created()) {
        files.writeCreationOptions(creation);
      }
      return new Database(name, DatabaseOptions.parse(effective), files);
    } catch (RuntimeException e) {
      files.close();
      throw e;
    }
  }

  public static org.morphdb.engine.api.TestHooks testHooks(String name) {
    return open(name).testHooks();
  }

  /** The open database named {@code name} (tests reach its store through this). */
  static Database open(String name) {
    String key = name.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length()) ? FILE_PREFIX + directory(name) : name;
    Database db;
    synchronized (DATABASES) {
      db = DATABASES.get(key);
    }
    if (db == null) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "No open database named %s", name);
    }
    return db;
  }

  /**
   * Tests: forgets the open database {@code name} as if its process had been killed: no
   * checkpoint, no last force; its sessions are left dangling. A file database can then be
   * opened again from what is on disk.
   */
  public static void simulateCrash(String name) {
    Database db;
    synchronized (DATABASES) {
      db = DATABASES.remove(name.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length())
          ? FILE_PREFIX + directory(name) : name);
    }
    if (db == null) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "No open database named %s", name);
    }
    db.abandon();
  }

  /** Called when a session closes; drops the database with its last session unless keep=true. */
  static void sessionClosed(Database db) {
    synchronized (DATABASES) {
      // a database no longer registered was shut down or crashed (tests) already
      if (db.sessionClosedLast() && !db.options().keep() && DATABASES.remove(db.name(), db)) {
        db.shutdown();
      }
    }
  }
}
