package org.morphdb.jdbc.remote;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The time limit of a connect and of its handshakes, kept by closing the socket when the time
 * is up rather than by a socket timeout.
 *
 * <p>Why not {@code Socket.connect(address, timeout)} and {@code setSoTimeout}: the JDK's
 * socket switches itself to non-blocking mode for its first timed connect or read and never
 * switches back, so every later read of the session costs a failed {@code read}, a
 * {@code poll} and a second {@code read} instead of one blocking {@code read}. On the
 * virtual machines MorphDB is measured on, those two extra system calls per round trip were
 * a large part of a remote statement's cost (docs/decisions.md, "Remote sessions read with
 * blocking system calls").
 */
final class ConnectDeadline implements AutoCloseable {
  private final Socket socket;
  private ScheduledFuture<?> pending;
  private boolean disarmed;
  private String expired;

  ConnectDeadline(Socket socket) {
    this.socket = socket;
  }

  /** From now on, {@code what} may take {@code millis} (none when 0 or less); replaces the previous limit. */
  synchronized void arm(long millis, String what) {
    cancelPending();
    if (millis > 0 && !disarmed) {
      String message = what + " took longer than " + millis + " ms";
      pending = DriverTimer.schedule(() -> expire(message), millis, TimeUnit.MILLISECONDS);
    }
  }

  /** What ran out of time and made this close the socket, or null. */
  synchronized String expired() {
    return expired;
  }

  /** Ends the limit; true when it ran out first (the socket is closed then). */
  synchronized boolean disarm() {
    disarmed = true;
    cancelPending();
    return expired != null;
  }

  @Override
  public void close() {
    disarm();
  }

  private synchronized void expire(String what) {
    if (disarmed) {
      return;
    }
    expired = what;
    try {
      socket.close(); // wakes the connecting or reading thread with a SocketException
    } catch (IOException ignored) {
      // closing is all that is wanted; a failure to close leaves nothing to do
    }
  }

  private void cancelPending() {
    if (pending != null) {
      pending.cancel(false);
      pending = null;
    }
  }
}
