package org.morphdb.engine;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
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
  /**
   * Name → the database, or its opening or closing under way. The lock on this map is held
   * only to look up and swap entries, never while a database opens or shuts down (recovery,
   * planner warm-up, a checkpoint): a connect to one database does not wait behind another's.
   * A completed future holds an open database; one completed with null or failed tells a
   * waiter to look again (its database closed, or its opening failed for the opener).
   */
  private static final Map<String, CompletableFuture<Database>> DATABASES = new HashMap<>();
  private static volatile Consumer<String> beforeOpen = name -> {};

  private DatabaseRegistry() {}

  public static Session connect(String name, Map<String, String> options) {
    if (name == null || name.isBlank()) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Database name missing: use jdbc:morph:mem:NAME");
    }
    DatabaseOptions requested = DatabaseOptions.parse(options);
    boolean file = name.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length());
    String key = file ? FILE_PREFIX + directory(name) : name;
    Database db = acquire(key, file, requested, options);
    try {
      return db.openSession(options);
    } catch (RuntimeException e) {
      sessionClosed(db);
      throw e;
    }
  }

  /** The open database {@code key}, opened by this call if no other has; its session count taken. */
  private static Database acquire(String key, boolean file, DatabaseOptions requested, Map<String, String> options) {
    while (true) {
      CompletableFuture<Database> entry;
      boolean opener = false;
      synchronized (DATABASES) {
        entry = DATABASES.get(key);
        if (entry == null) {
          entry = new CompletableFuture<>();
          DATABASES.put(key, entry);
          opener = true;
        }
      }
      Database db = opener ? openAs(entry, key, file, requested, options) : awaitQuietly(entry);
      if (db == null) {
        continue; // it closed, or its opener failed: look again
      }
      synchronized (DATABASES) {
        if (DATABASES.get(key) != entry) {
          continue; // closed since: look again
        }
        if (!opener) {
          db.options().checkCompatible(requested, key);
        }
        db.sessionOpened();
        return db;
      }
    }
  }

  private static Database openAs(CompletableFuture<Database> entry, String key, boolean file,
      DatabaseOptions requested, Map<String, String> options) {
    try {
      beforeOpen.accept(key);
      Database db = file ? openFile(key, requested, options) : new Database(key, requested);
      entry.complete(db);
      return db;
    } catch (RuntimeException | Error e) {
      synchronized (DATABASES) {
        DATABASES.remove(key, entry);
      }
      entry.complete(null); // waiters try themselves: their options may open it
      throw e;
    }
  }

  private static Database awaitQuietly(CompletableFuture<Database> entry) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return entry.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          return null;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Tests: runs with a database's name just before this JVM creates or opens it. */
  public static void beforeOpenForTests(Consumer<String> hook) {
    beforeOpen = hook == null ? name -> {} : hook;
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
    CompletableFuture<Database> entry;
    synchronized (DATABASES) {
      entry = DATABASES.get(key);
    }
    Database db = entry == null ? null : entry.getNow(null);
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
    String key = name.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length()) ? FILE_PREFIX + directory(name) : name;
    Database db;
    synchronized (DATABASES) {
      CompletableFuture<Database> entry = DATABASES.get(key);
      db = entry == null ? null : entry.getNow(null);
      if (db != null) {
        DATABASES.remove(key);
      }
    }
    if (db == null) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "No open database named %s", name);
    }
    db.abandon();
  }

  /**
   * Called when a session closes; shuts the database down with its last session unless
   * keep=true. Until the shutdown (a file database's checkpoint) ends, a connect to the same
   * name waits for it, then opens the database afresh.
   */
  static void sessionClosed(Database db) {
    CompletableFuture<Database> closing = new CompletableFuture<>();
    synchronized (DATABASES) {
      CompletableFuture<Database> entry = DATABASES.get(db.name());
      // a database no longer registered was shut down or crashed (tests) already
      if (!db.sessionClosedLast() || db.options().keep() || entry == null || entry.getNow(null) != db) {
        return;
      }
      DATABASES.put(db.name(), closing);
    }
    try {
      db.shutdown();
    } finally {
      synchronized (DATABASES) {
        DATABASES.remove(db.name(), closing);
      }
      closing.complete(null);
    }
  }
}
