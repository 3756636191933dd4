package org.morphdb.server;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates made at test time with the JDK's keytool: a certificate authority, client key
 * stores (PKCS#12) whose certificate it signs, and self-signed strangers. Every key store has
 * the password {@link #PASSWORD}.
 */
final class TestCertificates {
  static final String PASSWORD = "test-store-password";
  private final Path dir;

  TestCertificates(Path dir) {
    this.dir = dir;
  }

  /** Makes a CA named {@code name}; returns its certificate as a PEM file. */
  Path authority(String name) throws IOException, InterruptedException {
    keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
        "-ext", "bc:c", "-validity", "2", "-keystore", store(name));
    Path pem = dir.resolve(name + ".pem");
    keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", store(name), "-file", pem.toString());
    return pem;
  }

  /** A key store holding a key for {@code user} and its certificate signed by CA {@code authority}. */
  Path signedBy(String authority, String user) throws IOException, InterruptedException {
    return signedBy(authority, user, "-1d");
  }

  /** As {@link #signedBy(String, String)}, valid for two days from {@code startDate} (keytool's -startdate, e.g. -10d). */
  Path signedBy(String authority, String user, String startDate) throws IOException, InterruptedException {
    selfSigned(user);
    Path request = dir.resolve(user + ".csr");
    Path signed = dir.resolve(user + ".cer");
    keytool("-certreq", "-alias", "key", "-keystore", store(user), "-file", request.toString());
    keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", store(authority), "-infile", request.toString(),
        "-outfile", signed.toString(), "-startdate", startDate, "-validity", "2", "-ext", "ku:c=digitalSignature", "-ext", "eku=clientAuth");
    keytool("-importcert", "-noprompt", "-alias", "ca", "-file", dir.resolve(authority + ".pem").toString(),
        "-keystore", store(user));
    keytool("-importcert", "-alias", "key", "-file", signed.toString(), "-keystore", store(user));
    return Path.of(store(user));
  }

  /** A key store holding a key for {@code user} with a certificate it signed itself. */
  Path selfSigned(String user) throws IOException, InterruptedException {
    keytool("-genkeypair", "-alias", "key", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + user,
        "-validity", "2", "-keystore", store(user));
    return Path.of(store(user));
  }

  private String store(String name) {
    return dir.resolve(name + ".p12").toString();
  }

  private static void keytool(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        System.getProperty("java.home") + File.separator + "bin" + File.separator + "keytool"));
    command.addAll(List.of(args));
    command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IOException("keytool " + String.join(" ", args) + " failed:\n" + out);
    }
  }
}
