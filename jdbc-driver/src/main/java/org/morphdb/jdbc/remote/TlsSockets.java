package org.morphdb.jdbc.remote;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Wraps a connected socket in TLS. The server's certificate must chain to the JVM's trust
 * store (and the {@code javax.net.ssl.*} system properties, which also supply a client
 * certificate when the server asks for one), or to the PEM certificates of {@code tlsCert};
 * its name must match the host, as HTTPS checks it.
 */
final class TlsSockets {
  private TlsSockets() {}

  static SSLSocket wrap(Socket plain, RemoteTarget target) throws IOException {
    SSLContext context;
    try {
      context = target.tlsCertFile() == null ? SSLContext.getDefault() : trusting(target.tlsCertFile());
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot set up TLS: " + e.getMessage(), e);
    }
    SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, target.host(), target.port(), true);
    SSLParameters parameters = tls.getSSLParameters();
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    tls.setSSLParameters(parameters);
    tls.startHandshake();
    return tls;
  }

  private static SSLContext trusting(String pemFile) throws IOException, GeneralSecurityException {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream in = new FileInputStream(pemFile)) {
      int i = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        trusted.setCertificateEntry("morph-" + i++, c);
      }
    }
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, tmf.getTrustManagers(), null);
    return context;
  }
}
