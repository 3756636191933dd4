package org.morphdb.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A MorphDB server: hosts databases for {@code jdbc:morph://host:port/NAME} clients
 * (docs/protocol.md). Netty reads and writes frames on a few I/O threads; engine calls,
 * which block on locks and DDL, run on a worker pool, one connection's requests one after
 * another.
 */
public final class MorphServer implements AutoCloseable {
  private final ServerConfig config;
  private final DatabaseHost host;
  private final EventLoopGroup bossGroup;
  private final EventLoopGroup ioGroup;
  private final ExecutorService workers;
  private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final ServerStats stats = new ServerStats();
  private final Channel serverChannel;
  private final SslContext tls;
  private final Transport transport = Transport.chosen();
  private volatile boolean closed;

  private MorphServer(ServerConfig config) throws SQLException, InterruptedException {
    this.config = config;
    this.tls = tlsContext(config.tls());
    this.host = new DatabaseHost(config.databases(), config.allowCreate());
    this.bossGroup = new MultiThreadIoEventLoopGroup(1, transport.acceptHandlers());
    this.ioGroup = new MultiThreadIoEventLoopGroup(Math.max(2, Runtime.getRuntime().availableProcessors()),
        transport.ioHandlers());
    this.workers = workerPool();
    try {
      this.serverChannel = bootstrap().bind(config.host(), config.port()).sync().channel();
    } catch (RuntimeException | InterruptedException e) {
      shutdownQuietly();
      throw e;
    }
  }

  /** Starts a server and returns once it listens. */
  public static MorphServer start(ServerConfig config) throws SQLException, InterruptedException {
    return new MorphServer(config);
  }

  private ServerBootstrap bootstrap() {
    return new ServerBootstrap()
        .group(bossGroup, ioGroup)
        .channel(transport.serverChannel())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.SO_KEEPALIVE, true)
        // a slow reader: once 1 MiB of replies wait, the connection stops being read
        .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            clients.add(ch);
            if (tls != null) {
              ch.pipeline().addLast(tls.newHandler(ch.alloc()));
            }
            ch.pipeline()
                // all-idle, not read-idle: the clock restarts when a reply goes out, so a client
                // whose request ran longer than the timeout is not closed as it sends its next one
                .addLast(new IdleStateHandler(0, 0, config.idleTimeoutMs(), TimeUnit.MILLISECONDS))
                .addLast(new MagicDecoder())
                .addLast(new LengthFieldBasedFrameDecoder(config.maxFrameBytes(), 0, 4, 0, 4))
                .addLast(new ClientHandler(host, workers, stats, config));
          }
        });
  }

  /** Netty's TLS context for the configured PEM files, or null for plain TCP; 08001 for bad files. */
  private static SslContext tlsContext(ServerConfig.TlsFiles files) throws SQLException {
    if (files == null) {
      return null;
    }
    try {
      SslContextBuilder builder = SslContextBuilder.forServer(files.certificate(), files.privateKey());
      if (files.clientCa() != null) {
        builder.trustManager(files.clientCa()).clientAuth(ClientAuth.REQUIRE);
      }
      return builder.build();
    } catch (javax.net.ssl.SSLException | IllegalArgumentException e) {
      throw new java.sql.SQLNonTransientConnectionException("Cannot use the TLS certificate or key: " + e.getMessage(),
          "08001", e);
    }
  }

  private static ExecutorService workerPool() {
    AtomicInteger n = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
      Thread t = new Thread(r, "morphdb-server-worker-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
  }

  /** The port it listens on (the chosen one when the config said 0). */
  public int port() {
    return ((InetSocketAddress) serverChannel.localAddress()).getPort();
  }

  public String hostAddress() {
    return ((InetSocketAddress) serverChannel.localAddress()).getAddress().getHostAddress();
  }

  public ServerConfig config() { return config; }

  /** The socket transport in use: "epoll" or "nio". */
  public String transport() { return transport.name().toLowerCase(java.util.Locale.ROOT); }

  public ServerStats stats() { return stats; }

  /** A URL for a database of this server, as a client names it. */
  public String url(String database) {
    return "jdbc:morph://localhost:" + port() + "/" + database;
  }

  /**
   * Stops listening, closes every client connection (their transactions roll back) and the
   * hosted databases' anchor sessions.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    serverChannel.close().awaitUninterruptibly();
    clients.close().awaitUninterruptibly();
    shutdownQuietly();
  }

  private void shutdownQuietly() {
    bossGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    ioGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    workers.shutdown();
    try {
      workers.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    host.close();
  }
}
