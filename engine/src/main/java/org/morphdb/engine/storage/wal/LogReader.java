package org.morphdb.engine.storage.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Reads the log back at open. A record that does not check out (short, a length out of
 * range, a CRC32C mismatch) ends the log when it is the last thing in the last segment: a
 * write torn by a crash, which was never acknowledged, so it is cut off (the file is
 * truncated before it). Anywhere else, a bad record followed by good ones, is damage: the
 * open fails naming the file and the offset, rather than lose the commits after it.
 */
public final class LogReader {
  /** Called with each record in log order. */
  public interface Visitor {
    void record(byte[] payload, Path file, long offset) throws IOException;
  }

  private LogReader() {}

  /** The segment numbers in {@code dir}, ascending. */
  public static List<Long> segments(Path dir) throws IOException {
    List<Long> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files.map(LogFormat::segmentOf).filter(n -> n >= 0).sorted().forEach(out::add);
    }
    return out;
  }

  /**
   * Visits every record of the segments numbered {@code from} or above, in order. Returns the
   * highest segment number found, or {@code from - 1} when there is none.
   */
  public static long replay(Path dir, long from, Visitor visitor) throws IOException {
    List<Long> numbers = segments(dir).stream().filter(n -> n >= from).toList();
    for (int i = 0; i < numbers.size(); i++) {
      long n = numbers.get(i);
      if (i > 0 && n != numbers.get(i - 1) + 1) {
        throw corrupt(LogFormat.segmentFile(dir, numbers.get(i - 1) + 1), 0, "log segment missing");
      }
      readSegment(LogFormat.segmentFile(dir, n), n, i == numbers.size() - 1, visitor);
    }
    return numbers.isEmpty() ? from - 1 : numbers.get(numbers.size() - 1);
  }

  private static void readSegment(Path file, long number, boolean last, Visitor visitor) throws IOException {
    byte[] b = Files.readAllBytes(file);
    ByteBuffer buf = ByteBuffer.wrap(b);
    if (b.length < LogFormat.HEADER_BYTES || zerosFrom(b, 0)) {
      if (last) {
        // created by the crash's last moments (a mapped one is made at its full size, zeros until
        // its header is forced); nothing in it was acknowledged
        Files.delete(file);
        return;
      }
      throw corrupt(file, 0, "segment header is short");
    }
    if (buf.getLong(0) != LogFormat.MAGIC || buf.getLong(8) != number) {
      throw corrupt(file, 0, "not a MorphDB log segment (bad header)");
    }
    int at = LogFormat.HEADER_BYTES;
    while (at < b.length) {
      int len = recordLength(b, at);
      if (len < 0) {
        if (zerosFrom(b, at)) {
          endAtZeros(file, at, last);
        } else {
          cutTornTail(file, b, at, last);
        }
        return;
      }
      byte[] payload = java.util.Arrays.copyOfRange(b, at + LogFormat.FRAME_BYTES, at + LogFormat.FRAME_BYTES + len);
      try {
        visitor.record(payload, file, at);
      } catch (IOException | RuntimeException e) {
        if (e instanceof MorphException m && m.code() == ErrorCode.DATA_CORRUPTED) {
          throw m;
        }
        throw corrupt(file, at, "record cannot be read (" + e.getMessage() + ")");
      }
      at += LogFormat.FRAME_BYTES + len;
    }
  }

  /** The payload length of a good record at {@code at}, or -1 when none is there. */
  private static int recordLength(byte[] b, int at) {
    if (b.length - at < LogFormat.FRAME_BYTES) {
      return -1;
    }
    ByteBuffer buf = ByteBuffer.wrap(b);
    int len = buf.getInt(at);
    if (len <= 0 || len > LogFormat.MAX_RECORD_BYTES || (long) at + LogFormat.FRAME_BYTES + len > b.length) {
      return -1;
    }
    int crc = buf.getInt(at + 4);
    return LogFormat.crc(b, at + LogFormat.FRAME_BYTES, len) == crc ? len : -1;
  }

  /**
   * Nothing but zeros from {@code at} on: the room a mapped segment was created with and never
   * filled (after a crash, or a close that could not cut it off). The end of that segment, in
   * any segment: a segment is forced whole before the next one is begun.
   */
  private static boolean zerosFrom(byte[] b, int at) {
    for (int p = at; p < b.length; p++) {
      if (b[p] != 0) {
        return false;
      }
    }
    return true;
  }

  private static void endAtZeros(Path file, int at, boolean last) throws IOException {
    if (last) { // the next open appends to a new segment; the zeros need not stay on disk
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
        ch.truncate(at);
      }
    }
  }

  private static void cutTornTail(Path file, byte[] b, int at, boolean last) throws IOException {
    if (!last) {
      throw corrupt(file, at, "bad record in a segment that is not the last");
    }
    for (int p = at + 1; p + LogFormat.FRAME_BYTES <= b.length; p++) {
      if (recordLength(b, p) > 0) {
        throw corrupt(file, at, "bad record followed by a good one at offset " + p);
      }
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(at);
      ch.force(false);
    }
  }

  static MorphException corrupt(Path file, long offset, String what) {
    return MorphException.of(ErrorCode.DATA_CORRUPTED,
        "Database log damaged: %s at offset %d of %s; the database was not opened (nothing was changed)",
        what, offset, file);
  }
}
