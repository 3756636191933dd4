package org.morphdb.engine.storage.wal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How the log and checkpoints reach the disk: the real file system, or, in crash tests, a
 * layer that forgets what was not forced or fails on demand (as SQLite's test VFS does).
 */
public interface FileIo {
  FileChannel open(Path file, OpenOption... options) throws IOException;

  /** Makes the directory's entries (a file created or renamed in it) durable. */
  void forceDirectory(Path dir) throws IOException;

  /**
   * Whether the log may map its segments into memory. Only the real file system: a test
   * layer that models what a crash keeps sees writes through its channels, not stores into
   * mapped pages, so with it the log writes through the channel.
   */
  default boolean mapsFiles() { return false; }

  /** The real file system. */
  FileIo DEFAULT = new FileIo() {
    @Override
    public boolean mapsFiles() { return true; }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
      return FileChannel.open(file, options);
    }

    @Override
    public void forceDirectory(Path dir) throws IOException {
      try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
        ch.force(true);
      } catch (IOException e) {
        // some platforms (Windows) cannot open a directory; their renames are durable on their own
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("win")) {
          throw e;
        }
      }
    }
  };
}
