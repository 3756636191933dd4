package org.morphdb.server;

import java.io.IOException;
import org.morphdb.engine.api.RowCursor;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.WireValues;
import org.msgpack.core.MessagePacker;

/**
 * Reads the next chunk of a result from an engine cursor, encoding rows as it goes: at most
 * the fetch size in rows and about {@link Protocol#CHUNK_BYTES} in bytes, so the memory a
 * result takes in the server is one chunk whatever its size and however slowly the client
 * reads.
 */
final class ChunkWriter {
  private ChunkWriter() {}

  /** Rows encoded in a connection's reusable buffer: valid until it encodes the next chunk. */
  record Chunk(int count, byte[] encodedRows, int length, boolean last) {
    static final Chunk EMPTY = new Chunk(0, new byte[0], 0, true);

    void pack(MessagePacker p) throws IOException {
      Messages.RowChunk.packEncoded(p, count, encodedRows, length, last);
    }
  }

  static Chunk read(RowCursor cursor, int fetchRows, ReplyBuffers buffers) throws IOException {
    int limit = fetchRows > 0 ? fetchRows : Protocol.DEFAULT_FETCH_ROWS;
    MessagePacker rows = buffers.rows();
    long start = rows.getTotalWrittenBytes();
    int count = 0;
    boolean last = false;
    while (count < limit && rows.getTotalWrittenBytes() - start < Protocol.CHUNK_BYTES) {
      if (!cursor.next()) {
        last = true;
        break;
      }
      WireValues.packRow(rows, cursor.current());
      count++;
    }
    rows.flush();
    return new Chunk(count, buffers.rowBytes(), buffers.rowLength(), last);
  }
}
