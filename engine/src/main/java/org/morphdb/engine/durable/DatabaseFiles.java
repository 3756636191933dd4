package org.morphdb.engine.durable;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * The directory of a durable database, held by one process at a time: a lock on {@code
 * db.lock} (released by the OS when the process dies, so a crash never leaves it stuck), and
 * {@code database.properties}, the database options fixed when it was created.
 */
public final class DatabaseFiles implements AutoCloseable {
  private static final String LOCK_FILE = "db.lock";
  private static final String OPTIONS_FILE = "database.properties";

  private final Path dir;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private final boolean created;

  private DatabaseFiles(Path dir, FileChannel lockChannel, FileLock lock, boolean created) {
    this.dir = dir;
    this.lockChannel = lockChannel;
    this.lock = lock;
    this.created = created;
  }

  /**
   * Takes the directory, creating it unless {@code ifExists}. Fails with 08001 when it is
   * missing and may not be created, cannot be made, or another process holds it.
   */
  public static DatabaseFiles open(Path dir, boolean ifExists) {
    boolean exists = Files.isRegularFile(dir.resolve(OPTIONS_FILE));
    if (!exists && ifExists) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT,
          "Database %s does not exist, and ifExists=true forbids creating it", dir);
    }
    FileChannel ch = null;
    try {
      Files.createDirectories(dir);
      ch = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = ch.tryLock();
      if (lock == null) {
        throw inUse(dir);
      }
      return new DatabaseFiles(dir, ch, lock, !exists);
    } catch (OverlappingFileLockException e) {
      closeQuietly(ch);
      throw inUse(dir);
    } catch (IOException e) {
      closeQuietly(ch);
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Cannot open database directory " + dir + ": " + e, e);
    } catch (MorphException e) {
      closeQuietly(ch);
      throw e;
    }
  }

  private static MorphException inUse(Path dir) {
    return MorphException.of(ErrorCode.CANNOT_CONNECT,
        "Database %s is in use by another process (it holds %s); one process at a time may open it",
        dir, dir.resolve(LOCK_FILE));
  }

  public Path dir() { return dir; }

  /** True when this open made the database (no options file was there). */
  public boolean created() { return created; }

  /** The options the database was created with (empty for a new database). */
  public Map<String, String> creationOptions() {
    Path file = dir.resolve(OPTIONS_FILE);
    if (!Files.exists(file)) {
      return Map.of();
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Cannot read " + file + ": " + e, e);
    }
    Map<String, String> out = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
    return out;
  }

  /** Records the creation options, atomically (a temp file renamed over). */
  public void writeCreationOptions(Map<String, String> options) {
    Path file = dir.resolve(OPTIONS_FILE);
    Path tmp = dir.resolve(OPTIONS_FILE + ".tmp");
    Properties p = new Properties();
    p.putAll(options);
    try {
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        p.store(w, "MorphDB database options, fixed when the database was created");
      }
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      org.morphdb.engine.storage.wal.FileIo.DEFAULT.forceDirectory(dir);
    } catch (IOException e) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Cannot write " + file + ": " + e, e);
    }
  }

  /** Releases the directory to other processes. */
  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException e) {
      // the channel's close below releases it too
    }
    closeQuietly(lockChannel);
  }

  private static void closeQuietly(FileChannel ch) {
    if (ch != null) {
      try {
        ch.close();
      } catch (IOException ignored) {
        // nothing to do: the lock goes with the channel
      }
    }
  }
}
