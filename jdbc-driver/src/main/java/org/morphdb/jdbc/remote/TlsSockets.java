package org.morphdb.jdbc.remote;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Wraps a connected socket in TLS. The server's certificate must chain to the JVM's trust
 * store (and the {@code javax.net.ssl.*} system properties), or to the PEM certificates of
 * {@code tlsCert}; its name must match the host, as HTTPS checks it. A server that requires a
 * client certificate gets the one of {@code tlsKeyStore} (else of the system properties).
 */
final class TlsSockets {
  private TlsSockets() {}

  /**
   * Whether this connection's key manager handed a client certificate to the handshake. The
   * session cannot tell it reliably: a handshake cut by a reset (a broken pipe while it still
   * writes) leaves no session that remembers what went out.
   */
  static final class CertificateOffer {
    private volatile boolean chosen;

    boolean chosen() {
      return chosen;
    }
  }

  static SSLSocket wrap(Socket plain, RemoteTarget target, CertificateOffer offer) throws IOException {
    SSLContext context;
    try {
      context = target.tlsCertFile() == null && target.tlsKeyStore() == null ? SSLContext.getDefault()
          : context(target, offer);
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot set up TLS: " + e.getMessage(), e);
    }
    SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, target.host(), target.port(), true);
    SSLParameters parameters = tls.getSSLParameters();
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    tls.setSSLParameters(parameters);
    try {
      tls.startHandshake();
    } catch (java.net.SocketTimeoutException e) {
      throw e;
    } catch (IOException e) {
      // a refusal may come as a reset while the handshake still writes: name it here, where the
      // session being negotiated still tells whether a client certificate went out
      String hint = hint(e, tls, target, offer);
      throw hint.isEmpty() ? e : new IOException(e.getMessage() + hint, e);
    }
    return tls;
  }

  /**
   * Words for a connect that failed in or right after the TLS handshake, which is how a server
   * refuses a client certificate: with TLS 1.3 the client learns it only when it next reads or
   * writes (an alert, or a reset connection), with TLS 1.2 as an alert in the handshake.
   */
  static String hint(Exception e, Socket socket, RemoteTarget target, CertificateOffer offer) {
    boolean sent;
    if (socket instanceof SSLSocket tls && !(e instanceof java.net.SocketTimeoutException)) {
      javax.net.ssl.SSLSession session = tls.getHandshakeSession();
      sent = offer.chosen()
          || (session != null ? session : tls.getSession()).getLocalCertificates() != null;
    } else if (e instanceof SSLException && String.valueOf(e.getMessage()).contains("certificate")
        && String.valueOf(e.getMessage()).contains("alert")) {
      sent = false;
    } else {
      return "";
    }
    if (sent) {
      return " (the server may not trust the client certificate of tlsKeyStore)";
    }
    // a key store whose certificates no CA the server names signed sends none
    return target.tlsKeyStore() == null
        ? " (the server may require a client certificate: tlsKeyStore=FILE;tlsKeyStorePassword=...)"
        : " (the server may require a client certificate signed by a CA it trusts; tlsKeyStore has none)";
  }

  private static SSLContext context(RemoteTarget target, CertificateOffer offer)
      throws IOException, GeneralSecurityException {
    TrustManager[] trust = null; // null: the JVM's trust store
    if (target.tlsCertFile() != null) {
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trusted(target.tlsCertFile()));
      trust = tmf.getTrustManagers();
    }
    KeyManager[] keys = null; // null: no client certificate
    if (target.tlsKeyStore() != null) {
      char[] password = target.tlsKeyStorePassword() == null ? new char[0]
          : target.tlsKeyStorePassword().toCharArray();
      KeyStore store;
      try {
        store = KeyStore.getInstance(new File(target.tlsKeyStore()), password);
      } catch (IOException e) {
        throw new IOException("cannot read tlsKeyStore " + target.tlsKeyStore() + ": " + e.getMessage(), e);
      }
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(store, password);
      keys = kmf.getKeyManagers();
      for (int i = 0; i < keys.length; i++) {
        if (keys[i] instanceof X509ExtendedKeyManager k) {
          keys[i] = new OfferRecorder(k, offer);
        }
      }
    }
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys, trust, null);
    return context;
  }

  /** A key manager that notes when it chose a client certificate for the handshake. */
  private static final class OfferRecorder extends X509ExtendedKeyManager {
    private final X509ExtendedKeyManager keys;
    private final CertificateOffer offer;

    OfferRecorder(X509ExtendedKeyManager keys, CertificateOffer offer) {
      this.keys = keys;
      this.offer = offer;
    }

    private String noted(String alias) {
      if (alias != null) {
        offer.chosen = true;
      }
      return alias;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      return noted(keys.chooseClientAlias(keyType, issuers, socket));
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
      return noted(keys.chooseEngineClientAlias(keyType, issuers, engine));
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      return keys.getClientAliases(keyType, issuers);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      return keys.getServerAliases(keyType, issuers);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      return keys.chooseServerAlias(keyType, issuers, socket);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      return keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      return keys.getPrivateKey(alias);
    }
  }

  private static KeyStore trusted(String pemFile) throws IOException, GeneralSecurityException {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream in = new FileInputStream(pemFile)) {
      int i = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        trusted.setCertificateEntry("morph-" + i++, c);
      }
    }
    return trusted;
  }
}
