package org.morphdb.jdbc.remote;

/**
 * A frame that does not follow docs/protocol.md. The server closes that connection only;
 * the driver treats it as a lost connection.
 */
public final class WireFormatException extends RuntimeException {
  public WireFormatException(String message) {
    super(message);
  }
}
