package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/**
 * FEATURE_KNOWN_METADATA: an EXECUTE reply leaves out the result columns the client was last
 * sent for its prepared statement and the table versions it sent itself; the driver fills
 * them in, so what an application sees is what a server without the feature shows, also
 * when a schema change gives the statement new columns.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class KnownMetadataTest {
  private static MorphServer server;
  private static MorphServer olderServer;

  @BeforeAll
  static void startServers() throws Exception {
    server = MorphServer.start(ServerConfig.forTests());
    olderServer = MorphServer.start(ServerConfig.forTests()
        .withFeatures(Protocol.FEATURES & ~Protocol.FEATURE_KNOWN_METADATA));
  }

  @AfterAll
  static void stopServers() {
    server.close();
    olderServer.close();
  }

  /** The reply to request {@code id}, positioned at its payload. */
  private static MessageUnpacker reply(RawClient c, long id) throws Exception {
    MessageUnpacker u = MessagePack.newDefaultUnpacker(c.readFrame());
    assertEquals(id, u.unpackLong());
    assertEquals(Protocol.STATUS_OK, u.unpackInt(), "status");
    u.unpackInt(); // state
    return u;
  }

  @Test
  void aPreparedQuerysRepliesCarryNeitherItsColumnsNorTheVersionsTheClientSent() throws Exception {
    String db = "known_wire_" + System.nanoTime();
    try (Connection setup = DriverManager.getConnection(server.url(db) + ";keep=true");
         Statement s = setup.createStatement()) {
      s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, a INT)");
      s.execute("INSERT INTO t VALUES (1, 10)");
    }
    try (RawClient c = new RawClient(server.port(), 10_000)) {
      c.handshake(db);
      c.writeFrame(RawClient.request(1, Protocol.Op.PREPARE, "SELECT a FROM t WHERE id = ?"));
      PrepareResponse prepared = Messages.unpackPrepared(reply(c, 1));
      assertEquals(1, prepared.columns().size(), "PREPARE describes the columns");
      for (long id = 2; id <= 3; id++) {
        c.writeFrame(RawClient.request(id, Protocol.Op.EXECUTE, new Messages.ExecuteCall(prepared.statementId(),
            null, List.of(1L), prepared.tableVersions(), 0, 100)));
        Messages.ExecuteReply r = Messages.ExecuteReply.unpack(reply(c, id));
        assertNull(r.columns(), "the columns PREPARE sent are not sent again");
        assertNull(r.tableVersions(), "nor the versions the request carried");
        assertEquals(10, r.firstRows().rows().get(0)[0]);
      }
      c.writeFrame(RawClient.request(4, Protocol.Op.EXECUTE, RawClient.sql("SELECT a FROM t", 100)));
      Messages.ExecuteReply adHoc = Messages.ExecuteReply.unpack(reply(c, 4));
      assertNotNull(adHoc.columns(), "a statement without an id gets its columns");
      assertNotNull(adHoc.tableVersions());
    }
  }

  /** What an application sees of a prepared SELECT * run three times, with a column added before the second. */
  private static List<String> selectStarAcrossAnAddColumn(MorphServer s) throws SQLException {
    String url = s.url("known_" + System.nanoTime()) + ";keep=true";
    List<String> seen = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, a INT)");
      st.execute("INSERT INTO t VALUES (1, 10)");
      try (PreparedStatement p = c.prepareStatement("SELECT * FROM t WHERE id = ?")) {
        p.setLong(1, 1);
        for (int run = 0; run < 3; run++) {
          if (run == 1) {
            try (Connection other = DriverManager.getConnection(url); Statement o = other.createStatement()) {
              o.execute("ALTER TABLE t ADD COLUMN b VARCHAR(10) DEFAULT 'x'");
            }
          }
          try (ResultSet rs = p.executeQuery()) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder row = new StringBuilder();
            rs.next();
            for (int i = 1; i <= md.getColumnCount(); i++) {
              row.append(md.getColumnName(i)).append(' ').append(md.getColumnTypeName(i)).append('=')
                  .append(rs.getObject(i)).append(';');
            }
            seen.add(row.toString());
          }
        }
      }
    }
    return seen;
  }

  @Test
  void aSchemaChangeGivesAPreparedStatementItsNewColumnsAsAServerWithoutTheFeatureDoes() throws SQLException {
    List<String> seen = selectStarAcrossAnAddColumn(server);
    assertEquals(3, seen.size());
    assertEquals(2, seen.get(0).split(";").length, seen.get(0));
    assertEquals(3, seen.get(1).split(";").length, "the new column after the ALTER: " + seen.get(1));
    assertEquals(seen.get(1), seen.get(2), "and again on the next run, from the driver's copy");
    assertEquals(selectStarAcrossAnAddColumn(olderServer), seen);
  }

  @Test
  void theHandshakeOffersTheFeatureOnlyWhereTheServerHasIt() throws Exception {
    for (MorphServer s : new MorphServer[] {server, olderServer}) {
      try (RawClient c = new RawClient(s.port(), 10_000)) {
        MessageUnpacker u = MessagePack.newDefaultUnpacker(c.handshake("known_hs_" + System.nanoTime()));
        assertEquals(Protocol.STATUS_OK, u.unpackInt());
        u.tryUnpackNil(); // no login
        Messages.Welcome w = Messages.Welcome.unpack(u);
        assertEquals(s == server, (w.features() & Protocol.FEATURE_KNOWN_METADATA) != 0);
      }
    }
  }
}
