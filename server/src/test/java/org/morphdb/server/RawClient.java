package org.morphdb.server;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

/** A client that writes raw bytes and frames, for protocol tests. */
final class RawClient implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final DataInputStream in;

  RawClient(int port, int timeoutMs) throws IOException {
    socket = new Socket(InetAddress.getLoopbackAddress(), port);
    socket.setSoTimeout(timeoutMs);
    socket.setTcpNoDelay(true);
    out = socket.getOutputStream();
    in = new DataInputStream(socket.getInputStream());
  }

  /** Magic and a hello for {@code database}; returns the server's answer frame. */
  byte[] handshake(String database) throws IOException {
    out.write(Protocol.MAGIC);
    writeFrame(hello(database));
    return readFrame();
  }

  static byte[] hello(String database) throws IOException {
    MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
    new Messages.Hello(Protocol.VERSION, Protocol.FEATURES, database, Map.of(), null).pack(p);
    return p.toByteArray();
  }

  /** A request frame's payload: id, op and the arguments packed by {@code args}. */
  static byte[] request(long id, Protocol.Op op, Object... args) throws IOException {
    MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
    p.packLong(id).packInt(op.id());
    for (Object a : args) {
      if (a instanceof Messages.ExecuteCall call) {
        call.pack(p);
      } else if (a instanceof org.morphdb.jdbc.remote.BatchMessages.BatchCall batch) {
        batch.pack(p);
      } else if (a instanceof String s) {
        p.packString(s);
      } else if (a instanceof Long l) {
        p.packLong(l);
      } else if (a instanceof Integer i) {
        p.packInt(i);
      } else if (a instanceof Boolean b) {
        p.packBoolean(b);
      } else {
        throw new IllegalArgumentException(String.valueOf(a));
      }
    }
    return p.toByteArray();
  }

  static Messages.ExecuteCall sql(String sql, int fetchRows) {
    return new Messages.ExecuteCall(0, sql, List.of(), Map.of(), 0, fetchRows);
  }

  void writeFrame(byte[] payload) throws IOException {
    writeRaw(lengthPrefix(payload.length));
    writeRaw(payload);
  }

  static byte[] lengthPrefix(int length) {
    return new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length};
  }

  void writeRaw(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  byte[] readFrame() throws IOException {
    int length = in.readInt();
    byte[] payload = new byte[length];
    in.readFully(payload);
    return payload;
  }

  /** True when the server closed the connection (EOF or reset) within the socket timeout. */
  boolean closedByServer() {
    try {
      while (true) {
        readFrame();
      }
    } catch (EOFException e) {
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true; // reset
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
