package org.morphdb.jdbc.remote;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareRequest;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.StatementKind;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

/**
 * A {@link Session} whose engine runs in a MorphDB server (docs/protocol.md). Each call is
 * one request frame and one reply frame on a plain socket; the session state (auto-commit,
 * read-only, in transaction) comes back with every reply, so its getters need no round
 * trip. Engine errors arrive as the same {@link MorphException}s as embedded, so the
 * driver's retry policy works unchanged.
 *
 * <p>A broken connection is never re-opened: the call fails with 08006, or with 08007 when
 * the request may have committed (a COMMIT, or an auto-commit statement that may write)
 * and its reply was lost; the session is closed from then on. {@link #cancel()} may be
 * called from another thread: it sends an out-of-band CANCEL frame naming the running
 * request.
 */
public final class RemoteSession implements Session {
  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;
  /** Frames of the calling thread and of {@link #cancel()} never interleave. */
  private final Object writeLock = new Object();
  /** One request and its reply at a time; {@link #cancel()} does not wait for it. */
  private final Object callLock = new Object();
  private final int nodeId;
  /** The server closes a connection that sends a larger frame, so the driver never does. */
  private final int maxFrameBytes;
  /** The feature bits the server's Welcome advertised (the intersection with the driver's). */
  private final long features;
  private final int defaultFetchRows;
  /** What the server last told of each prepared statement: its kind and result columns. */
  private final Map<Long, Prepared> prepared = new ConcurrentHashMap<>();
  private long lastRequestId;
  private volatile long runningRequestId;
  private volatile int state;
  private volatile boolean closed;
  private volatile int fetchRows;
  /** A request is packed here (kept for the session: a fresh packer costs an 8 KiB buffer), under callLock. */
  private final java.io.ByteArrayOutputStream request = new java.io.ByteArrayOutputStream(256);
  private final MessagePacker requestPacker = MessagePack.newDefaultPacker(request);
  private final MessageUnpacker replyUnpacker = MessagePack.newDefaultUnpacker(new byte[0]);
  /** Replies are read into this (under callLock): the unpacker copies what it keeps out of it. */
  private final FrameIO.Reader replies = new FrameIO.Reader();
  /**
   * The state of the batch between {@link #chunksBegin()} and {@link #chunksEnd()}: idle, a
   * batch going out chunk after chunk, or such a batch that {@link #cancel()} asked to stop. Between two chunks no request runs for a CANCEL frame to
   * name, so the next chunk is refused here instead.
   */
  private final java.util.concurrent.atomic.AtomicInteger chunks = new java.util.concurrent.atomic.AtomicInteger();
  private static final int CHUNKS_IDLE = 0;
  private static final int CHUNKS_SENDING = 1;
  private static final int CHUNKS_CANCELLED = 2;

  private RemoteSession(Socket socket, Welcome welcome, int defaultFetchRows) throws IOException {
    this.socket = socket;
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
    this.out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
    this.nodeId = welcome.nodeId();
    this.maxFrameBytes = welcome.maxFrameBytes();
    this.features = welcome.features();
    this.state = welcome.state();
    this.defaultFetchRows = defaultFetchRows;
    this.fetchRows = defaultFetchRows;
  }

  private record Welcome(int nodeId, int state, int maxFrameBytes, long features) {}

  /** A prepared statement as the server described it last (PREPARE, REPREPARE, or an EXECUTE reply with columns). */
  private record Prepared(StatementKind kind, List<org.morphdb.engine.api.ColumnMeta> columns) {}

