package org.morphdb.server;

import com.ongres.scram.common.ScramFunctions;
import com.ongres.scram.common.ScramMechanism;
import com.ongres.scram.common.StringPreparation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The users of a server ({@code --users FILE}), each stored as a salted SCRAM-SHA-256
 * verifier, never a password. A line of the file (the format PostgreSQL stores in
 * pg_authid):
 *
 * <pre>NAME:SCRAM-SHA-256$ITERATIONS:SALT$STORED_KEY:SERVER_KEY</pre>
 *
 * <p>(salt and keys in base64); {@code #} starts a comment line. {@code ./morph user NAME}
 * prints such a line for a password.
 */
public final class UserStore {
  static final ScramMechanism MECHANISM = ScramMechanism.SCRAM_SHA_256;
  static final StringPreparation PREPARATION = StringPreparation.SASL_PREPARATION;
  static final int ITERATIONS = 4096;

  /** What the server keeps of a password. */
  record Verifier(int iterations, byte[] salt, byte[] storedKey, byte[] serverKey) {}

  private final Map<String, Verifier> users;

  private UserStore(Map<String, Verifier> users) {
    this.users = Map.copyOf(users);
  }

  public static UserStore load(Path file) throws IOException {
    Map<String, Verifier> users = new LinkedHashMap<>();
    int lineNumber = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      lineNumber++;
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      int colon = l.indexOf(':');
      try {
        if (colon <= 0) {
          throw new IllegalArgumentException("expected NAME:SCRAM-SHA-256$...");
        }
        users.put(l.substring(0, colon), parse(l.substring(colon + 1)));
      } catch (IllegalArgumentException e) {
        throw new IOException(file + " line " + lineNumber + ": " + e.getMessage(), e);
      }
    }
    return new UserStore(users);
  }

  static UserStore of(Map<String, String> namesAndVerifiers) {
    Map<String, Verifier> users = new LinkedHashMap<>();
    namesAndVerifiers.forEach((name, v) -> users.put(name, parse(v)));
    return new UserStore(users);
  }

  private static Verifier parse(String text) {
    String prefix = MECHANISM.getName() + "$";
    if (!text.startsWith(prefix)) {
      throw new IllegalArgumentException("the verifier must start with " + prefix);
    }
    String[] parts = text.substring(prefix.length()).split("[:$]");
    if (parts.length != 4) {
      throw new IllegalArgumentException("expected ITERATIONS:SALT$STORED_KEY:SERVER_KEY");
    }
    Base64.Decoder b64 = Base64.getDecoder();
    return new Verifier(Integer.parseInt(parts[0]), b64.decode(parts[1]), b64.decode(parts[2]), b64.decode(parts[3]));
  }

  /** The verifier line part for a password: a fresh salt, {@value #ITERATIONS} iterations. */
  public static String verifier(String password) {
    byte[] salt = ScramFunctions.salt(16, new SecureRandom());
    byte[] salted = ScramFunctions.saltedPassword(MECHANISM, PREPARATION, password.toCharArray(), salt, ITERATIONS);
    Base64.Encoder b64 = Base64.getEncoder();
    return MECHANISM.getName() + "$" + ITERATIONS + ":" + b64.encodeToString(salt) + "$"
        + b64.encodeToString(ScramFunctions.storedKey(MECHANISM, ScramFunctions.clientKey(MECHANISM, salted))) + ":"
        + b64.encodeToString(ScramFunctions.serverKey(MECHANISM, salted));
  }

  Optional<Verifier> lookup(String user) {
    return Optional.ofNullable(users.get(user));
  }

  boolean isEmpty() {
    return users.isEmpty();
  }
}
