package org.morphdb.server;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareRequest;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.RowCursor;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.jdbc.remote.BatchMessages.BatchCall;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.Protocol.Op;
import org.morphdb.jdbc.remote.WireFormatException;
import org.morphdb.jdbc.remote.WireValues;
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
  /** Prepared statements of this connection: their kind and how long their runs take. */
  private final Map<Long, Known> statements = new HashMap<>();
  private final ReplyBuffers buffers = new ReplyBuffers();
  private long lastCursorId;
  private boolean failed;
  /** Set by a CANCEL of the running request (on the I/O thread): a batch stops before its next row. */
  private volatile boolean cancelled;

  private static final class Known {
    StatementKind kind;
    final RunCost cost = new RunCost();
    /** The result columns last sent to the client for this statement (it keeps them). */
    java.util.List<org.morphdb.engine.api.ColumnMeta> columnsSent;
  }

  /** Whether replies leave out what the client has ({@link Protocol#FEATURE_KNOWN_METADATA}). */
  private final boolean elideKnown;

  RequestDispatcher(Session session, long features) {
    this.session = session;
    this.elideKnown = (features & Protocol.FEATURE_KNOWN_METADATA) != 0;
  }

  Session session() { return session; }

  /**
   * Whether a request may run on the I/O thread: a PING, or the EXECUTE of a prepared query
   * or DML statement in auto-commit whose runs typically take under {@link
   * RunCost#INLINE_NANOS}. Such a statement can wait only for locks, which the caller refuses
   * with {@code LockWaits} (docs/decisions.md, "Server mode round trips").
   */
  boolean runsInline(Op op, long statementId) {
    if (op == Op.PING) {
      return true;
    }
    if (op != Op.EXECUTE || !session.autoCommit() || session.inTransaction()) {
      return false;
    }
    Known k = statements.get(statementId);
    return k != null && (k.kind == StatementKind.QUERY || k.kind == StatementKind.DML) && k.cost.quick();
  }

  /** Cancels the running request: its statement now, a batch's next rows too. */
  void cancel() {
    cancelled = true;
    session.cancel();
  }

  /** Called before a request starts, so a CANCEL of an earlier one does not reach it. */
  void clearCancel() {
    cancelled = false;
  }

  /** Whether the last reply {@link #handle} made was an error. */
  boolean failed() { return failed; }

  /**
   * The reply to a request frame, in this connection's buffers until the next request; {@code
   * op} and {@code requestId} are already read from {@code u}.
   */
  ReplyBuffers handle(long requestId, Op op, MessageUnpacker u) throws IOException {
    MessagePacker reply = buffers.payload();
    Runnable call = decode(op, u, reply);
    if (u.hasNext()) {
      throw new WireFormatException("trailing bytes after the arguments of " + op);
    }
    failed = false;
    try {
      call.run();
      return buffers.frame(requestId, Protocol.STATUS_OK, state());
    } catch (MorphException e) {
      return errorReply(requestId, e);
    } catch (WireFormatException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      return errorReply(requestId, internalError(e));
    }
  }

  /** What a client is told of a bug: 'Internal error' with what was thrown. */
  static MorphException internalError(Throwable e) {
    return new MorphException(ErrorCode.INTERNAL_ERROR, "Internal error in the MorphDB server: " + e, e);
  }

  private ReplyBuffers errorReply(long requestId, MorphException e) {
    failed = true;
    try {
      Messages.WireError.of(e).pack(buffers.payload());
      return buffers.frame(requestId, Protocol.STATUS_ERROR, safeState());
    } catch (IOException io) {
      throw new IllegalStateException(io);
    }
  }

  /** Reads the arguments of {@code op} and returns the engine call that writes its result. */
  private Runnable decode(Op op, MessageUnpacker u, MessagePacker reply) throws IOException {
    switch (op) {
      case PREPARE: {
        String sql = WireValues.string(u);
        return io(() -> Messages.packPrepared(reply, known(session.prepare(new PrepareRequest(sql)))));
      }
      case REPREPARE: {
        long id = u.unpackLong();
        Map<Integer, Integer> versions = WireValues.unpackVersions(u);
        return io(() -> Messages.packPrepared(reply, known(session.reprepare(id, versions))));
      }
      case EXECUTE: {
        Messages.ExecuteCall call = Messages.ExecuteCall.unpack(u);
        return io(() -> execute(call, reply));
      }
      case EXECUTE_BATCH: {
        BatchCall call = BatchCall.unpack(u);
        return io(() -> new BatchExecution(session, call, () -> cancelled).run().pack(reply));
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
        return () -> {
          statements.remove(id);
          session.closeStatement(id);
        };
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

  private PrepareResponse known(PrepareResponse r) {
    Known k = statements.computeIfAbsent(r.statementId(), id -> new Known());
    k.kind = r.kind();
    k.columnsSent = r.columns();
    return r;
  }

  private void execute(Messages.ExecuteCall call, MessagePacker reply) throws IOException {
    Known k = call.statementId() > 0 ? statements.get(call.statementId()) : null;
    long start = System.nanoTime();
    try {
      executeTimed(call, k, reply);
    } finally {
      if (k != null) {
        k.cost.record(System.nanoTime() - start);
      }
    }
  }

  private void executeTimed(Messages.ExecuteCall call, Known k, MessagePacker reply) throws IOException {
    Response r = session.execute(new ExecuteRequest(call.statementId(), call.sql(), call.parameters(),
        call.clientTableVersions(), call.maxRows(), call.generatedKeyColumns()));
    long cursorId = 0;
    ChunkWriter.Chunk chunk = ChunkWriter.Chunk.EMPTY;
    if (r.kind() == StatementKind.QUERY && r.rows() != null) {
      try {
        chunk = ChunkWriter.read(r.rows(), call.fetchRows(), buffers);
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
    java.util.List<org.morphdb.engine.api.ColumnMeta> columns = r.columns();
    Map<Integer, Integer> versions = r.tableVersions();
    // nil for what the client has: decoding columns was a reply's largest cost
    if (elideKnown && k != null) {
      if (java.util.Objects.equals(k.columnsSent, columns)) {
        columns = null;
      } else {
        k.columnsSent = columns;
      }
    }
    if (elideKnown && versions != null && versions.equals(call.clientTableVersions())) {
      versions = null;
    }
    Messages.ExecuteReply.packHead(reply, r.kind(), columns, r.updateCount(), versions, cursorId, r.generatedKeys());
    chunk.pack(reply);
  }

  private void fetch(long cursorId, int rows, MessagePacker reply) throws IOException {
    RowCursor cursor = cursors.get(cursorId);
    if (cursor == null) {
      throw new MorphException(ErrorCode.CLOSED, "The result set is closed (cursor " + cursorId + ")");
    }
    ChunkWriter.Chunk chunk;
    try {
      chunk = ChunkWriter.read(cursor, rows, buffers);
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
