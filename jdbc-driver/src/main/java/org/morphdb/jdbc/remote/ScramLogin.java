package org.morphdb.jdbc.remote;

import com.ongres.scram.client.ScramClient;
import com.ongres.scram.common.exception.ScramException;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/**
 * The driver's side of a SCRAM-SHA-256 login (docs/protocol.md, "Login"): the password never
 * goes on the wire, and the server must prove it knows the user's verifier too, so a
 * server that only pretends to check passwords is caught.
 */
final class ScramLogin {
  private final ScramClient client;

  private ScramLogin(String user, String password) {
    this.client = ScramClient.builder().advertisedMechanisms(List.of(Protocol.SCRAM_MECHANISM))
        .username(user).password(password.toCharArray()).build();
  }

  /**
   * Runs the exchange after the server asked for it; returns the unpacker positioned after
   * the server-final message of the final reply (status OK), or throws the server's error.
   */
  static MessageUnpacker run(DataInputStream in, OutputStream out, RemoteTarget target, String mechanism)
      throws IOException {
    if (!Protocol.SCRAM_MECHANISM.equals(mechanism)) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "The server asks for login by " + mechanism
          + ", which this driver does not know");
    }
    if (target.user() == null || target.password() == null) {
      throw new MorphException(ErrorCode.INVALID_AUTHORIZATION, "The server requires a user and password");
    }
    ScramLogin login = new ScramLogin(target.user(), target.password());
    send(out, login.client.clientFirstMessage().toString());
    String serverFirst;
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(FrameIO.read(in))) {
      serverFirst = authStep(u);
    }
    try {
      login.client.serverFirstMessage(serverFirst);
    } catch (ScramException | RuntimeException e) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "Bad SCRAM message from the server: " + e.getMessage(), e);
    }
    send(out, login.client.clientFinalMessage().toString());
    MessageUnpacker u = MessagePack.newDefaultUnpacker(FrameIO.read(in));
    if (u.unpackInt() != Protocol.STATUS_OK) {
      throw Messages.WireError.unpack(u).toException();
    }
    try {
      login.client.serverFinalMessage(WireValues.string(u));
    } catch (ScramException | RuntimeException e) {
      throw new MorphException(ErrorCode.INVALID_AUTHORIZATION,
          "The server did not prove that it knows the user's password verifier: " + e.getMessage(), e);
    }
    return u;
  }

  private static String authStep(MessageUnpacker u) throws IOException {
    int status = u.unpackInt();
    if (status == Protocol.STATUS_ERROR) {
      throw Messages.WireError.unpack(u).toException();
    }
    if (status != Protocol.STATUS_AUTH) {
      throw new WireFormatException("expected a login step, found status " + status);
    }
    return WireValues.string(u);
  }

  private static void send(OutputStream out, String message) throws IOException {
    MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
    p.packString(message);
    FrameIO.write(out, p);
  }
}
