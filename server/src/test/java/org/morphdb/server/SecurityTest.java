package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logins by SCRAM-SHA-256 against salted verifiers (wrong ones are 28000, the password never
 * crosses the wire) and TLS with a certificate the test makes.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SecurityTest {
  private static final String PASSWORD = "correct horse battery staple";

  @TempDir
  Path dir;

  private static Properties login(String user, String password) {
    Properties p = new Properties();
    if (user != null) {
      p.setProperty("user", user);
    }
    if (password != null) {
      p.setProperty("password", password);
    }
    return p;
  }

  @Test
  void scramLoginsAcceptTheRightPasswordOnlyAndNeverSendIt() throws Exception {
    Path users = dir.resolve("users.txt");
    Files.writeString(users, "# test users\nalice:" + UserStore.verifier(PASSWORD) + "\n", StandardCharsets.UTF_8);
    assertFalse(Files.readString(users).contains(PASSWORD), "the file holds a verifier, not the password");
    try (MorphServer server = MorphServer.start(ServerConfig.forTests().withUsers(UserStore.load(users)));
        TcpProxy proxy = new TcpProxy(server.port())) {
      String db = "secure_" + System.nanoTime();
      try (Connection c = DriverManager.getConnection(proxy.url(db), login("alice", PASSWORD));
          Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 40 + 2")) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt(1));
      }
      assertFalse(new String(proxy.sentByClients(), StandardCharsets.ISO_8859_1).contains(PASSWORD),
          "the password never crosses the wire");
      assertEquals("28000", refused(server.url(db), login("alice", "wrong")));
      assertEquals("28000", refused(server.url(db), login("mallory", PASSWORD)));
      assertEquals("28000", refused(server.url(db), login("alice", null)));
      assertEquals("28000", refused(server.url(db), login(null, null)));
      assertEquals("28000", refused(server.url(db) + ";user=alice;password=nope", new Properties()));
      try (Connection c = DriverManager.getConnection(server.url(db) + ";user=alice;password=" + PASSWORD)) {
        assertTrue(c.isValid(1), "user and password may be URL options too");
      }
    }
  }

  private static String refused(String url, Properties info) {
    return assertThrows(SQLException.class, () -> DriverManager.getConnection(url, info).close()).getSQLState();
  }

  @Test
  void aUsersFileWithABadLineIsRefusedAtStart() throws Exception {
    Path users = dir.resolve("bad.txt");
    Files.writeString(users, "bob:plaintext-password\n");
    java.io.IOException e = assertThrows(java.io.IOException.class, () -> UserStore.load(users));
    assertTrue(e.getMessage().contains("line 1"), e.getMessage());
  }

  @Test
  @SuppressWarnings("deprecation") // Netty's self-signed certificate is meant for tests like this one
  void tlsWithATestCertificate() throws Exception {
    SelfSignedCertificate cert = new SelfSignedCertificate("localhost");
    try (MorphServer server = MorphServer.start(ServerConfig.forTests()
            .withTls(new ServerConfig.TlsFiles(cert.certificate(), cert.privateKey(), null)));
        TcpProxy proxy = new TcpProxy(server.port())) {
      String db = "tls_" + System.nanoTime();
      String trust = ";tlsCert=" + cert.certificate().getAbsolutePath();
      try (Connection c = DriverManager.getConnection(proxy.url(db) + trust); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE secret_table (id INT PRIMARY KEY)");
        s.execute("INSERT INTO secret_table VALUES (7)");
        try (ResultSet rs = s.executeQuery("SELECT id FROM secret_table")) {
          assertTrue(rs.next());
          assertEquals(7, rs.getInt(1));
        }
      }
      assertFalse(new String(proxy.sentByClients(), StandardCharsets.ISO_8859_1).contains("secret_table"),
          "statements are encrypted on the wire");
      // a client that does not trust the certificate, or does not speak TLS, cannot connect
      assertEquals("08001", assertThrows(SQLException.class,
          () -> DriverManager.getConnection(server.url(db) + ";tls=true")).getSQLState());
      assertEquals("08001", assertThrows(SQLException.class,
          () -> DriverManager.getConnection(server.url(db) + ";connectTimeout=3000")).getSQLState());
      // the certificate names localhost: another name for the same address fails the host check
      assertEquals("08001", assertThrows(SQLException.class,
          () -> DriverManager.getConnection("jdbc:morph://127.0.0.1:" + server.port() + "/" + db + trust)).getSQLState());
    } finally {
      cert.delete();
    }
  }

  @Test
  void aServerWithoutUsersTakesAnyUser() throws Exception {
    try (MorphServer server = MorphServer.start(ServerConfig.forTests());
        Connection c = DriverManager.getConnection(server.url("open_" + System.nanoTime()), login("anyone", "x"))) {
      assertTrue(c.isValid(1));
    }
  }
}
