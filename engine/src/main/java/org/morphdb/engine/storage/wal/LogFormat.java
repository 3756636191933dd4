package org.morphdb.engine.storage.wal;

import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The layout of the write-ahead log: segment files {@code wal-NNNNNNNNNNNNNNNN.log}, each a
 * 16-byte header (magic, segment number) followed by records. A record is its payload's
 * length (4 bytes), the payload's CRC32C (4 bytes), and the payload. A length of 0 is never
 * written, so zeros after the last record (a file the OS extended) read as the end.
 */
public final class LogFormat {
  static final long MAGIC = 0x4d4f5250_48574c31L; // "MORPHWL1"
  public static final int HEADER_BYTES = 16;
  public static final int FRAME_BYTES = 8;
  /** No record is larger: a length above this is damage, not a record. */
  public static final int MAX_RECORD_BYTES = 1 << 30;

  private LogFormat() {}

  public static Path segmentFile(Path dir, long segment) {
    return dir.resolve(String.format("wal-%016d.log", segment));
  }

  /** The segment number of a log file name, or -1 when the name is not one. */
  public static long segmentOf(Path file) {
    String n = file.getFileName().toString();
    if (!n.startsWith("wal-") || !n.endsWith(".log") || n.length() != 24) {
      return -1;
    }
    try {
      return Long.parseLong(n.substring(4, 20));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static int crc(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }
}