  /** Connects and shakes hands; 08001 when the server cannot be reached or refuses. */
  public static RemoteSession connect(RemoteTarget target) {
    Socket socket = new Socket();
    TlsSockets.CertificateOffer offer = new TlsSockets.CertificateOffer();
    ConnectDeadline deadline = new ConnectDeadline(socket);
    try {
      socket.setTcpNoDelay(true);
      socket.setKeepAlive(true);
      // limits kept by the deadline, not by socket timeouts: see ConnectDeadline for why
      deadline.arm(target.connectTimeoutMs(), "connecting");
      socket.connect(new InetSocketAddress(target.host(), target.port()));
      if (target.tls()) {
        socket = TlsSockets.wrap(socket, target, offer);
      }
      // the first database of a server JVM takes seconds to create (the SQL planner warms up)
      int loginSeconds = java.sql.DriverManager.getLoginTimeout();
      deadline.arm(loginSeconds > 0 ? loginSeconds * 1000L : 60_000L, "logging in");
      Welcome welcome = Handshake.run(socket, target);
      if (deadline.disarm()) {
        throw new SocketTimeoutException(deadline.expired());
      }
      if (target.socketTimeoutMs() > 0) {
        socket.setSoTimeout(target.socketTimeoutMs());
      }
      return new RemoteSession(socket, welcome, target.fetchRows());
    } catch (IOException | RuntimeException e) {
      closeQuietly(socket);
      if (e instanceof MorphException m) {
        throw m;
      }
      String timedOut = deadline.expired();
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Cannot connect to the MorphDB server at "
          + target.host() + ":" + target.port() + ": "
          + (timedOut != null ? timedOut : e.getMessage() + TlsSockets.hint(e, socket, target, offer)), e);
    } finally {
      deadline.close();
    }
  }

  /** The handshake of docs/protocol.md, before the session exists. */
  private static final class Handshake {
    static Welcome run(Socket socket, RemoteTarget target) throws IOException {
      OutputStream out = new BufferedOutputStream(socket.getOutputStream());
      DataInputStream in = new DataInputStream(socket.getInputStream());
      out.write(Protocol.MAGIC);
      MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
      new Messages.Hello(Protocol.VERSION, Protocol.FEATURES, target.database(), target.options(),
          target.user()).pack(p);
      FrameIO.write(out, p);
      try (MessageUnpacker u = welcome(in, out, target)) {
        Messages.Welcome w = Messages.Welcome.unpack(u);
        if (w.version() != Protocol.VERSION) {
          throw new MorphException(ErrorCode.CANNOT_CONNECT, "The server speaks protocol version "
              + w.version() + ", this driver " + Protocol.VERSION);
        }
        return new Welcome(w.nodeId(), w.state(), w.maxFrameBytes(), w.features());
      }
    }

    /** The answer to the hello, after a login when the server asks for one; positioned at the Welcome. */
    private static MessageUnpacker welcome(DataInputStream in, OutputStream out, RemoteTarget target) throws IOException {
      MessageUnpacker u = MessagePack.newDefaultUnpacker(FrameIO.read(in));
      int status = u.unpackInt();
      if (status == Protocol.STATUS_AUTH) {
        String mechanism = WireValues.string(u);
        u.close();
        return ScramLogin.run(in, out, target, mechanism);
      }
      if (status != Protocol.STATUS_OK) {
        throw Messages.WireError.unpack(u).toException();
      }
      WireValues.optionalString(u); // no login: no server-final message
      return u;
    }
  }

  // ---- Session

  @Override
  public PrepareResponse prepare(PrepareRequest request) {
    PrepareResponse r = call(Protocol.Op.PREPARE, p -> p.packString(request.sql()), Messages::unpackPrepared, false);
    prepared.put(r.statementId(), new Prepared(r.kind(), r.columns()));
    return r;
  }

  @Override
  public PrepareResponse reprepare(long statementId, Map<Integer, Integer> tableVersions) {
    PrepareResponse r = call(Protocol.Op.REPREPARE, p -> {
      p.packLong(statementId);
      WireValues.packVersions(p, tableVersions);
    }, Messages::unpackPrepared, false);
    prepared.put(r.statementId(), new Prepared(r.kind(), r.columns()));
    return r;
  }

  @Override
  public Response execute(ExecuteRequest request) {
    Messages.ExecuteCall call = new Messages.ExecuteCall(request.statementId(), request.sql(),
        request.parameters(), request.clientTableVersions(), request.maxRows(), fetchRows,
        request.generatedKeyColumns());
    // the columns are resolved under the call's lock, so the cache follows the replies' order
    Messages.ExecuteReply reply = call(Protocol.Op.EXECUTE, call::pack,
        u -> withColumns(request.statementId(), Messages.ExecuteReply.unpack(u)), autoCommit() && mayWrite(request));
    List<org.morphdb.engine.api.ColumnMeta> columns = reply.columns();
    // nil versions: the ones the request carried (FEATURE_KNOWN_METADATA)
    Map<Integer, Integer> versions = reply.tableVersions() != null ? reply.tableVersions()
        : request.clientTableVersions() != null ? request.clientTableVersions() : Map.of();
    if (reply.kind() != StatementKind.QUERY) {
      return new Response(reply.kind(), columns, null, reply.updateCount(), versions, reply.generatedKeys());
    }
    RemoteCursor cursor = new RemoteCursor(this, reply.cursorId(), reply.firstRows());
    return new Response(reply.kind(), columns, cursor, reply.updateCount(), versions);
  }

  /**
   * The reply with its columns: nil on the wire means the ones last sent for its prepared
   * statement (FEATURE_KNOWN_METADATA); new ones are remembered.
   */
  private Messages.ExecuteReply withColumns(long statementId, Messages.ExecuteReply reply) {
    Prepared known = statementId > 0 ? prepared.get(statementId) : null;
    if (reply.columns() == null) {
      if (known == null) {
        throw new WireFormatException("a reply without columns for statement " + statementId
            + ", which the server never described");
      }
      return new Messages.ExecuteReply(reply.kind(), known.columns(), reply.updateCount(), reply.tableVersions(),
          reply.cursorId(), reply.generatedKeys(), reply.firstRows());
    }
    if (known != null && (features & Protocol.FEATURE_KNOWN_METADATA) != 0) { // a server without it never leaves them out
      prepared.put(statementId, new Prepared(known.kind(), reply.columns()));
    }
    return reply;
  }

  private boolean mayWrite(ExecuteRequest request) {
    Prepared known = request.statementId() > 0 ? prepared.get(request.statementId()) : null;
    return known == null || known.kind() != StatementKind.QUERY;
  }

  /** Whether the server runs a batch in one EXECUTE_BATCH request (else the driver sends one EXECUTE per row). */
  public boolean batches() { return (features & Protocol.FEATURE_BATCH) != 0; }

  /** Encoded rows of a batch chunk stop growing past this: well inside the server's frame limit. */
  int batchChunkBytes() { return Math.min(Protocol.BATCH_CHUNK_BYTES, maxFrameBytes / 2); }

  /**
   * Marks the start of one batch's requests (and their retries): from here to
   * {@link #chunksEnd()}, a {@link #cancel()} that comes between two of them makes the next
   * {@link #executeBatch} fail with 57014.
   */
  public void chunksBegin() {
    chunks.set(CHUNKS_SENDING);
  }

  public void chunksEnd() {
    chunks.set(CHUNKS_IDLE);
  }

  /**
   * Sends the rows of a batch from {@code from} on, as many as fit in one chunk ({@link
   * #batchChunkBytes} and {@link Protocol#BATCH_CHUNK_ROWS}, at least one row), in one
   * EXECUTE_BATCH request; the reply's counts say how many of them ran. Engine errors of a row
   * come back in the reply, not thrown.
   */
  public BatchMessages.BatchReply executeBatch(long statementId, Map<Integer, Integer> versions,
      java.util.List<String> keys, java.util.List<java.util.List<Object>> rows, int from) {
    if (chunks.get() == CHUNKS_CANCELLED) {
      throw new MorphException(ErrorCode.CANCELLED, "The batch was cancelled after " + from + " of its "
          + rows.size() + " rows");
    }
    return call(Protocol.Op.EXECUTE_BATCH, p -> {
      BatchMessages.BatchCall.packHead(p, statementId, versions, keys);
      MessageBufferPacker batchRows = MessagePack.newDefaultBufferPacker(); // not kept: it grows to MiBs
      int limit = batchChunkBytes();
      int n = 0;
      while (from + n < rows.size() && n < Protocol.BATCH_CHUNK_ROWS
          && (n == 0 || batchRows.getTotalWrittenBytes() < limit)) {
        BatchMessages.BatchCall.packRow(batchRows, rows.get(from + n));
        n++;
      }
      batchRows.flush();
      p.packArrayHeader(n);
      p.writePayload(batchRows.toByteArray());
    }, BatchMessages.BatchReply::unpack, autoCommit());
  }

  /** The next rows of an open cursor. */
  Messages.RowChunk fetch(long cursorId) {
    return call(Protocol.Op.FETCH, p -> p.packLong(cursorId).packInt(fetchRows), Messages.RowChunk::unpack, false);
  }

  void closeCursor(long cursorId) {
    call(Protocol.Op.CLOSE_CURSOR, p -> p.packLong(cursorId), u -> null, false);
  }

  /**
   * Rows per chunk for the statements executed from now on, as {@code Statement.setFetchSize}
   * asks; 0 restores the connection's default.
   */
  public void fetchSize(int rows) {
    fetchRows = rows > 0 ? rows : defaultFetchRows;
  }

  @Override
  public void closeStatement(long statementId) {
    prepared.remove(statementId);
    if (!closed) {
      call(Protocol.Op.CLOSE_STATEMENT, p -> p.packLong(statementId), u -> null, false);
    }
  }

  @Override
  public void commit() {
    call(Protocol.Op.COMMIT, p -> { }, u -> null, inTransaction());
  }

  @Override
  public void rollback() {
    call(Protocol.Op.ROLLBACK, p -> { }, u -> null, false);
  }

  @Override
  public void setAutoCommit(boolean autoCommit) {
    call(Protocol.Op.SET_AUTO_COMMIT, p -> p.packBoolean(autoCommit), u -> null, autoCommit && inTransaction());
  }

  @Override
  public boolean autoCommit() { return (state & Protocol.STATE_AUTO_COMMIT) != 0; }

  @Override
  public void setReadOnly(boolean readOnly) {
    call(Protocol.Op.SET_READ_ONLY, p -> p.packBoolean(readOnly), u -> null, false);
  }

  @Override
  public boolean readOnly() { return (state & Protocol.STATE_READ_ONLY) != 0; }

  @Override
  public boolean inTransaction() { return (state & Protocol.STATE_IN_TRANSACTION) != 0; }

  @Override
  public int nodeId() { return nodeId; }

  /** Round trip to the server; false when the connection is broken. */
  public boolean ping() {
    try {
      call(Protocol.Op.PING, p -> { }, u -> null, false);
      return true;
    } catch (MorphException e) {
      return !closed;
    }
  }

  @Override
  public void cancel() {
    chunks.compareAndSet(CHUNKS_SENDING, CHUNKS_CANCELLED);
    long target = runningRequestId;
    if (target == 0 || closed) {
      return;
    }
    try {
      MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
      p.packLong(0).packInt(Protocol.Op.CANCEL.id()).packLong(target);
      synchronized (writeLock) {
        FrameIO.write(out, p);
      }
    } catch (IOException e) {
      // the running call sees the broken connection itself
    }
  }

  @Override
  public boolean isClosed() { return closed; }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    try {
      call(Protocol.Op.CLOSE, p -> { }, u -> null, false);
    } catch (MorphException e) {
      // closing anyway; the server rolls back what is open when the socket goes
    } finally {
      closed = true;
      closeQuietly(socket);
    }
  }

  // ---- one request, one reply

  @FunctionalInterface
  interface Args {
    void pack(MessagePacker p) throws IOException;
  }

  @FunctionalInterface
  interface Result<T> {
    T unpack(MessageUnpacker u) throws IOException;
  }

  /**
   * Sends one request and reads its reply. {@code mayCommit} says whether a lost reply leaves
   * the outcome of a commit unknown (08007) rather than a plain lost connection (08006).
   */
  private <T> T call(Protocol.Op op, Args args, Result<T> result, boolean mayCommit) {
    // tools (SchemaCrawler, DBeaver) use one connection from several threads: they take turns
    synchronized (callLock) {
      return callAlone(op, args, result, mayCommit);
    }
  }

  private <T> T callAlone(Protocol.Op op, Args args, Result<T> result, boolean mayCommit) {
    if (closed) {
      throw new MorphException(ErrorCode.CLOSED, "The connection to the server is closed");
    }
    long id = ++lastRequestId;
    try {
      MessagePacker p = requestPacker;
      p.clear();
      request.reset();
      p.packLong(id).packInt(op.id());
      args.pack(p);
      p.flush();
      if (request.size() > maxFrameBytes) {
        throw new MorphException(ErrorCode.REQUEST_TOO_LARGE, "The request of " + request.size()
            + " bytes is larger than the server accepts (" + maxFrameBytes + " bytes)");
      }
      synchronized (writeLock) {
        runningRequestId = id;
        FrameIO.write(out, request);
      }
    } catch (IllegalArgumentException e) {
      runningRequestId = 0;
      throw new MorphException(ErrorCode.INVALID_CAST, e.getMessage());
    } catch (MorphException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw lost(e, false);
    }
    try {
      return readReply(id, result);
    } catch (IOException | RuntimeException e) {
      if (e instanceof MorphException m) {
        throw m;
      }
      throw lost(e, mayCommit);
    } finally {
      runningRequestId = 0;
    }
  }

  private <T> T readReply(long id, Result<T> result) throws IOException {
    MessageUnpacker u = replyUnpacker;
    u.reset(replies.read(in));
    {
      long replyId = u.unpackLong();
      if (replyId != id) {
        throw new WireFormatException("reply to request " + replyId + " while waiting for " + id);
      }
      int status = u.unpackInt();
      state = u.unpackInt();
      if (status != Protocol.STATUS_OK) {
        throw Messages.WireError.unpack(u).toException();
      }
      return result.unpack(u);
    }
  }

  private MorphException lost(Exception cause, boolean mayCommit) {
    closed = true;
    closeQuietly(socket);
    String why = cause instanceof SocketTimeoutException ? "no reply within the socket timeout" : String.valueOf(cause.getMessage());
    if (mayCommit) {
      return new MorphException(ErrorCode.TRANSACTION_RESOLUTION_UNKNOWN, "The connection to the server was lost"
          + " before the outcome of the statement was known: it may or may not have committed (" + why + ")", cause);
    }
    return new MorphException(ErrorCode.CONNECTION_LOST, "The connection to the server was lost: " + why, cause);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // already gone
    }
  }
}
