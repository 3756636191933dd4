package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.Protocol.Op;

/**
 * The server under many clients and badly behaved ones: 1,000 connections at once; a
 * client that floods requests without reading replies; oversized, negative and truncated
 * frames, wrong magic, unknown operations. Each bad client loses its own connection only.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ServerLimitsTest {
  private static MorphServer server;
  private static String db;

  @BeforeAll
  static void start() throws Exception {
    server = MorphServer.start(ServerConfig.forTests().withIdleTimeoutMs(3000).withMaxFrameBytes(64 * 1024));
    db = "limits_" + System.nanoTime();
    try (Connection c = DriverManager.getConnection(server.url(db) + ";keep=true"); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INT PRIMARY KEY, pad VARCHAR(200))");
      try (var p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
        for (int i = 0; i < 2000; i++) {
          p.setInt(1, i);
          p.setString(2, "p".repeat(150));
          p.addBatch();
        }
        p.executeBatch();
      }
      // a request over the server's frame limit fails before it is sent; the connection stays
      SQLException tooLarge = assertThrows(SQLException.class,
          () -> s.execute("SELECT '" + "x".repeat(70 * 1024) + "'"));
      assertEquals("54000", tooLarge.getSQLState());
      assertTrue(c.isValid(1));
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aThousandConnectionsAtOnce() throws Exception {
    int n = 1000;
    List<Connection> connections = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(32);
    try {
      List<Future<Connection>> opened = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        opened.add(pool.submit(() -> DriverManager.getConnection(server.url(db))));
      }
      for (Future<Connection> f : opened) {
        connections.add(f.get());
      }
      assertTrue(server.stats().openConnections() >= n, "open: " + server.stats().openConnections());
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Connection c = connections.get(i);
        int id = i % 2000;
        answers.add(pool.submit(() -> {
          try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM t WHERE id = " + id)) {
            return rs.next() ? rs.getInt(1) : -1;
          }
        }));
      }
      for (int i = 0; i < n; i++) {
        assertEquals(i % 2000, answers.get(i).get());
      }
    } finally {
      for (Connection c : connections) {
        c.close();
      }
      pool.shutdownNow();
    }
  }

  @Test
  void aClientFloodingRequestsWithoutReadingIsDisconnected() throws Exception {
    long before = server.stats().protocolViolations() + server.stats().idleClosed();
    try (RawClient flood = new RawClient(server.port(), 30_000)) {
      flood.handshake(db);
      byte[] query = RawClient.request(1, Op.EXECUTE, RawClient.sql("SELECT * FROM t", 2000));
      boolean closed = false;
      for (int i = 0; i < 5000 && !closed; i++) {
        try {
          flood.writeFrame(query);
        } catch (java.io.IOException e) {
          closed = true;
        }
      }
      assertTrue(closed || flood.closedByServer(), "the server closed the flooding connection");
    }
    // either its queue overflowed, or the server stopped reading it (its replies not drained)
    // and the idle timeout ended it: memory for it stays bounded both ways
    assertTrue(server.stats().protocolViolations() + server.stats().idleClosed() > before);
    assertServerAnswers();
  }

  @Test
  void badFramesCloseOnlyTheirConnection() throws Exception {
    byte[][] openings = {
        {'H', 'T', 'T', 'P', ' ', '/'}, // not our magic
    };
    for (byte[] opening : openings) {
      try (RawClient c = new RawClient(server.port(), 10_000)) {
        c.writeRaw(opening);
        assertTrue(c.closedByServer(), "wrong magic");
      }
    }
    try (RawClient c = new RawClient(server.port(), 10_000)) {
      c.handshake(db);
      c.writeRaw(RawClient.lengthPrefix(64 * 1024 + 1));
      assertTrue(c.closedByServer(), "a frame over the limit");
    }
    try (RawClient c = new RawClient(server.port(), 10_000)) {
      c.handshake(db);
      c.writeRaw(RawClient.lengthPrefix(-5));
      assertTrue(c.closedByServer(), "a negative length");
    }
    try (RawClient c = new RawClient(server.port(), 10_000)) {
      c.handshake(db);
      c.writeFrame(RawClient.request(1, Op.PING, 99L)); // trailing argument
      assertTrue(c.closedByServer(), "trailing bytes");
    }
    try (RawClient c = new RawClient(server.port(), 10_000)) {
      c.handshake(db);
      org.msgpack.core.MessageBufferPacker p = org.msgpack.core.MessagePack.newDefaultBufferPacker();
      p.packLong(1).packInt(99);
      c.writeFrame(p.toByteArray());
      assertTrue(c.closedByServer(), "an unknown operation");
    }
    try (RawClient c = new RawClient(server.port(), 10_000)) {
      c.handshake(db);
      c.writeRaw(RawClient.lengthPrefix(100));
      c.writeRaw(new byte[10]); // and then nothing: the idle timeout ends it
      assertTrue(c.closedByServer(), "a truncated frame");
    }
    assertServerAnswers();
  }

  @Test
  void aSlowReaderHoldsAtMostOneChunkOnTheServer() throws Exception {
    try (Connection c = DriverManager.getConnection(server.url(db)); Statement s = c.createStatement()) {
      s.setFetchSize(10);
      long requests = server.stats().requests();
      try (ResultSet rs = s.executeQuery("SELECT * FROM t")) {
        for (int i = 0; i < 35; i++) {
          assertTrue(rs.next());
          Thread.sleep(1);
        }
        // 35 rows read in chunks of 10: the server answered 4 requests, not the 2000 rows
        assertEquals(4, server.stats().requests() - requests);
      }
    }
  }

  private static void assertServerAnswers() throws SQLException {
    try (Connection c = DriverManager.getConnection(server.url(db)); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
      assertTrue(rs.next());
      assertEquals(2000, rs.getInt(1));
      assertFalse(rs.next());
    }
    assertTrue(Protocol.MAX_FRAME_BYTES > 64 * 1024);
  }
}
