package org.morphdb.engine.storage.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Appends records to the log's current segment and makes them durable.
 *
 * <p>Every append reaches the OS before it returns (a {@code write} to the file), so a kill
 * of the process loses nothing appended, in either mode. Forcing to the disk is what costs:
 * with {@code syncCommits}, {@link #awaitDurable} forces, and does it as a <b>group
 * commit</b>: one waiter (the leader) forces everything written so far, outside any lock,
 * while the others wait on a condition; when the force ends all are signalled, those it
 * covered return, and one of the rest leads the next force for everything appended
 * meanwhile. (Waiters queued on a lock instead of a signal were let in one by one, and one
 * that was not covered could start the next force while covered ones still waited behind
 * it: 16 committing threads then got barely more than one.) Without {@code syncCommits}, a
 * background thread forces every {@code writeDelayMillis}.
 *
 * <p>After an I/O error the writer is failed for good: every later append or wait throws,
 * since what the OS holds of an unforced write after a failed force is unknown. The
 * database must be reopened, which recovers what the disk holds.
 */
public final class LogWriter implements AutoCloseable {
  /**
   * @param unsafeSkipForce negative control for the crash tests only: never forces, so a
   *     simulated power loss must find acknowledged commits missing
   */
  public record Settings(boolean syncCommits, long writeDelayMillis, long segmentBytes, boolean unsafeSkipForce) {}

  private final Path dir;
  private final FileIo io;
  private final Settings settings;
  private final Object appendLock = new Object();
  /** Guards {@link #forcing}; a leader releases it while it forces. Taken before the append lock. */
  private final ReentrantLock forceLock = new ReentrantLock();
  private final Condition forceEnded = forceLock.newCondition();
  /** A leader is forcing the log (guarded by the force lock). */
  private boolean forcing;
  private FileChannel channel;
  private long segment;
  private long segmentSize;
  /** Bytes appended since open (a position in the log as a whole). */
  private long written;
  private volatile long forced;
  private volatile Throwable failure;
  private final Thread flusher;
  private volatile boolean closed;

  /** Starts segment {@code firstSegment} (a new file) in {@code dir}. */
  public LogWriter(Path dir, FileIo io, long firstSegment, Settings settings) {
    this.dir = dir;
    this.io = io;
    this.settings = settings;
    synchronized (appendLock) {
      startSegment(firstSegment);
    }
    failIfFailed();
    if (settings.syncCommits()) {
      flusher = null;
    } else {
      flusher = new Thread(this::flushPeriodically, "morph-wal-flush-" + dir.getFileName());
      flusher.setDaemon(true);
      flusher.start();
    }
  }

  /** Appends one record; returns the log position just past it. */
  public long append(byte[] payload) {
    ByteBuffer frame = ByteBuffer.allocate(LogFormat.FRAME_BYTES + payload.length);
    frame.putInt(payload.length).putInt(LogFormat.crc(payload, 0, payload.length)).put(payload).flip();
    long end;
    boolean full;
    synchronized (appendLock) {
      failIfFailed();
      try {
        uninterrupted(() -> {
          while (frame.hasRemaining()) {
            channel.write(frame);
          }
        });
      } catch (IOException | RuntimeException e) {
        throw fail(e);
      }
      written += frame.limit();
      segmentSize += frame.limit();
      end = written;
      full = segmentSize >= settings.segmentBytes();
    }
    if (full) {
      rotate(true); // outside the append lock: a force in progress holds the force lock first
    }
    return end;
  }

  /** Waits until {@code position} is durable: forced (group commit) with sync commits, else at once. */
  public void awaitDurable(long position) {
    failIfFailed();
    if (!settings.syncCommits() || forced >= position) {
      return;
    }
    forceUpTo(position);
  }

  /** Forces everything appended so far. */
  public void sync() {
    long target;
    synchronized (appendLock) {
      target = written;
    }
    forceUpTo(target);
  }

  private void forceUpTo(long position) {
    forceLock.lock();
    try {
      while (forced < position) {
        failIfFailed();
        if (forcing) {
          forceEnded.awaitUninterruptibly(); // the running force may cover us: the group commit
        } else {
          forceAsLeader();
        }
      }
    } finally {
      forceLock.unlock();
    }
  }

  /** Forces all written so far with the force lock released meanwhile; called and returns holding it. */
  private void forceAsLeader() {
    FileChannel ch;
    long target;
    synchronized (appendLock) {
      failIfFailed();
      ch = channel;
      target = written;
    }
    forcing = true;
    forceLock.unlock();
    boolean done = false;
    try {
      if (!settings.unsafeSkipForce()) {
        uninterrupted(() -> ch.force(false));
      }
      done = true;
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    } finally {
      forceLock.lock();
      forcing = false;
      if (done) {
        forced = Math.max(forced, target);
      }
      forceEnded.signalAll(); // after a failure too: the waiters must see it and throw
    }
  }

  /** Waits, holding the force lock, until no leader is forcing (so the channel may be closed). */
  private void awaitNoForce() {
    while (forcing) {
      forceEnded.awaitUninterruptibly();
    }
  }

  /** Ends the current segment (forced) and starts the next; returns the new segment's number. */
  public long rotate() {
    return rotate(false);
  }

  private long rotate(boolean onlyIfFull) {
    forceLock.lock();
    try {
      awaitNoForce();
      synchronized (appendLock) {
        failIfFailed();
        if (!onlyIfFull || segmentSize >= settings.segmentBytes()) {
          rotateLocked();
        }
        return segment;
      }
    } finally {
      forceLock.unlock();
    }
  }

  /** The segment being appended to. */
  public long currentSegment() {
    synchronized (appendLock) {
      return segment;
    }
  }

  /** Bytes appended since this writer opened. */
  public long bytesWritten() {
    synchronized (appendLock) {
      return written;
    }
  }

  private void rotateLocked() {
    try {
      if (!settings.unsafeSkipForce()) {
        uninterrupted(() -> channel.force(false));
      }
      forced = written;
      channel.close();
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
    startSegment(segment + 1);
  }

  private void startSegment(long number) {
    Path file = LogFormat.segmentFile(dir, number);
    try {
      FileChannel ch = io.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      channel = ch;
      ByteBuffer header = ByteBuffer.allocate(LogFormat.HEADER_BYTES);
      header.putLong(LogFormat.MAGIC).putLong(number).flip();
      uninterrupted(() -> {
        while (header.hasRemaining()) {
          ch.write(header);
        }
        if (!settings.unsafeSkipForce()) {
          ch.force(false);
          io.forceDirectory(dir);
        }
      });
    } catch (IOException | RuntimeException e) {
      fail(e);
      return;
    }
    segment = number;
    segmentSize = LogFormat.HEADER_BYTES;
  }

  private void flushPeriodically() {
    while (!closed && failure == null) {
      // parked, not slept: an interrupt would close the channel if it came during the force
      java.util.concurrent.locks.LockSupport.parkNanos(Math.max(1, settings.writeDelayMillis()) * 1_000_000L);
      try {
        if (!closed) {
          sync();
        }
      } catch (MorphException e) {
        return; // failed: the next commit reports it
      }
    }
  }

  /** A file channel operation. */
  public interface ChannelIo {
    void run() throws IOException;
  }

  /**
   * Runs {@code io} with the thread's interrupt flag cleared and restores it after. An NIO
   * channel is closed for good when a thread that uses it is interrupted, and a committing
   * thread may carry an interrupt (a cancelled DDL statement's thread is interrupted): that
   * must fail the statement, not the database's log. (An interrupt that arrives during the
   * call itself still closes the channel; the log then fails and the database must be reopened.)
   */
  public static void uninterrupted(ChannelIo io) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      io.run();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private MorphException fail(Throwable e) {
    if (failure == null) {
      failure = e;
    }
    return failed();
  }

  private void failIfFailed() {
    if (failure != null) {
      throw failed();
    }
  }

  private MorphException failed() {
    return new MorphException(ErrorCode.IO_ERROR, "The write-ahead log in " + dir + " failed ("
        + failure + "); commits are refused until the database is reopened", failure);
  }

  /** Tests: stops appending and closes the segment without forcing it (a simulated crash). */
  public void abandon() {
    closed = true;
    if (flusher != null) {
      java.util.concurrent.locks.LockSupport.unpark(flusher);
    }
    synchronized (appendLock) {
      if (failure == null) {
        failure = new IllegalStateException("the database was abandoned (simulated crash)");
      }
      try {
        channel.close();
      } catch (IOException e) {
        // a crashed channel may refuse; it is gone either way
      }
    }
  }

  /** Forces what was appended and closes the segment. */
  @Override
  public void close() {
    closed = true;
    if (flusher != null) {
      java.util.concurrent.locks.LockSupport.unpark(flusher);
    }
    try {
      if (failure == null) {
        sync();
      }
    } finally {
      forceLock.lock();
      try {
        awaitNoForce(); // a late committer's force must not find its channel closed under it
        synchronized (appendLock) {
          try {
            channel.close();
          } catch (IOException e) {
            // closing after a force: nothing left to lose
          }
        }
      } finally {
        forceLock.unlock();
      }
    }
  }
}
