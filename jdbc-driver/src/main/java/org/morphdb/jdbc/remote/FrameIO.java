package org.morphdb.jdbc.remote;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.buffer.ArrayBufferInput;

/** Blocking frame I/O for the driver: a 4-byte big-endian length, then the payload. */
final class FrameIO {
  private FrameIO() {}

  static void write(OutputStream out, MessageBufferPacker payload) throws IOException {
    byte[] bytes = payload.toByteArray();
    int length = bytes.length;
    out.write(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
    out.write(bytes);
    out.flush();
  }

  /** Writes what {@code payload} holds as one frame. */
  static void write(OutputStream out, java.io.ByteArrayOutputStream payload) throws IOException {
    int length = payload.size();
    out.write(length >>> 24);
    out.write(length >>> 16);
    out.write(length >>> 8);
    out.write(length);
    payload.writeTo(out);
    out.flush();
  }

  static byte[] read(DataInputStream in) throws IOException {
    byte[] payload = new byte[length(in)];
    in.readFully(payload);
    return payload;
  }

  private static int length(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > Protocol.MAX_FRAME_BYTES) {
      throw new WireFormatException("frame of " + length + " bytes");
    }
    return length;
  }

  /**
   * Reads frames into one array kept between them (a fresh array per reply was the driver's
   * largest allocation); a frame larger than {@link #KEPT_BYTES} gets an array of its own.
   * Used by one thread at a time; a frame is valid until the next read.
   */
  static final class Reader {
    static final int KEPT_BYTES = 64 * 1024;
    private final byte[] kept = new byte[8 * 1024];
    private byte[] grown;
    private final ArrayBufferInput input = new ArrayBufferInput(kept);

    ArrayBufferInput read(DataInputStream in) throws IOException {
      int length = length(in);
      byte[] into = length <= kept.length ? kept : grown != null && length <= grown.length ? grown : null;
      if (into == null) {
        into = new byte[length];
        grown = length <= KEPT_BYTES ? into : null;
      }
      in.readFully(into, 0, length);
      input.reset(into, 0, length);
      return input;
    }
  }
}
