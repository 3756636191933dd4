package org.morphdb.engine.api;

/**
 * Lets a thread that must not block (a server's I/O thread) run an engine call that fails
 * at once, with 40001/1003, where it would wait for a lock another transaction holds.
 * {@link #refused()} then tells the caller to run the call again where it may wait.
 */
public final class LockWaits {
  /**
   * The thread's current one, in a slot that stays in the thread-local map: a set and a
   * remove per request made a weak-reference entry per request on a server's I/O thread (a
   * native clear, and reference-processing work for the collector).
   */
  private static final ThreadLocal<LockWaits[]> REFUSING = ThreadLocal.withInitial(() -> new LockWaits[1]);
  private boolean refused;

  /** From now until {@link #end()}, lock waits on this thread fail instead of waiting. */
  public void begin() {
    refused = false;
    REFUSING.get()[0] = this;
  }

  public void end() {
    REFUSING.get()[0] = null;
  }

  /** Whether a lock wait was refused since {@link #begin()}. */
  public boolean refused() { return refused; }

  /** Engine side: true (and remembered) when this thread must not wait for a lock. */
  public static boolean refuseWait() {
    LockWaits w = REFUSING.get()[0];
    if (w != null) {
      w.refused = true;
    }
    return w != null;
  }
}
