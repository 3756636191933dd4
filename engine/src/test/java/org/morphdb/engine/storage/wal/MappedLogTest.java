package org.morphdb.engine.storage.wal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.storage.Key;

/**
 * The log on the real file system maps its segments into memory: a record is in the page
 * cache when its append returns (so a killed process loses nothing appended), the file is
 * made at the segment's full size, and what a kill leaves (zeros after the last record, a
 * segment that never got its header) reads back as the end of the log, never as damage.
 */
class MappedLogTest {
  private static final int SEGMENT = 64 << 10;
  private static final LogWriter.Settings ASYNC = new LogWriter.Settings(false, 60_000, SEGMENT, false);
  private static final LogWriter.Settings SYNC = new LogWriter.Settings(true, 0, SEGMENT, false);

  @TempDir
  Path dir;

  private List<String> read() throws IOException {
    List<String> out = new ArrayList<>();
    LogReader.replay(dir, 0, (payload, file, offset) -> out.add(new String(payload, StandardCharsets.UTF_8)));
    return out;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private Path segment(long n) {
    return LogFormat.segmentFile(dir, n);
  }

  @Test
  void aKilledWritersRecordsAreAllReadBackAndTheZerosAfterThemCutOff() throws IOException {
    LogWriter w = new LogWriter(dir, FileIo.DEFAULT, 0, ASYNC); // async: nothing forced but the header
    w.append(bytes("one"));
    long end = w.append(bytes("two"));
    assertEquals(SEGMENT, Files.size(segment(0)), "a mapped segment is made at its full size");
    w.abandon(); // as a kill -9 leaves it: not forced, not unmapped, not cut back
    assertEquals(List.of("one", "two"), read());
    assertEquals(LogFormat.HEADER_BYTES + end, Files.size(segment(0)), "the zeros after the last record are cut off");
  }

  @Test
  void aSegmentLeftAtItsMappedSizeBeforeANewerOneIsReadToItsLastRecord() throws IOException {
    LogWriter killed = new LogWriter(dir, FileIo.DEFAULT, 0, SYNC);
    killed.awaitDurable(killed.append(bytes("before the kill")));
    killed.abandon();
    try (LogWriter reopened = new LogWriter(dir, FileIo.DEFAULT, 1, SYNC)) { // an open starts a new segment
      reopened.append(bytes("after the reopen"));
    }
    assertEquals(SEGMENT, Files.size(segment(0)));
    assertEquals(List.of("before the kill", "after the reopen"), read());
  }

  @Test
  void aLastSegmentOfZerosIsACrashBeforeItsHeaderReachedTheDiskAndIsDropped() throws IOException {
    try (LogWriter w = new LogWriter(dir, FileIo.DEFAULT, 0, SYNC)) {
      w.append(bytes("kept"));
    }
    Files.write(segment(1), new byte[SEGMENT]); // created at full size, header never written back
    assertEquals(List.of("kept"), read());
    assertFalse(Files.exists(segment(1)));
  }

  @Test
  void aRecordLargerThanASegmentGetsASegmentOfItsOwn() throws IOException {
    char[] big = new char[3 * SEGMENT];
    Arrays.fill(big, 'x');
    try (LogWriter w = new LogWriter(dir, FileIo.DEFAULT, 0, SYNC)) {
      w.append(bytes("small"));
      w.awaitDurable(w.append(bytes(new String(big))));
      w.append(bytes("after"));
    }
    List<String> back = read();
    assertEquals(List.of("small", new String(big), "after"), back);
    assertTrue(LogReader.segments(dir).size() >= 2);
  }

  @Test
  void aCleanCloseCutsTheSegmentBackToItsRecords() throws IOException {
    long end;
    try (LogWriter w = new LogWriter(dir, FileIo.DEFAULT, 0, SYNC)) {
      end = w.append(bytes("only"));
    }
    assertEquals(LogFormat.HEADER_BYTES + end, Files.size(segment(0)));
  }

  @Test
  void aFileLayerThatCannotMapGetsEveryRecordWrittenThroughItsChannel() throws IOException {
    int[] forces = {0};
    FileIo unmapped = new FileIo() {
      @Override
      public FileChannel open(Path file, OpenOption... options) throws IOException {
        return new CountingChannel(FileChannel.open(file, options), forces);
      }

      @Override
      public void forceDirectory(Path d) { }
    };
    try (LogWriter w = new LogWriter(dir, unmapped, 0, SYNC)) {
      long end = w.append(bytes("through the channel"));
      assertEquals(LogFormat.HEADER_BYTES + end, Files.size(segment(0)), "the file grows by each write");
    }
    assertEquals(List.of("through the channel"), read());
  }

  /** The log's bytes did not change with the encoder: logs written before it read the same. */
  @Test
  void aRecordBufferEncodesExactlyAsADataOutputStream() throws IOException {
    List<Object> values = List.of(1L, -7, 2.5, "text", "é ü 中", new BigDecimal("-12.340"), true,
        new byte[] {1, 2, 3}, Key.of(42L), List.of(1L, "two"), Map.of("k", 3L), "\ud800 lone");
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    RecordBuffer actual = RecordBuffer.take();
    try (DataOutputStream out = new DataOutputStream(expected)) {
      for (Object v : values) {
        ValueCodec.write(out, v);
        ValueCodec.write(actual, v);
      }
      out.writeShort(-2);
      actual.writeShort(-2);
      out.writeFloat(1.5f);
      actual.writeFloat(1.5f);
    }
    actual.seal();
    byte[] payload = Arrays.copyOfRange(actual.frame(), LogFormat.FRAME_BYTES, actual.frameLength());
    assertArrayEquals(expected.toByteArray(), payload);
    actual.release();
  }
}
