package org.morphdb.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder between clients and a server, for failure tests: {@link #cut()} breaks
 * every connection at once (the client and the server both see it go), {@link #freeze()}
 * stops forwarding but keeps the sockets open (a silent network partition).
 */
final class TcpProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean frozen;
  private final java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();

  TcpProxy(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() { return listener.getLocalPort(); }

  String url(String database) {
    return "jdbc:morph://localhost:" + port() + "/" + database;
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        sockets.add(client);
        sockets.add(server);
        pump(client, server, true);
        pump(server, client, false);
      } catch (IOException e) {
        return;
      }
    }
  }

  private void pump(Socket from, Socket to, boolean record) {
    Thread t = new Thread(() -> {
      byte[] buffer = new byte[8192];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          while (frozen) {
            Thread.sleep(10);
          }
          if (record) {
            synchronized (sent) {
              sent.write(buffer, 0, n);
            }
          }
          out.write(buffer, 0, n);
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // the other side or cut() closed it
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  /** Every byte clients sent through this proxy. */
  byte[] sentByClients() {
    synchronized (sent) {
      return sent.toByteArray();
    }
  }

  /** Closes every forwarded connection on both sides. */
  void cut() {
    for (Socket s : sockets) {
      closeQuietly(s);
    }
    sockets.clear();
  }

  /** Stops forwarding bytes; the sockets stay open. */
  void freeze() {
    frozen = true;
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // gone already
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    frozen = false;
    cut();
  }
}
