package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol.Op;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/**
 * Seeded protocol fuzzing: valid frames mutated (bytes flipped, inserted, deleted, cut,
 * replaced), and raw streams with broken length fields, sent to one server. Each bad frame
 * may close its own connection only: afterwards the server still answers, every fuzz
 * connection is released, another database on the server is untouched and CHECK TABLE of
 * the fuzzed one is clean. CI runs {@value #DEFAULT_FRAMES} frames; the 10^5 run is
 * {@code -Dmorph.fuzz.frames=100000}.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class FrameFuzzTest {
  static final int DEFAULT_FRAMES = 3000;
  private static final long PING_ID = 0x7fff_0000_0000_0001L;

  @Test
  void mutatedFramesCloseOnlyTheirConnection() throws Exception {
    int frames = Integer.getInteger("morph.fuzz.frames", DEFAULT_FRAMES);
    long seed = Long.getLong("morph.fuzz.seed", 29L);
    try (MorphServer server = MorphServer.start(ServerConfig.forTests())) {
      String fuzzDb = "fuzz_" + System.nanoTime();
      String guardDb = "guard_" + System.nanoTime();
      try (Connection guard = DriverManager.getConnection(server.url(guardDb));
          Connection fuzz = DriverManager.getConnection(server.url(fuzzDb) + ";lockTimeout=200")) {
        setUp(guard);
        setUp(fuzz);
        Outcomes outcomes = fuzz(server.port(), fuzzDb, frames, new Random(seed));
        System.out.printf("frame fuzz: %d frames (seed %d): %s%n", frames, seed, outcomes);
        assertTrue(outcomes.closed > 0 && outcomes.answered > 0, outcomes.toString());
        assertEquals(100, count(guard, "SELECT COUNT(*) FROM t"), "the other database is untouched");
        assertEquals(4950, count(guard, "SELECT SUM(id) FROM t"));
        assertEquals(0, rows(fuzz, "CHECK TABLE t"), "the fuzzed table is consistent");
        assertTrue(guard.isValid(1) && fuzz.isValid(1));
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (server.stats().openConnections() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(0, server.stats().openConnections(), "every fuzz connection was released");
    }
  }

  private static void setUp(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20))");
      s.execute("CREATE INDEX t_v ON t (v)");
      StringBuilder values = new StringBuilder();
      for (int i = 0; i < 100; i++) {
        values.append(i == 0 ? "" : ",").append("(").append(i).append(", 'v").append(i % 7).append("')");
      }
      s.execute("INSERT INTO t VALUES " + values);
    }
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  private static int rows(Connection c, String sql) throws SQLException {
    int n = 0;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        n++;
      }
    }
    return n;
  }

  static final class Outcomes {
    int answered;
    int closed;
    int reconnects;

    @Override
    public String toString() {
      return "answered " + answered + ", connection closed " + closed + ", reconnects " + reconnects;
    }
  }

  private static Outcomes fuzz(int port, String db, int frames, Random random) throws IOException {
    List<byte[]> corpus = corpus();
    byte[] ping = RawClient.request(PING_ID, Op.PING);
    Outcomes outcomes = new Outcomes();
    RawClient client = null;
    try {
      for (int i = 0; i < frames; i++) {
        if (client == null) {
          client = new RawClient(port, 10_000);
          outcomes.reconnects++;
          if (random.nextInt(20) == 0) { // a mutated hello
            client.writeRaw(org.morphdb.jdbc.remote.Protocol.MAGIC);
            client.writeFrame(mutate(RawClient.hello(db), random));
          } else {
            client.handshake(db);
          }
        }
        boolean rawLength = random.nextInt(10) == 0;
        byte[] frame = mutate(corpus.get(random.nextInt(corpus.size())), random);
        if (rawLength) { // a length field that lies: too long, negative, huge; then the client leaves
          if (sent(client, RawClient.lengthPrefix(random.nextInt()), true)) {
            sent(client, frame, true);
          }
          client.close();
          client = null;
          outcomes.closed++;
          continue;
        }
        if (sent(client, frame, false) && sent(client, ping, false) && answered(client)) {
          outcomes.answered++;
        } else {
          client.close();
          client = null;
          outcomes.closed++;
        }
      }
    } finally {
      if (client != null) {
        client.close();
      }
    }
    return outcomes;
  }

  /** Writes a frame (or raw bytes, for the length-field cases); false when the server has closed. */
  private static boolean sent(RawClient client, byte[] frame, boolean raw) {
    try {
      if (raw) {
        client.writeRaw(frame);
      } else {
        client.writeFrame(frame);
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Reads replies until the ping's; false when the server closed the connection instead. */
  private static boolean answered(RawClient client) {
    try {
      while (true) {
        byte[] reply = client.readFrame();
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(reply)) {
          if (u.getNextFormat().getValueType() == org.msgpack.value.ValueType.INTEGER && u.unpackLong() == PING_ID) {
            return true;
          }
        }
      }
    } catch (java.net.SocketTimeoutException e) {
      throw new AssertionError("the server neither answered nor closed within 10 s", e);
    } catch (IOException e) {
      return false;
    }
  }

  private static List<byte[]> corpus() throws IOException {
    List<byte[]> c = new ArrayList<>();
    c.add(RawClient.request(1, Op.PREPARE, "SELECT id, v FROM t WHERE id = ?"));
    c.add(RawClient.request(2, Op.EXECUTE, new Messages.ExecuteCall(1, null, List.of(5), Map.of(), 0, 10)));
    c.add(RawClient.request(3, Op.EXECUTE, RawClient.sql("SELECT * FROM t WHERE v = 'v3'", 5)));
    c.add(RawClient.request(4, Op.EXECUTE, RawClient.sql("UPDATE t SET v = 'v9' WHERE id = 9", 0)));
    c.add(RawClient.request(5, Op.EXECUTE, new Messages.ExecuteCall(0, "INSERT INTO t VALUES (?, ?)",
        List.of(1000, "x"), Map.of(), 0, 0)));
    c.add(RawClient.request(6, Op.FETCH, 1L, 10));
    c.add(RawClient.request(7, Op.CLOSE_CURSOR, 1L));
    c.add(RawClient.request(8, Op.SET_AUTO_COMMIT, false));
    c.add(RawClient.request(9, Op.COMMIT));
    c.add(RawClient.request(10, Op.ROLLBACK));
    c.add(RawClient.request(11, Op.SET_READ_ONLY, true));
    c.add(RawClient.request(12, Op.CLOSE_STATEMENT, 1L));
    c.add(RawClient.request(13, Op.CANCEL, 2L));
    c.add(RawClient.request(14, Op.EXECUTE, new Messages.ExecuteCall(0, "SELECT ?", List.of(
        java.math.BigDecimal.TEN, java.time.LocalDate.EPOCH, 7L, (short) 1, new byte[] {1}), Map.of(), 3, 1)));
    c.add(RawClient.request(15, Op.EXECUTE_BATCH, new org.morphdb.jdbc.remote.BatchMessages.BatchCall(1, Map.of(),
        null, List.of(List.of(5), List.of(6), List.of(7L)))));
    return c;
  }

  private static byte[] mutate(byte[] frame, Random random) {
    byte[] f = frame.clone();
    switch (random.nextInt(6)) {
      case 0 -> { // flip bytes
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
          f[random.nextInt(f.length)] ^= (byte) (1 + random.nextInt(255));
        }
        return f;
      }
      case 1 -> { // set one byte to an interesting value
        f[random.nextInt(f.length)] = new byte[] {0, -1, (byte) 0xc1, (byte) 0xdd, (byte) 0xdf, 0x7f}[random.nextInt(6)];
        return f;
      }
      case 2 -> { // cut
        return Arrays.copyOf(f, random.nextInt(f.length));
      }
      case 3 -> { // insert a byte
        int at = random.nextInt(f.length + 1);
        byte[] g = new byte[f.length + 1];
        System.arraycopy(f, 0, g, 0, at);
        g[at] = (byte) random.nextInt(256);
        System.arraycopy(f, at, g, at + 1, f.length - at);
        return g;
      }
      case 4 -> { // random bytes
        byte[] g = new byte[random.nextInt(64)];
        random.nextBytes(g);
        return g;
      }
      default -> { // append garbage
        byte[] g = Arrays.copyOf(f, f.length + 1 + random.nextInt(8));
        for (int i = f.length; i < g.length; i++) {
          g[i] = (byte) random.nextInt(256);
        }
        return g;
      }
    }
  }

  @Test
  void theCorpusItselfIsAnsweredWithoutClosing() throws Exception {
    try (MorphServer server = MorphServer.start(ServerConfig.forTests());
        RawClient client = new RawClient(server.port(), 10_000)) {
      client.handshake("corpus_" + System.nanoTime());
      for (byte[] frame : corpus()) {
        client.writeFrame(frame);
      }
      client.writeFrame(RawClient.request(PING_ID, Op.PING));
      assertTrue(answered(client));
      assertFalse(server.stats().protocolViolations() > 0, "valid frames are no violation");
    }
  }
}
