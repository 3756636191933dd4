package org.morphdb.jdbc.remote;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.msgpack.core.MessageBufferPacker;

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
    int length = in.readInt();
    if (length < 0 || length > Protocol.MAX_FRAME_BYTES) {
      throw new WireFormatException("frame of " + length + " bytes");
    }
    byte[] payload = new byte[length];
    in.readFully(payload);
    return payload;
  }
}
