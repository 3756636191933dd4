package org.morphdb.server;

import com.ongres.scram.common.ClientFirstMessage;
import com.ongres.scram.common.ScramFunctions;
import com.ongres.scram.common.ServerFinalMessage;
import com.ongres.scram.common.ServerFirstMessage;
import com.ongres.scram.common.exception.ScramParseException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * The server's side of one SCRAM-SHA-256 login (RFC 5802, RFC 7677), without channel
 * binding: client-first → server-first → client-final → server-final. An unknown user goes
 * through the same steps with a made-up salt and fails at the proof, so a client cannot tell
 * unknown users from wrong passwords; both are 28000.
 */
final class ScramExchange {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final UserStore users;
  private final String helloUser;
  private UserStore.Verifier verifier;
  private ClientFirstMessage clientFirst;
  private ServerFirstMessage serverFirst;

  ScramExchange(UserStore users, String helloUser) {
    this.users = users;
    this.helloUser = helloUser;
  }

  /** Answers the client-first message with the server-first message. */
  String serverFirst(String clientFirstText) {
    try {
      clientFirst = ClientFirstMessage.parseFrom(clientFirstText);
    } catch (ScramParseException | RuntimeException e) {
      throw invalid();
    }
    if (clientFirst.isChannelBindingRequired()) {
      throw invalid();
    }
    verifier = users.lookup(helloUser).filter(v -> clientFirst.getUsername().equals(helloUser))
        .orElseGet(this::decoy);
    String serverNonce = ScramFunctions.nonce(24, RANDOM);
    serverFirst = new ServerFirstMessage(clientFirst.getClientNonce(), serverNonce,
        Base64.getEncoder().encodeToString(verifier.salt()), verifier.iterations());
    return serverFirst.toString();
  }

  /** Checks the client's proof; returns the server-final message that proves the server's key. */
  String serverFinal(String clientFinalText) {
    if (serverFirst == null) {
      throw invalid();
    }
    int proofAt = clientFinalText.lastIndexOf(",p=");
    // no channel binding ("biws" is base64 of the GS2 header "n,,"), and our nonce echoed back
    if (proofAt < 0 || !clientFinalText.substring(0, proofAt).equals("c=biws,r=" + serverFirst.getNonce())) {
      throw invalid();
    }
    byte[] proof;
    try {
      proof = Base64.getDecoder().decode(clientFinalText.substring(proofAt + 3));
    } catch (IllegalArgumentException e) {
      throw invalid();
    }
    String authMessage = bare(clientFirst.toString()) + "," + serverFirst + "," + clientFinalText.substring(0, proofAt);
    boolean known = users.lookup(helloUser).isPresent();
    if (!known || !ScramFunctions.verifyClientProof(UserStore.MECHANISM, proof, verifier.storedKey(), authMessage)) {
      throw invalid();
    }
    return new ServerFinalMessage(ScramFunctions.serverSignature(UserStore.MECHANISM, verifier.serverKey(), authMessage))
        .toString();
  }

  /** client-first-message-bare: without the GS2 header "n,," (RFC 5802). */
  private static String bare(String clientFirst) {
    int second = clientFirst.indexOf(',', clientFirst.indexOf(',') + 1);
    return clientFirst.substring(second + 1);
  }

  /** A stable made-up verifier for an unknown user, so its salt does not give it away. */
  private UserStore.Verifier decoy() {
    try {
      byte[] salt = MessageDigest.getInstance("SHA-256").digest(("morph-decoy:" + helloUser).getBytes(StandardCharsets.UTF_8));
      return new UserStore.Verifier(UserStore.ITERATIONS, java.util.Arrays.copyOf(salt, 16), new byte[32], new byte[32]);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static MorphException invalid() {
    return new MorphException(ErrorCode.INVALID_AUTHORIZATION, "Invalid user name or password");
  }
}
