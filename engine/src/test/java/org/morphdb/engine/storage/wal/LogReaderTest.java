package org.morphdb.engine.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/** The log read back: a torn last record is cut off; damage with good records after it fails the open, naming file and offset. */
class LogReaderTest {
  @TempDir
  Path dir;

  private static final LogWriter.Settings SYNC = new LogWriter.Settings(true, 0, 1 << 20, false);

  private List<Long> write(String... records) {
    List<Long> ends = new ArrayList<>();
    try (LogWriter w = new LogWriter(dir, FileIo.DEFAULT, 0, SYNC)) {
      for (String r : records) {
        ends.add(w.append(r.getBytes(StandardCharsets.UTF_8)));
      }
    }
    return ends;
  }

  private List<String> read() throws IOException {
    List<String> out = new ArrayList<>();
    LogReader.replay(dir, 0, (payload, file, offset) -> out.add(new String(payload, StandardCharsets.UTF_8)));
    return out;
  }

  private Path segment() {
    return LogFormat.segmentFile(dir, 0);
  }

  @Test
  void recordsComeBackInOrder() throws IOException {
    write("a", "bb", "ccc");
    assertEquals(List.of("a", "bb", "ccc"), read());
  }

  @Test
  void aTornLastRecordIsCutOffAndTheFileTruncated() throws IOException {
    write("first", "second", "third");
    long full = Files.size(segment());
    try (RandomAccessFile f = new RandomAccessFile(segment().toFile(), "rw")) {
      f.setLength(full - 3); // the last write reached the disk only in part
    }
    assertEquals(List.of("first", "second"), read());
    assertEquals(full - (8 + 5), Files.size(segment()), "cut before the torn record");
    assertEquals(List.of("first", "second"), read());
  }

  @Test
  void aGarbledLastRecordIsCutOff() throws IOException {
    write("first", "second");
    try (RandomAccessFile f = new RandomAccessFile(segment().toFile(), "rw")) {
      f.seek(f.length() - 2);
      f.write(new byte[] {'X', 'Y'}); // CRC no longer matches
    }
    assertEquals(List.of("first"), read());
  }

  @Test
  void aBadRecordFollowedByGoodOnesFailsTheOpenNamingFileAndOffset() throws IOException {
    write("first", "second", "third");
    long secondAt = LogFormat.HEADER_BYTES + 8 + 5;
    try (RandomAccessFile f = new RandomAccessFile(segment().toFile(), "rw")) {
      f.seek(secondAt + 8);
      f.write('Z');
    }
    MorphException e = assertThrows(MorphException.class, this::read);
    assertEquals(ErrorCode.DATA_CORRUPTED, e.code());
    assertTrue(e.getMessage().contains(segment().toString()), e.getMessage());
    assertTrue(e.getMessage().contains("offset " + secondAt), e.getMessage());
  }

  @Test
  void aMissingSegmentIsDamage() throws IOException {
    try (LogWriter w = new LogWriter(dir, FileIo.DEFAULT, 0, SYNC)) {
      w.append("a".getBytes(StandardCharsets.UTF_8));
      w.rotate();
      w.append("b".getBytes(StandardCharsets.UTF_8));
      w.rotate();
      w.append("c".getBytes(StandardCharsets.UTF_8));
    }
    Files.delete(LogFormat.segmentFile(dir, 1));
    MorphException e = assertThrows(MorphException.class, this::read);
    assertEquals(ErrorCode.DATA_CORRUPTED, e.code());
  }

  @Test
  void groupCommitForcesOnceForManyWaiters() throws Exception {
    int[] forces = {0};
    FileIo counting = new FileIo() {
      @Override
      public java.nio.channels.FileChannel open(Path file, java.nio.file.OpenOption... options) throws IOException {
        return new CountingChannel(java.nio.channels.FileChannel.open(file, options), forces);
      }

      @Override
      public void forceDirectory(Path d) { }
    };
    try (LogWriter w = new LogWriter(dir, counting, 0, SYNC)) {
      int before = forces[0];
      long last = 0;
      for (int i = 0; i < 50; i++) {
        last = w.append(("r" + i).getBytes(StandardCharsets.UTF_8));
      }
      for (int i = 0; i < 50; i++) {
        w.awaitDurable(last - i); // 50 commits waiting on positions one force covers
      }
      assertEquals(1, forces[0] - before);
    }
  }

  /**
   * A commit the running force covers returns when that force ends, not after the next one:
   * waiters queued behind a lock instead of a signal used to wait through the following
   * force too, and 16 committing threads got no more than one did.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aCommitCoveredByAForceReturnsWithoutWaitingForTheNextForce() throws Exception {
    int[] forces = {0};
    java.util.concurrent.Semaphore forceMayEnd = new java.util.concurrent.Semaphore(0);
    java.util.concurrent.atomic.AtomicBoolean holding = new java.util.concurrent.atomic.AtomicBoolean();
    FileIo gated = new FileIo() {
      @Override
      public java.nio.channels.FileChannel open(Path file, java.nio.file.OpenOption... options) throws IOException {
        return new CountingChannel(java.nio.channels.FileChannel.open(file, options), forces, () -> {
          if (holding.get()) {
            forceMayEnd.acquireUninterruptibly();
          }
        });
      }

      @Override
      public void forceDirectory(Path d) { }
    };
    try (LogWriter w = new LogWriter(dir, gated, 0, SYNC)) {
      holding.set(true);
      long first = w.append(bytes("covered"));
      long second = w.append(bytes("leader"));
      Thread leader = new Thread(() -> w.awaitDurable(second), "leader");
      leader.start();
      awaitForceInProgress(forceMayEnd);
      Thread covered = new Thread(() -> w.awaitDurable(first), "covered");
      covered.start();
      awaitWaiting(covered);
      long third = w.append(bytes("next group"));
      Thread next = new Thread(() -> w.awaitDurable(third), "next");
      next.start();
      awaitWaiting(next);
      forceMayEnd.release(); // the first force ends; the second (for "next group") is held
      covered.join(10_000);
      assertEquals(false, covered.isAlive(), "a commit the first force covered still waits");
      leader.join(10_000);
      assertEquals(false, leader.isAlive());
      assertEquals(true, next.isAlive(), "the next group's force is still held");
      holding.set(false);
      forceMayEnd.release();
      next.join(10_000);
      assertEquals(false, next.isAlive());
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void awaitForceInProgress(java.util.concurrent.Semaphore gate) throws InterruptedException {
    while (!gate.hasQueuedThreads()) {
      Thread.sleep(1);
    }
  }

  private static void awaitWaiting(Thread t) throws InterruptedException {
    while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.BLOCKED) {
      Thread.sleep(1);
    }
  }
}
