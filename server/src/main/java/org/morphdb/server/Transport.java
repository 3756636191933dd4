package org.morphdb.server;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.nio.channels.spi.SelectorProvider;

/**
 * The socket transport of the server's event loops: Netty's epoll on Linux when its native
 * library loads (fewer system calls and no selector's garbage per wake-up), NIO elsewhere or
 * when the system property {@code morphdb.server.transport} is {@code nio}.
 */
enum Transport {
  EPOLL, NIO;

  static final String PROPERTY = "morphdb.server.transport";

  /** The transport this JVM can use, as the property allows. */
  static Transport chosen() {
    if ("nio".equalsIgnoreCase(System.getProperty(PROPERTY, "")) || !epollLoads()) {
      return NIO;
    }
    return EPOLL;
  }

  private static boolean epollLoads() {
    try {
      return Epoll.isAvailable();
    } catch (LinkageError e) {
      return false; // the classes or the native library are not there
    }
  }

  /** The connections' loops: they spin a little before they sleep (see {@link SpinBeforeSleep}). */
  IoHandlerFactory ioHandlers() {
    // 0 events per wait: Netty's default size, growing as needed
    return this == EPOLL ? EpollIoHandler.newFactory(0, SpinBeforeSleep.factory())
        : NioIoHandler.newFactory(SelectorProvider.provider(), SpinBeforeSleep.factory());
  }

  /**
   * The accepting loop's: it sleeps as soon as it has nothing to do. A new connection is
   * rare next to requests, so spinning after each accept only took CPU from the workers.
   */
  IoHandlerFactory acceptHandlers() {
    return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
  }

  Class<? extends ServerChannel> serverChannel() {
    return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
  }
}
