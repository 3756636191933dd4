package org.morphdb.server;

import java.util.Map;

/**
 * How a {@link MorphServer} runs.
 *
 * @param host          address to bind; "localhost" unless the operator says otherwise
 * @param port          TCP port, 0 for any free one
 * @param databases     database name clients use → embedded URL of the database it hosts
 * @param allowCreate   whether a client may name a database that is not in {@code databases}
 *                      (it is then created in memory with the client's options)
 * @param idleTimeoutMs a connection that sends nothing for this long while no request of it
 *                      runs, counted from the last frame either way, is closed, its
 *                      transaction rolled back and locks released
 * @param maxFrameBytes a larger frame closes its connection
 * @param users         who may log in (SCRAM-SHA-256), or null: no login asked
 * @param tls           certificate and key to serve TLS with, or null for plain TCP
 * @param features      the protocol feature bits this server offers ({@link
 *                      org.morphdb.jdbc.remote.Protocol#FEATURES}; fewer only to act as an
 *                      older server in tests)
 */
public record ServerConfig(String host, int port, Map<String, String> databases, boolean allowCreate,
    long idleTimeoutMs, int maxFrameBytes, UserStore users, TlsFiles tls, long features) {

  /**
   * PEM files of the server's TLS certificate chain and private key (PKCS#8); with
   * {@code clientCa}, clients must present a certificate signed by it.
   */
  public record TlsFiles(java.io.File certificate, java.io.File privateKey, java.io.File clientCa) {}

  public static final long DEFAULT_IDLE_TIMEOUT_MS = 10 * 60 * 1000;

  public ServerConfig {
    databases = Map.copyOf(databases);
  }

  /** A server offering every feature of this protocol version. */
  public ServerConfig(String host, int port, Map<String, String> databases, boolean allowCreate,
      long idleTimeoutMs, int maxFrameBytes, UserStore users, TlsFiles tls) {
    this(host, port, databases, allowCreate, idleTimeoutMs, maxFrameBytes, users, tls,
        org.morphdb.jdbc.remote.Protocol.FEATURES);
  }

  /** Localhost, a free port, no declared database, creation allowed: for tests. */
  public static ServerConfig forTests() {
    return new ServerConfig("localhost", 0, Map.of(), true, DEFAULT_IDLE_TIMEOUT_MS,
        org.morphdb.jdbc.remote.Protocol.MAX_FRAME_BYTES, null, null);
  }

  public ServerConfig withIdleTimeoutMs(long ms) {
    return new ServerConfig(host, port, databases, allowCreate, ms, maxFrameBytes, users, tls, features);
  }

  public ServerConfig withMaxFrameBytes(int bytes) {
    return new ServerConfig(host, port, databases, allowCreate, idleTimeoutMs, bytes, users, tls, features);
  }

  public ServerConfig withAllowCreate(boolean allow) {
    return new ServerConfig(host, port, databases, allow, idleTimeoutMs, maxFrameBytes, users, tls, features);
  }

  public ServerConfig withDatabases(Map<String, String> dbs) {
    return new ServerConfig(host, port, dbs, allowCreate, idleTimeoutMs, maxFrameBytes, users, tls, features);
  }

  public ServerConfig withUsers(UserStore u) {
    return new ServerConfig(host, port, databases, allowCreate, idleTimeoutMs, maxFrameBytes, u, tls, features);
  }

  /** This server offers only {@code bits} of the protocol's features (tests: an older server). */
  public ServerConfig withFeatures(long bits) {
    return new ServerConfig(host, port, databases, allowCreate, idleTimeoutMs, maxFrameBytes, users, tls, bits);
  }

  public ServerConfig withTls(TlsFiles t) {
    return new ServerConfig(host, port, databases, allowCreate, idleTimeoutMs, maxFrameBytes, users, t, features);
  }
}
