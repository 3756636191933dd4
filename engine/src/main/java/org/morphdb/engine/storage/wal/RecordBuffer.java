package org.morphdb.engine.storage.wal;

import java.io.DataOutput;
import java.util.Arrays;

/**
 * One log record being encoded: a growable byte array with room for the record's frame
 * (length and CRC32C) in front of the payload, so the record goes to the log as one copy.
 *
 * <p>Why not a {@code DataOutputStream} over a {@code ByteArrayOutputStream}: every single
 * byte written that way takes the stream's monitor, and the result is copied twice more (to a
 * byte array, then to a frame). On single-row commits that encoding cost more than the rest
 * of the commit's log path. Checkpoints write their stream through one as well ({@link
 * #drainTo}). Not thread-safe: one encoding thread owns a buffer until it has
 * been appended ({@link #take} / {@link #release}).
 */
public final class RecordBuffer implements DataOutput {
  /** Buffers grown past this are not kept for reuse (a bulk commit's record). */
  private static final int KEPT_CAPACITY = 64 << 10;
  /**
   * The thread's spare buffer, in a slot that stays in the thread-local map: a remove and a
   * set per record made a weak-reference entry per commit (a native clear, and work for every
   * collection's reference processing, at hundreds of thousands of commits a second).
   */
  private static final ThreadLocal<RecordBuffer[]> SPARE = ThreadLocal.withInitial(() -> new RecordBuffer[1]);

  private byte[] bytes;
  private int length = LogFormat.FRAME_BYTES;

  private RecordBuffer(int capacity) {
    bytes = new byte[Math.max(capacity, LogFormat.FRAME_BYTES + 16)];
  }

  /** An empty record, the thread's spare one when it has it (taken away until released). */
  public static RecordBuffer take() {
    RecordBuffer[] slot = SPARE.get();
    RecordBuffer spare = slot[0];
    if (spare == null) {
      return new RecordBuffer(256);
    }
    slot[0] = null;
    spare.length = LogFormat.FRAME_BYTES;
    return spare;
  }

  /** Gives the buffer back for the thread's next record; it must not be used after. */
  public void release() {
    if (bytes.length <= KEPT_CAPACITY) {
      SPARE.get()[0] = this;
    }
  }

  /** A record holding {@code payload}. */
  public static RecordBuffer of(byte[] payload) {
    RecordBuffer r = new RecordBuffer(LogFormat.FRAME_BYTES + payload.length);
    r.write(payload);
    return r;
  }

  public int payloadLength() { return length - LogFormat.FRAME_BYTES; }

  /**
   * Writes the payload so far to {@code out} and empties the buffer: a stream's writer (a
   * checkpoint) encodes into the buffer and drains it every few KB, instead of going through a
   * {@code DataOutputStream}, whose every byte takes a monitor.
   */
  public void drainTo(java.io.OutputStream out) throws java.io.IOException {
    out.write(bytes, LogFormat.FRAME_BYTES, payloadLength());
    length = LogFormat.FRAME_BYTES;
  }

  /** Fills in the frame (payload length, CRC32C); the frame is then {@code frame()[0, frameLength())}. */
  void seal() {
    int payload = payloadLength();
    putInt(0, payload);
    putInt(4, LogFormat.crc(bytes, LogFormat.FRAME_BYTES, payload));
  }

  byte[] frame() { return bytes; }

  int frameLength() { return length; }

  private void ensure(int more) {
    if (length + more > bytes.length) {
      long wanted = Math.max((long) length + more, (long) bytes.length * 2);
      if (wanted > LogFormat.MAX_RECORD_BYTES + LogFormat.FRAME_BYTES) {
        wanted = (long) length + more;
        if (wanted > LogFormat.MAX_RECORD_BYTES + LogFormat.FRAME_BYTES) {
          throw new IllegalStateException("a log record over " + LogFormat.MAX_RECORD_BYTES + " bytes");
        }
      }
      bytes = Arrays.copyOf(bytes, (int) wanted);
    }
  }

  private void putInt(int at, int v) {
    bytes[at] = (byte) (v >>> 24);
    bytes[at + 1] = (byte) (v >>> 16);
    bytes[at + 2] = (byte) (v >>> 8);
    bytes[at + 3] = (byte) v;
  }

  // ---- DataOutput, big-endian as DataOutputStream writes it (the reader uses DataInputStream) ----

  @Override
  public void write(int b) {
    ensure(1);
    bytes[length++] = (byte) b;
  }

  @Override
  public void write(byte[] b) {
    write(b, 0, b.length);
  }

  @Override
  public void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, length, len);
    length += len;
  }

  @Override
  public void writeBoolean(boolean v) {
    write(v ? 1 : 0);
  }

  @Override
  public void writeByte(int v) {
    write(v);
  }

  @Override
  public void writeShort(int v) {
    ensure(2);
    bytes[length++] = (byte) (v >>> 8);
    bytes[length++] = (byte) v;
  }

  @Override
  public void writeChar(int v) {
    writeShort(v);
  }

  @Override
  public void writeInt(int v) {
    ensure(4);
    putInt(length, v);
    length += 4;
  }

  @Override
  public void writeLong(long v) {
    ensure(8);
    putInt(length, (int) (v >>> 32));
    putInt(length + 4, (int) v);
    length += 8;
  }

  @Override
  public void writeFloat(float v) {
    writeInt(Float.floatToIntBits(v));
  }

  @Override
  public void writeDouble(double v) {
    writeLong(Double.doubleToLongBits(v));
  }

  @Override
  public void writeBytes(String s) {
    ensure(s.length());
    for (int i = 0; i < s.length(); i++) {
      bytes[length++] = (byte) s.charAt(i);
    }
  }

  @Override
  public void writeChars(String s) {
    ensure(2 * s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      bytes[length++] = (byte) (c >>> 8);
      bytes[length++] = (byte) c;
    }
  }

  /** Not used by the log's codecs (ValueCodec writes strings as length + UTF-8). */
  @Override
  public void writeUTF(String s) {
    throw new UnsupportedOperationException("writeUTF: the log writes strings with ValueCodec.writeString");
  }
}
