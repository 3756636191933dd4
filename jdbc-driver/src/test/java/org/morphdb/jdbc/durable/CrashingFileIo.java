package org.morphdb.jdbc.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.morphdb.engine.storage.wal.FileIo;

/**
 * A file layer for crash tests, after SQLite's test VFS: it remembers how much of each file
 * was forced, and {@link #crash} makes the disk look as after a power loss: every file cut
 * back to what was forced plus a random part of what was not (a torn write, its last bytes
 * sometimes garbled). It can also fail writes (disk full) or forces on demand. Files are
 * written append-only by the log and write-once by checkpoints, which is what makes "forced
 * length" the file's durable image.
 */
final class CrashingFileIo implements FileIo {
  private final List<Tracked> files = new CopyOnWriteArrayList<>();
  volatile boolean failWrites;
  volatile boolean failForces;
  /** Forces on the DDL purge thread take this long (a slow disk), not answering interrupts. */
  volatile long slowPurgeForceMillis;
  /** Counted down when a slow purge force begins. */
  final java.util.concurrent.CountDownLatch purgeForcing = new java.util.concurrent.CountDownLatch(1);
  /** Forces that began, or went on, on an interrupted thread: each closes the channel for good. */
  final java.util.concurrent.atomic.AtomicInteger interruptedForces = new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean crashed;

  @Override
  public FileChannel open(Path file, OpenOption... options) throws IOException {
    if (crashed) {
      throw new IOException("simulated power loss");
    }
    boolean fresh = List.of(options).contains(StandardOpenOption.CREATE_NEW) || !Files.exists(file);
    Tracked t = new Tracked(file, FileChannel.open(file, options), fresh ? 0 : Files.size(file));
    files.add(t);
    return t;
  }

  @Override
  public void forceDirectory(Path dir) throws IOException {
    FileIo.DEFAULT.forceDirectory(dir);
  }

  /** The power goes: from now on every write fails, and the files keep what was forced plus a torn tail. */
  void crash(Random random) throws IOException {
    crashed = true;
    for (Tracked t : files) {
      synchronized (t) {
        t.dead = true;
        try {
          tear(t, random);
        } catch (NoSuchFileException e) {
          // renamed after it was forced (a checkpoint) or deleted (an old log segment), maybe
          // just now: deletes do not go through this layer and the database is still running
        }
      }
    }
  }

  /** Cuts the file back to what was forced plus a random part of the rest, sometimes garbled. */
  private static void tear(Tracked t, Random random) throws IOException {
    long size = Files.size(t.path);
    long keep = t.forced + (size > t.forced ? (long) (random.nextDouble() * (size - t.forced + 1)) : 0);
    keep = Math.min(keep, size);
    try (FileChannel ch = FileChannel.open(t.path, StandardOpenOption.WRITE)) {
      ch.truncate(keep);
      if (keep > t.forced && random.nextBoolean()) {
        int n = (int) Math.min(8, keep - t.forced);
        byte[] junk = new byte[n];
        random.nextBytes(junk);
        ch.write(ByteBuffer.wrap(junk), keep - n);
      }
    }
  }

  /** A channel that remembers how much of its file was forced, and fails after the crash. */
  private final class Tracked extends FileChannel {
    final Path path;
    final FileChannel real;
    volatile long forced;
    volatile boolean dead;

    Tracked(Path path, FileChannel real, long forced) {
      this.path = path;
      this.real = real;
      this.forced = forced;
    }

    private void check() throws IOException {
      if (dead) {
        throw new IOException("simulated power loss");
      }
      if (failWrites) {
        throw new IOException("No space left on device (simulated)");
      }
    }

    @Override
    public synchronized int write(ByteBuffer src) throws IOException {
      check();
      return real.write(src);
    }

    @Override
    public synchronized long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
      check();
      return real.write(srcs, offset, length);
    }

    @Override
    public synchronized int write(ByteBuffer src, long position) throws IOException {
      check();
      return real.write(src, position);
    }

    @Override
    public synchronized void force(boolean metaData) throws IOException {
      if (dead || failForces) {
        throw new IOException(dead ? "simulated power loss" : "fsync failed (simulated I/O error)");
      }
      if (slowPurgeForceMillis > 0 && Thread.currentThread().getName().startsWith("morph-purge")) {
        purgeForcing.countDown();
        long end = System.nanoTime() + slowPurgeForceMillis * 1_000_000;
        while (System.nanoTime() < end) {
          Thread.onSpinWait();
        }
      }
      if (Thread.currentThread().isInterrupted()) {
        interruptedForces.incrementAndGet();
      }
      real.force(metaData);
      forced = real.size();
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      return real.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
      return real.read(dsts, offset, length);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      return real.read(dst, position);
    }

    @Override
    public long position() throws IOException {
      return real.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
      real.position(newPosition);
      return this;
    }

    @Override
    public long size() throws IOException {
      return real.size();
    }

    @Override
    public synchronized FileChannel truncate(long size) throws IOException {
      check();
      real.truncate(size);
      forced = Math.min(forced, size);
      return this;
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
      return real.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
      check();
      return real.transferFrom(src, position, count);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
      throw new IOException("not supported by the crash layer");
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
      return real.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
      return real.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
      real.close();
    }
  }
}
