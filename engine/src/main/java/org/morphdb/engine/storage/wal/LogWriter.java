package org.morphdb.engine.storage.wal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Appends records to the log's current segment and makes them durable.
 *
 * <p>Every append reaches the OS before it returns (copied into the segment's mapped pages,
 * or a {@code write} to the file; see {@link LogSegment}), so a kill of the process loses
 * nothing appended, in either mode. Forcing to the disk is what costs:
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
  /** Whether segments are mapped into memory (see {@link LogSegment}). */
  private final boolean mapped;
  private LogSegment current;
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
    this.mapped = io.mapsFiles() && !Boolean.getBoolean("morph.wal.unmapped");
    synchronized (appendLock) {
      startSegment(firstSegment, 0);
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
    return append(RecordBuffer.of(payload));
  }

  /** Appends one record and releases its buffer; returns the log position just past it. */
  public long append(RecordBuffer record) {
    try {
      record.seal();
      int length = record.frameLength();
      while (true) {
        long end;
        boolean full;
        synchronized (appendLock) {
          failIfFailed();
          if (current.fits(length)) {
            try {
              LogSegment s = current;
              uninterrupted(() -> s.append(record.frame(), length));
            } catch (IOException | RuntimeException e) {
              throw fail(e);
            }
            written += length;
            end = written;
            full = current.size() >= settings.segmentBytes();
          } else {
            end = -1;
            full = true;
          }
        }
        if (full) {
          rotate(true, length); // outside the append lock: a force in progress holds the force lock first
        }
        if (end >= 0) {
          return end;
        }
      }
    } finally {
      record.release();
    }
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
    LogSegment s;
    long target;
    synchronized (appendLock) {
      failIfFailed();
      s = current;
      target = written;
    }
    forcing = true;
    forceLock.unlock();
    boolean done = false;
    try {
      if (!settings.unsafeSkipForce()) {
        uninterrupted(s::force);
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
    return rotate(false, 0);
  }

  /** With {@code onlyIfFull}: only when the segment is full or has no room for {@code frameLength} bytes. */
  private long rotate(boolean onlyIfFull, int frameLength) {
    forceLock.lock();
    try {
      awaitNoForce();
      synchronized (appendLock) {
        failIfFailed();
        if (!onlyIfFull || current.size() >= settings.segmentBytes() || !current.fits(frameLength)) {
          rotateLocked(frameLength);
        }
        return current.number;
      }
    } finally {
      forceLock.unlock();
    }
  }

  /** The segment being appended to. */
  public long currentSegment() {
    synchronized (appendLock) {
      return current.number;
    }
  }

  /** Bytes appended since this writer opened. */
  public long bytesWritten() {
    synchronized (appendLock) {
      return written;
    }
  }

  private void rotateLocked(int frameLength) {
    try {
      if (!settings.unsafeSkipForce()) {
        uninterrupted(current::force);
      }
      forced = written;
      current.close();
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
    startSegment(current.number + 1, frameLength);
  }

  /** Starts segment {@code number}, with room for a record of {@code frameLength} bytes. */
  private void startSegment(long number, int frameLength) {
    try {
      LogSegment[] made = new LogSegment[1];
      uninterrupted(() -> made[0] = LogSegment.create(dir, io, number, LogFormat.HEADER_BYTES + frameLength,
          settings.segmentBytes(), mapped, settings.unsafeSkipForce()));
      current = made[0];
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
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
        current.channel.close(); // not unmapped: what a killed process leaves
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
            current.close();
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
