package org.morphdb.jdbc.remote;

import java.util.Map;

/**
 * Where a {@link RemoteSession} connects and how.
 *
 * @param options          the URL's engine options, sent to the server as given
 * @param user             user name, or null for none
 * @param password         password, or null; never sent on the wire
 * @param connectTimeoutMs TCP connect and handshake timeout
 * @param socketTimeoutMs  how long a reply may take before the connection counts as lost, 0
 *                         for no limit (a statement may wait on locks or a long DDL)
 * @param fetchRows        rows per result chunk when a statement names no fetch size
 * @param tls              whether to speak TLS (the server's certificate is checked, host name included)
 * @param tlsCertFile      PEM certificate(s) to trust instead of the JVM's trust store, or null
 * @param tlsKeyStore      key store (PKCS#12 or JKS) with the client's key and certificate chain,
 *                         for a server that asks for one, or null
 * @param tlsKeyStorePassword its password (the key's too), or null for none
 */
public record RemoteTarget(String host, int port, String database, Map<String, String> options,
    String user, String password, int connectTimeoutMs, int socketTimeoutMs, int fetchRows,
    boolean tls, String tlsCertFile, String tlsKeyStore, String tlsKeyStorePassword) {}
