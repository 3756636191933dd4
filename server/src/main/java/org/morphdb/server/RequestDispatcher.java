package org.morphdb.server;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareRequest;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.RowCursor;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.Protocol.Op;
import org.morphdb.jdbc.remote.WireFormatException;
import org.morphdb.jdbc.remote.WireValues;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

/**
 * Turns one connection's request frames into calls on its engine {@link Session} and the
 * results into reply frames (docs/protocol.md). Knows nothing of Netty. A request is decoded
 * whole before the engine sees it: a frame that does not decode is a
 * {@link WireFormatException} (the connection is closed), an engine failure is an error
 * reply (the connection goes on). Used by one thread at a time.
 */
final class RequestDispatcher implements AutoCloseable {
  private final Session session;
  private final Map<Long, RowCursor> cursors = new HashMap<>();
  private long lastCursorId;

  RequestDispatcher(Session session) {
    this.session = session;
  }

  Session session() { return session; }

  /** The reply to a request frame; {@code op} and {@code requestId} are already read from {@code u}. */
  byte[] handle(long requestId, Op op, MessageUnpacker u) throws IOException {
    MessageBufferPacker reply = MessagePack.newDefaultBufferPacker();
    Runnable call = decode(op, u, reply);
    if (u.hasNext()) {
      throw new WireFormatException("trailing bytes after the arguments of " + op);
    }
    MessageBufferPacker out = MessagePack.newDefaultBufferPacker();
    try {
      call.run();
      out.packLong(requestId).packInt(Protocol.STATUS_OK).packInt(state());
      out.writePayload(reply.toByteArray());
    } catch (MorphException e) {
      errorReply(out, requestId, e);
    } catch (WireFormatException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      errorReply(out, requestId, new MorphException(ErrorCode.INTERNAL_ERROR,
          "Internal error in the MorphDB server: " + e, e));
    }
    return out.toByteArray();
  }

  private void errorReply(MessageBufferPacker out, long requestId, MorphException e) {
    try {
      out.clear();
      out.packLong(requestId).packInt(Protocol.STATUS_ERROR).packInt(safeState());
      Messages.WireError.of(e).pack(out);
    } catch (IOException io) {
      throw new IllegalStateException(io);
    }
  }

  /** Reads the arguments of {@code op} and returns the engine call that writes its result. */
  private Runnable decode(Op op, MessageUnpacker u, MessagePacker reply) throws IOException {
    switch (op) {
      case PREPARE: {
        String sql = WireValues.string(u);
        return io(() -> Messages.packPrepared(reply, session.prepare(new PrepareRequest(sql))));
      }
      case REPREPARE: {
        long id = u.unpackLong();
        Map<Integer, Integer> versions = WireValues.unpackVersions(u);
        return io(() -> Messages.packPrepared(reply, session.reprepare(id, versions)));
      }
      case EXECUTE: {
        Messages.ExecuteCall call = Messages.ExecuteCall.unpack(u);
        return io(() -> execute(call, reply));
      }
      case FETCH: {
        long cursorId = u.unpackLong();
        int rows = u.unpackInt();
        return io(() -> fetch(cursorId, rows, reply));
      }
      case CLOSE_CURSOR: {
        long cursorId = u.unpackLong();
        return () -> closeCursor(cursorId);
      }
      case CLOSE_STATEMENT: {
        long id = u.unpackLong();
        return () -> session.closeStatement(id);
      }
      case COMMIT:
        return session::commit;
      case ROLLBACK:
        return session::rollback;
      case SET_AUTO_COMMIT: {
        boolean on = u.unpackBoolean();
        return () -> session.setAutoCommit(on);
      }
      case SET_READ_ONLY: {
        boolean on = u.unpackBoolean();
        return () -> session.setReadOnly(on);
      }
      case PING:
      case CLOSE:
        return () -> { };
      default:
        throw new WireFormatException("operation " + op + " is not a request");
    }
  }

  private interface IoCall {
    void run() throws IOException;
  }

  private static Runnable io(IoCall call) {
    return () -> {
      try {
        call.run();
      } catch (IOException e) {
        throw new IllegalStateException("encoding a reply failed", e);
      }
    };
  }

  private void execute(Messages.ExecuteCall call, MessagePacker reply) throws IOException {
    Response r = session.execute(new ExecuteRequest(call.statementId(), call.sql(), call.parameters(),
        call.clientTableVersions(), call.maxRows(), call.generatedKeyColumns()));
    long cursorId = 0;
    ChunkWriter.Chunk chunk = ChunkWriter.Chunk.EMPTY;
    if (r.kind() == StatementKind.QUERY && r.rows() != null) {
      try {
        chunk = ChunkWriter.read(r.rows(), call.fetchRows());
      } catch (IOException | RuntimeException e) {
        r.rows().close();
        throw e;
      }
      if (chunk.last()) {
        r.rows().close();
      } else {
        cursorId = ++lastCursorId;
        cursors.put(cursorId, r.rows());
      }
    }
    Messages.ExecuteReply.packHead(reply, r.kind(), r.columns(), r.updateCount(), r.tableVersions(), cursorId,
        r.generatedKeys());
    chunk.pack(reply);
  }

  private void fetch(long cursorId, int rows, MessagePacker reply) throws IOException {
    RowCursor cursor = cursors.get(cursorId);
    if (cursor == null) {
      throw new MorphException(ErrorCode.CLOSED, "The result set is closed (cursor " + cursorId + ")");
    }
    ChunkWriter.Chunk chunk;
    try {
      chunk = ChunkWriter.read(cursor, rows);
    } catch (RuntimeException e) {
      closeCursor(cursorId);
      throw e;
    }
    if (chunk.last()) {
      closeCursor(cursorId);
    }
    chunk.pack(reply);
  }

  private void closeCursor(long cursorId) {
    RowCursor cursor = cursors.remove(cursorId);
    if (cursor != null) {
      cursor.close();
    }
  }

  int state() {
    return (session.inTransaction() ? Protocol.STATE_IN_TRANSACTION : 0)
        | (session.autoCommit() ? Protocol.STATE_AUTO_COMMIT : 0)
        | (session.readOnly() ? Protocol.STATE_READ_ONLY : 0);
  }

  private int safeState() {
    try {
      return state();
    } catch (RuntimeException e) {
      return 0;
    }
  }

  /** Closes open cursors and the session, which rolls back an open transaction. */
  @Override
  public void close() {
    for (RowCursor c : cursors.values()) {
      try {
        c.close();
      } catch (RuntimeException ignored) {
        // the session goes next
      }
    }
    cursors.clear();
    session.close();
  }

  static boolean isWireFailure(Throwable t) {
    return t instanceof WireFormatException || t instanceof MessagePackException || t instanceof IOException;
  }
}
