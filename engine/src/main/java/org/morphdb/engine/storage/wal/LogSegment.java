package org.morphdb.engine.storage.wal;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The segment file the log writer appends to. Both kinds hand every record to the OS before
 * the append returns, so a killed process loses nothing appended; they differ in the cost of
 * that: a {@link Channel} segment makes a {@code write} system call per record (about 2 µs
 * here, more than the rest of a single-row commit's log path), a {@link Mapped} one copies
 * the record into the file's pages, mapped into memory (a store to the page cache, which
 * the kernel writes back on its own and a force makes durable).
 *
 * <p>The writer calls {@link #append}, {@link #close} and the first {@link #force} under
 * its locks; later forces run outside them while appends go on, each forcing at least what
 * was appended before it began.
 */
abstract class LogSegment {
  final long number;
  final FileChannel channel;

  private LogSegment(long number, FileChannel channel) {
    this.number = number;
    this.channel = channel;
  }

  /** Opens segment {@code number} as a new file holding the header, forced with its directory entry. */
  static LogSegment create(Path dir, FileIo io, long number, int minCapacity, long segmentBytes,
      boolean mapped, boolean skipForce) throws IOException {
    Path file = LogFormat.segmentFile(dir, number);
    LogSegment s;
    if (mapped) {
      FileChannel ch = io.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
      int capacity = (int) Math.min(Integer.MAX_VALUE, Math.max(segmentBytes, minCapacity));
      // map() extends the file to the capacity; the tail reads as zeros, which the reader takes as the end
      s = new Mapped(number, ch, ch.map(FileChannel.MapMode.READ_WRITE, 0, capacity));
    } else {
      s = new Channel(number, io.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }
    ByteBuffer header = ByteBuffer.allocate(LogFormat.HEADER_BYTES);
    header.putLong(LogFormat.MAGIC).putLong(number);
    s.append(header.array(), LogFormat.HEADER_BYTES);
    if (!skipForce) {
      s.channel.force(true); // the file's size and allocation too: the header must be found after a crash
      io.forceDirectory(dir);
    }
    return s;
  }

  /** Whether a record of {@code frameLength} bytes fits (a file written through its channel grows). */
  abstract boolean fits(int frameLength);

  /** Hands the bytes to the OS; called under the writer's append lock. */
  abstract void append(byte[] frame, int length) throws IOException;

  /** Bytes in the segment, its header included. */
  abstract long size();

  /** Makes everything appended before this call durable. */
  abstract void force() throws IOException;

  /** Closes the file; no force may be running. */
  abstract void close() throws IOException;

  /** Writes with a {@code write} call per record: for file layers that cannot map (the crash tests' layer). */
  static final class Channel extends LogSegment {
    private long size;

    Channel(long number, FileChannel channel) {
      super(number, channel);
    }

    @Override
    boolean fits(int frameLength) { return true; }

    @Override
    void append(byte[] frame, int length) throws IOException {
      ByteBuffer b = ByteBuffer.wrap(frame, 0, length);
      while (b.hasRemaining()) {
        channel.write(b);
      }
      size += length;
    }

    @Override
    long size() { return size; }

    @Override
    void force() throws IOException {
      channel.force(false);
    }

    @Override
    void close() throws IOException {
      channel.close();
    }
  }

  /** Copies records into the file's pages, mapped into memory. */
  static final class Mapped extends LogSegment {
    /** Bytes of a page as the kernel maps them (4 KiB on the platforms we run on). */
    static final int PAGE = 4096;
    /** The least a force touches past the appended end, ready for the next appends. */
    static final int TOUCH_AHEAD = 64 * PAGE;
    private static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private final MappedByteBuffer pages;
    /** Bytes appended (written under the append lock, read by forces outside it). */
    private volatile int appended;
    /** Bytes up to which a force ended (only one force runs at a time). */
    private int forcedTo;
    /** Bytes up to which the forcing thread has touched the pages (only one force runs at a time). */
    private int touchedTo;

    Mapped(long number, FileChannel channel, MappedByteBuffer pages) {
      super(number, channel);
      this.pages = pages;
    }

    @Override
    boolean fits(int frameLength) { return pages.capacity() - appended >= frameLength; }

    @Override
    void append(byte[] frame, int length) {
      int at = appended;
      pages.put(at, frame, 0, length); // absolute: no shared position for a concurrent force to see
      appended = at + length;
    }

    @Override
    long size() { return appended; }

    @Override
    void force() {
      int end = appended;
      int sinceLast = end - forcedTo;
      if (sinceLast > 0) {
        pages.force(forcedTo, sinceLast);
        forcedTo = end;
      }
      try {
        touchAhead(end, sinceLast);
      } catch (RuntimeException e) {
        // only a head start for the appends: a touch that cannot be made is not a log failure
      }
    }

    /**
     * Takes, on the forcing thread, the write faults the next appends would take on the
     * committing thread: a page of the file is mapped writable only at its first store, and a
     * force maps the pages it wrote back read-only again (perf of one inserting thread: about
     * 6 % of its time in those faults). The page holding {@code end} is touched after every
     * force; the pages after it once, as far ahead as twice what was appended since the
     * previous force (the forces of {@code durability=async} are {@code writeDelay} apart), at
     * least {@link #TOUCH_AHEAD}.
     *
     * <p>A touch is a compare-and-set of 0 to 0 on the page's last int: it needs the page
     * writable, as a store does, but leaves every byte as it was, even one an append is storing
     * at that moment (a failed x86 {@code lock cmpxchg} writes back what it read, atomically),
     * so it races with nothing. It runs inside the force, not after the waiters are released,
     * because only there is it sure that no other force touches and that the segment is not
     * closed (unmapped) under it; with sync commits that adds a page fault or two to a force of
     * a millisecond, faults an append would otherwise take under the append lock.
     */
    int touchAhead(int end, int sinceLast) {
      long ahead = Math.max(TOUCH_AHEAD, 2L * sinceLast);
      int limit = (int) Math.min(pages.capacity(), end + ahead) & -PAGE; // touchedTo stays on a page boundary
      int page = end & -PAGE;
      touch(page);
      for (int p = Math.max(page + PAGE, touchedTo); p < limit; p += PAGE) {
        touch(p);
      }
      touchedTo = Math.max(touchedTo, limit);
      return touchedTo;
    }

    private void touch(int page) {
      if (page + PAGE <= pages.capacity()) {
        INTS.compareAndSet(pages, page + PAGE - Integer.BYTES, 0, 0);
      }
    }

    /** Unmaps the pages and cuts the file back to what was appended (a crash leaves the zeros; both read the same). */
    @Override
    void close() throws IOException {
      int length = appended;
      if (Unmapper.unmap(pages)) {
        try {
          channel.truncate(length);
        } catch (IOException e) {
          // the zero tail is harmless; the reader ends the segment there
        }
      }
      channel.close();
    }
  }

  /**
   * Releases a mapping at once instead of at some garbage collection: a mapped file cannot be
   * truncated or deleted on Windows, and a closed log's segments are deleted after a
   * checkpoint. The only way in Java 17 is {@code sun.misc.Unsafe.invokeCleaner}; where it is
   * missing the mapping is left to the collector. Safe only when nothing touches the buffer
   * again, which the writer's locks ensure.
   */
  private static final class Unmapper {
    private static final Object UNSAFE;
    private static final Method INVOKE_CLEANER;

    static {
      Object unsafe = null;
      Method cleaner = null;
      try {
        Class<?> type = Class.forName("sun.misc.Unsafe");
        Field f = type.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        unsafe = f.get(null);
        cleaner = type.getMethod("invokeCleaner", ByteBuffer.class);
      } catch (ReflectiveOperationException | RuntimeException e) {
        unsafe = null;
      }
      UNSAFE = unsafe;
      INVOKE_CLEANER = cleaner;
    }

    static boolean unmap(MappedByteBuffer b) {
      if (UNSAFE == null) {
        return false;
      }
      try {
        INVOKE_CLEANER.invoke(UNSAFE, b);
        return true;
      } catch (ReflectiveOperationException | RuntimeException e) {
        return false;
      }
    }
  }
}
