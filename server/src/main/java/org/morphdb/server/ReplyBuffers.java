package org.morphdb.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;

/**
 * The buffers one connection's replies are encoded in, kept for the connection's life (a
 * fresh MessagePack packer costs an 8 KiB buffer per message): the payload, then the reply
 * head in front of it, and the rows of a result chunk. Used by one thread at a time.
 */
final class ReplyBuffers {
  /** A buffer that grew past this for a large reply is dropped afterwards, not kept. */
  private static final int KEPT_BYTES = 64 * 1024;

  private final Bytes payloadBytes = new Bytes();
  private final MessagePacker payload = MessagePack.newDefaultPacker(payloadBytes);
  private final Bytes headBytes = new Bytes();
  private final MessagePacker head = MessagePack.newDefaultPacker(headBytes);
  private final Bytes rowBytes = new Bytes();
  private final MessagePacker rows = MessagePack.newDefaultPacker(rowBytes);

  /** A growable byte array whose content is read in place. */
  private static final class Bytes extends ByteArrayOutputStream {
    Bytes() {
      super(256);
    }

    byte[] array() { return buf; }

    void clear() {
      reset();
      if (buf.length > KEPT_BYTES) {
        buf = new byte[256];
      }
    }
  }

  private static MessagePacker cleared(MessagePacker p, Bytes bytes) {
    p.clear();
    bytes.clear();
    return p;
  }

  /** The payload packer, emptied: a reply starts here. */
  MessagePacker payload() {
    return cleared(payload, payloadBytes);
  }

  /** The row packer, emptied: a chunk's rows are encoded here. */
  MessagePacker rows() {
    return cleared(rows, rowBytes);
  }

  /** The rows encoded since {@link #rows()}, once the packer is flushed: valid until the next call. */
  byte[] rowBytes() { return rowBytes.array(); }

  int rowLength() { return rowBytes.size(); }

  /**
   * Closes the reply packed in {@link #payload()}: packs its head, {@code requestId, status,
   * state}, and returns these buffers, whose {@link #frameLength()} bytes a caller copies out
   * with {@link #head()} then {@link #body()} (valid until the next reply begins).
   */
  ReplyBuffers frame(long requestId, int status, int state) throws IOException {
    cleared(head, headBytes).packLong(requestId).packInt(status).packInt(state).flush();
    payload.flush();
    return this;
  }

  /** The frame's payload length: head and body, without the 4-byte length in front. */
  int frameLength() { return headBytes.size() + payloadBytes.size(); }

  byte[] head() { return headBytes.array(); }

  int headLength() { return headBytes.size(); }

  byte[] body() { return payloadBytes.array(); }

  int bodyLength() { return payloadBytes.size(); }
}
