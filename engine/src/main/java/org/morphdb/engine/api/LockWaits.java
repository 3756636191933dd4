package org.morphdb.engine.api;

/**
 * Lets a thread that must not block (a server's I/O thread) run an engine call that fails
 * at once, with 40001/1003, where it would wait for a lock another transaction holds.
 * {@link #refused()} then tells the caller to run the call again where it may wait.
 */
public final class LockWaits {
  private static final ThreadLocal<LockWaits> REFUSING = new ThreadLocal<>();
  private boolean refused;

  /** From now until {@link #end()}, lock waits on this thread fail instead of waiting. */
  public void begin() {
    refused = false;
    REFUSING.set(this);
  }

  public void end() {
    REFUSING.remove();
  }

  /** Whether a lock wait was refused since {@link #begin()}. */
  public boolean refused() { return refused; }

  /** Engine side: true (and remembered) when this thread must not wait for a lock. */
  public static boolean refuseWait() {
    LockWaits w = REFUSING.get();
    if (w != null) {
      w.refused = true;
    }
    return w != null;
  }
}
