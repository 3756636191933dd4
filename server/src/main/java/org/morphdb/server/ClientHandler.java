package org.morphdb.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.util.concurrent.Executor;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.LockWaits;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.Protocol.Op;
import org.morphdb.jdbc.remote.WireFormatException;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/**
 * One client connection, after the magic bytes and the frame decoder: the handshake, then
 * requests run one after another on the worker pool (engine calls block), except CANCEL,
 * which is handled at once on the I/O thread so it can reach a running statement, and the
 * requests that cannot block (a known-quick auto-commit statement, lock waits refused), which
 * run on the I/O thread when none is queued: a round trip then costs no thread hand-offs.
 *
 * <p>Whatever breaks the protocol (a frame that does not decode, an unknown operation, a
 * client that sends many requests without reading replies) closes this connection only.
 * When the connection goes, for any reason, the running statement is cancelled and the
 * session closed, which rolls back its transaction and releases its locks.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {
  /** Requests a client may queue without waiting for replies; the driver sends one at a time. */
  static final int MAX_QUEUED_REQUESTS = 64;
  private static final System.Logger LOG = System.getLogger(ClientHandler.class.getName());

  private final DatabaseHost host;
  private final int maxFrameBytes;
  /** The feature bits this server offers; the Welcome names their intersection with the client's. */
  private final long features;
  private final SerialExecutor serial;
  private final ServerStats stats;
  private volatile RequestDispatcher dispatcher;
  private volatile long runningRequestId;
  /** Handshakes and requests queued or running: the idle timeout never closes a busy connection. */
  private final java.util.concurrent.atomic.AtomicInteger busy = new java.util.concurrent.atomic.AtomicInteger();
  private final UserStore users;
  /** Where the connection is in its handshake (SESSION is set by the worker that opened it). */
  private volatile Stage stage = Stage.HELLO;
  private Messages.Hello hello;
  private ScramExchange scram;

  private enum Stage { HELLO, CLIENT_FIRST, CLIENT_FINAL, OPENING, SESSION }
  private volatile boolean gone;
  /** Replies a worker handed to the I/O thread that are not yet written: an inline reply waits for them. */
  private final java.util.concurrent.atomic.AtomicInteger unwritten = new java.util.concurrent.atomic.AtomicInteger();
  private final LockWaits lockWaits = new LockWaits();
  /** Kept for the connection (a fresh unpacker costs buffers and a decoder): one for the I/O thread, one for the request running. */
  private final MessageUnpacker routeUnpacker = MessagePack.newDefaultUnpacker(new byte[0]);
  private final MessageUnpacker requestUnpacker = MessagePack.newDefaultUnpacker(new byte[0]);

  ClientHandler(DatabaseHost host, Executor pool, ServerStats stats, ServerConfig config) {
    this.host = host;
    this.users = config.users();
    this.maxFrameBytes = config.maxFrameBytes();
    this.features = config.features();
    this.serial = new SerialExecutor(pool);
    this.stats = stats;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    stats.opened();
    ctx.fireChannelActive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf frame = (ByteBuf) msg;
    byte[] bytes;
    try {
      bytes = ByteBufUtil.getBytes(frame);
    } finally {
      frame.release();
    }
    try {
      switch (stage) {
        case HELLO -> hello(ctx, bytes);
        case CLIENT_FIRST, CLIENT_FINAL -> login(ctx, bytes);
        case SESSION -> route(ctx, bytes);
        default -> throw new WireFormatException("a frame before the server answered the handshake");
      }
    } catch (IOException | RuntimeException e) {
      protocolViolation(ctx, e);
    }
  }

  private void hello(ChannelHandlerContext ctx, byte[] bytes) throws IOException {
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
      hello = Messages.Hello.unpack(u);
      if (u.hasNext()) {
        throw new WireFormatException("trailing bytes after the hello");
      }
    }
    if (users == null) {
      stage = Stage.OPENING;
      Messages.Hello h = hello;
      submit(() -> openSession(ctx, h, null));
      return;
    }
    if (hello.user() == null) {
      refuse(ctx, MessagePack.newDefaultBufferPacker(), new MorphException(ErrorCode.INVALID_AUTHORIZATION,
          "This server requires a user name and password"));
      return;
    }
    scram = new ScramExchange(users, hello.user());
    stage = Stage.CLIENT_FIRST;
    MessageBufferPacker reply = MessagePack.newDefaultBufferPacker();
    reply.packInt(Protocol.STATUS_AUTH).packString(Protocol.SCRAM_MECHANISM);
    ctx.writeAndFlush(framed(ctx, reply.toByteArray()));
  }

  /** One SCRAM step: client-first gets server-first; client-final gets the session. */
  private void login(ChannelHandlerContext ctx, byte[] bytes) throws IOException {
    String message;
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
      message = org.morphdb.jdbc.remote.WireValues.string(u);
    }
    try {
      if (stage == Stage.CLIENT_FIRST) {
        String serverFirst = scram.serverFirst(message);
        stage = Stage.CLIENT_FINAL;
        MessageBufferPacker reply = MessagePack.newDefaultBufferPacker();
        reply.packInt(Protocol.STATUS_AUTH).packString(serverFirst);
        ctx.writeAndFlush(framed(ctx, reply.toByteArray()));
        return;
      }
      String serverFinal = scram.serverFinal(message);
      stage = Stage.OPENING;
      Messages.Hello h = hello;
      submit(() -> openSession(ctx, h, serverFinal));
    } catch (MorphException e) {
      stage = Stage.OPENING;
      refuse(ctx, MessagePack.newDefaultBufferPacker(), e);
    }
  }

  /** Runs CANCEL now; queues any other request behind the ones before it. */
  private void route(ChannelHandlerContext ctx, byte[] bytes) throws IOException {
    long requestId;
    Op op;
    {
      MessageUnpacker u = reading(routeUnpacker, bytes);
      requestId = u.unpackLong();
      op = Op.byId(u.unpackInt());
      if (op == null) {
        throw new WireFormatException("unknown operation");
      }
      if (op == Op.CANCEL) {
        long target = u.unpackLong();
        RequestDispatcher d = dispatcher;
        if (d != null && target != 0 && target == runningRequestId) {
          d.cancel();
        }
        return;
      }
      if (runInline(ctx, requestId, op, op == Op.EXECUTE ? peekStatementId(u) : 0, bytes)) {
        return;
      }
    }
    if (submit(() -> run(ctx, requestId, op, bytes)) > MAX_QUEUED_REQUESTS) {
      throw new WireFormatException("more than " + MAX_QUEUED_REQUESTS + " requests queued without reading replies");
    }
  }

  private static MessageUnpacker reading(MessageUnpacker u, byte[] bytes) throws IOException {
    u.reset(new org.msgpack.core.buffer.ArrayBufferInput(bytes));
    return u;
  }

  /** The statement id an EXECUTE names (its ExecuteCall array's first value). */
  private static long peekStatementId(MessageUnpacker u) throws IOException {
    u.unpackArrayHeader();
    return u.unpackLong();
  }

  /**
   * Runs the request here on the I/O thread when it cannot block and nothing of this
   * connection is queued, running or unwritten (replies stay in order); false when it must go
   * to the worker pool. A lock wait is refused: the statement, in auto-commit, rolls back and
   * runs again on a worker, where it may wait.
   */
  private boolean runInline(ChannelHandlerContext ctx, long requestId, Op op, long statementId, byte[] bytes) {
    RequestDispatcher d = dispatcher;
    if (d == null || unwritten.get() != 0 || !serial.idle() || !d.runsInline(op, statementId)) {
      return false;
    }
    ReplyBuffers reply;
    lockWaits.begin();
    try {
      reply = answer(ctx, d, requestId, op, bytes);
    } finally {
      lockWaits.end();
    }
    if (reply != null && lockWaits.refused() && d.failed()) {
      return false;
    }
    if (reply != null) {
      stats.request();
      ctx.writeAndFlush(framed(ctx, reply), ctx.voidPromise()); // a failed write reaches exceptionCaught
    }
    return true;
  }

  private int submit(Runnable task) {
    busy.incrementAndGet();
    return serial.submit(() -> {
      try {
        task.run();
      } finally {
        busy.decrementAndGet();
      }
    });
  }

  private void openSession(ChannelHandlerContext ctx, Messages.Hello hello, String serverFinal) {
    MessageBufferPacker reply = MessagePack.newDefaultBufferPacker();
    try {
      if (hello.version() != Protocol.VERSION) {
        throw new MorphException(ErrorCode.CANNOT_CONNECT, "This server speaks protocol version "
            + Protocol.VERSION + ", the client " + hello.version());
      }
      Session session = host.open(hello.database(), hello.options());
      if (gone) {
        session.close();
        return;
      }
      long agreed = hello.features() & features;
      dispatcher = new RequestDispatcher(session, agreed);
      reply.packInt(Protocol.STATUS_OK);
      org.morphdb.jdbc.remote.WireValues.packOptional(reply, serverFinal);
      new Messages.Welcome(Protocol.VERSION, agreed, session.nodeId(),
          dispatcher.state(), maxFrameBytes).pack(reply);
      stage = Stage.SESSION;
      ctx.writeAndFlush(framed(ctx, reply.toByteArray()));
    } catch (MorphException e) {
      refuse(ctx, reply, e);
    } catch (IOException | RuntimeException e) {
      refuse(ctx, reply, new MorphException(ErrorCode.CANNOT_CONNECT, "Cannot open the session: " + e, e));
    }
  }

  private static void refuse(ChannelHandlerContext ctx, MessageBufferPacker reply, MorphException e) {
    try {
      reply.clear();
      reply.packInt(Protocol.STATUS_ERROR);
      Messages.WireError.of(e).pack(reply);
      ctx.writeAndFlush(framed(ctx, reply.toByteArray()))
          .addListener(f -> ctx.close());
    } catch (IOException io) {
      ctx.close();
    }
  }

  /** On a worker: runs a request and hands its reply to the I/O thread. */
  private void run(ChannelHandlerContext ctx, long requestId, Op op, byte[] bytes) {
    RequestDispatcher d = dispatcher;
    if (gone || d == null) {
      return;
    }
    ReplyBuffers reply = answer(ctx, d, requestId, op, bytes);
    if (reply == null || ctx.executor().isShuttingDown()) {
      return; // a protocol violation closed it, or the server is stopping: the connection closes with it
    }
    stats.request();
    unwritten.incrementAndGet();
    var written = ctx.writeAndFlush(framed(ctx, reply));
    written.addListener(f -> unwritten.decrementAndGet());
    if (op == Op.CLOSE) {
      written.addListener(f -> ctx.close());
    }
  }

  /** The reply to a request, or null when it broke the protocol (the connection is closing). */
  private ReplyBuffers answer(ChannelHandlerContext ctx, RequestDispatcher d, long requestId, Op op, byte[] bytes) {
    d.clearCancel(); // before the id is visible: a CANCEL naming this request lands after it
    runningRequestId = requestId;
    ReplyBuffers reply;
    try {
      MessageUnpacker u = reading(requestUnpacker, bytes);
      u.unpackLong();
      u.unpackInt();
      reply = d.handle(requestId, op, u);
    } catch (IOException | RuntimeException e) {
      protocolViolation(ctx, e);
      return null;
    } finally {
      runningRequestId = 0;
      Thread.interrupted(); // a CANCEL that came as the request ended must not hit the thread's next task
    }
    return reply;
  }

  /**
   * One frame in one buffer: the 4-byte length, then the payload (the server writes its frames
   * whole, a single write each, rather than through a length prepender's second buffer).
   */
  private static ByteBuf framed(ChannelHandlerContext ctx, byte[] payload) {
    return ctx.alloc().ioBuffer(4 + payload.length).writeInt(payload.length).writeBytes(payload);
  }

  /** The reply in {@code r} as one frame, copied out of the connection's buffers. */
  private static ByteBuf framed(ChannelHandlerContext ctx, ReplyBuffers r) {
    int length = r.frameLength();
    return ctx.alloc().ioBuffer(4 + length).writeInt(length)
        .writeBytes(r.head(), 0, r.headLength()).writeBytes(r.body(), 0, r.bodyLength());
  }

  private void protocolViolation(ChannelHandlerContext ctx, Throwable e) {
    stats.protocolViolation();
    // a wire failure is the client's; anything else is a server bug worth a warning
    boolean clientsFault = RequestDispatcher.isWireFailure(e) || e instanceof io.netty.handler.codec.DecoderException;
    LOG.log(clientsFault ? System.Logger.Level.DEBUG : System.Logger.Level.WARNING,
        () -> "closing " + ctx.channel().remoteAddress() + ": " + e, e);
    ctx.close();
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    // idle: nothing received for the idle timeout while nothing of it ran: the client is gone
    if (evt instanceof IdleStateEvent && busy.get() == 0) {
      stats.closedIdle();
      ctx.close();
    }
  }

  /** Slow reader: stop reading its requests until its replies have drained. */
  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    ctx.channel().config().setAutoRead(ctx.channel().isWritable());
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    protocolViolation(ctx, cause);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    gone = true;
    stats.closed();
    RequestDispatcher d = dispatcher;
    if (d != null && runningRequestId != 0) {
      try {
        d.session().cancel();
      } catch (RuntimeException ignored) {
        // it ends by itself
      }
    }
    serial.submit(this::release);
  }

  private void release() {
    RequestDispatcher d = dispatcher;
    dispatcher = null;
    if (d != null) {
      try {
        d.close();
      } catch (RuntimeException ignored) {
        // the session is released either way
      }
    }
  }
}
