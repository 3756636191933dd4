package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS with client verification ({@code --tls-client-ca F}): a client whose certificate the
 * trusted CA signed connects ({@code tlsKeyStore=FILE;tlsKeyStorePassword=...}); one without a
 * certificate, with one nobody the server trusts signed, or with an expired one, is refused
 * with 08001 and a message that says which.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClientCertificateTest {
  @TempDir
  Path dir;

  private static String keyStore(Path store) {
    return ";tlsKeyStore=" + store.toAbsolutePath() + ";tlsKeyStorePassword=" + TestCertificates.PASSWORD;
  }

  private static SQLException refused(String url) {
    return assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());
  }

  @Test
  @SuppressWarnings("deprecation") // Netty's self-signed certificate is meant for tests like this one
  void onlyClientsWithACertificateOfTheTrustedCaConnect() throws Exception {
    TestCertificates certificates = new TestCertificates(dir);
    Path ca = certificates.authority("clients-ca");
    certificates.authority("other-ca");
    Path alice = certificates.signedBy("clients-ca", "alice");
    Path mallory = certificates.signedBy("other-ca", "mallory");
    Path stranger = certificates.selfSigned("stranger");
    Path expired = certificates.signedBy("clients-ca", "expired", "-10d");
    SelfSignedCertificate serverCert = new SelfSignedCertificate("localhost");
    try (MorphServer server = MorphServer.start(ServerConfig.forTests().withTls(
        new ServerConfig.TlsFiles(serverCert.certificate(), serverCert.privateKey(), ca.toFile())))) {
      String url = server.url("mtls_" + System.nanoTime()) + ";tlsCert=" + serverCert.certificate().getAbsolutePath();
      try (Connection c = DriverManager.getConnection(url + keyStore(alice)); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT 6 * 7")) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt(1));
      }

      // the refusal reaches the client as an alert or as a reset connection: either way it is told why
      for (int attempt = 0; attempt < 5; attempt++) {
        SQLException none = refused(url);
        assertEquals("08001", none.getSQLState());
        assertTrue(none.getMessage().contains("may require a client certificate: tlsKeyStore=FILE"),
            "the message says what is missing: " + none.getMessage());
        for (Path untrusted : new Path[] {mallory, stranger}) {
          SQLException e = refused(url + keyStore(untrusted));
          assertEquals("08001", e.getSQLState(), e.getMessage());
          assertTrue(e.getMessage().contains("signed by a CA it trusts; tlsKeyStore has none"), e.getMessage());
        }
        SQLException e = refused(url + keyStore(expired)); // the right CA, but no longer valid
        assertEquals("08001", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("may not trust the client certificate of tlsKeyStore"), e.getMessage());
      }
      SQLException badPassword = refused(url + ";tlsKeyStore=" + alice.toAbsolutePath() + ";tlsKeyStorePassword=nope");
      assertEquals("08001", badPassword.getSQLState());
      assertTrue(badPassword.getMessage().contains("tlsKeyStore"), badPassword.getMessage());
      assertEquals("08001", refused(url + ";tlsKeyStore=" + dir.resolve("missing.p12")).getSQLState());
    }

    // a server that asks for no client certificate ignores the one a client has
    try (MorphServer server = MorphServer.start(ServerConfig.forTests().withTls(
        new ServerConfig.TlsFiles(serverCert.certificate(), serverCert.privateKey(), null)));
        Connection c = DriverManager.getConnection(server.url("plain_tls_" + System.nanoTime())
            + ";tlsCert=" + serverCert.certificate().getAbsolutePath() + keyStore(alice))) {
      assertTrue(c.isValid(5));
    } finally {
      serverCert.delete();
    }
  }

  @Test
  void aKeyStoreAloneImpliesTls() throws Exception {
    Path alice = new TestCertificates(dir).selfSigned("alice");
    try (MorphServer server = MorphServer.start(ServerConfig.forTests())) {
      // the plain-TCP server does not speak TLS: the client's handshake fails, it does not fall back
      assertEquals("08001", refused(server.url("x") + ";connectTimeout=3000" + keyStore(alice)).getSQLState());
    }
  }
}
