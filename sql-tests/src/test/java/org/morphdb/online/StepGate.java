package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Holds DDL jobs between their steps, through {@code TestHooks.beforeDdlStep}: while closed,
 * every step waits at the gate (on the job's thread) until the test releases it, so a test
 * can act while exactly the versions it chose are committed. Open, it lets everything by.
 */
final class StepGate implements Consumer<String> {
  private static final long WAIT_SECONDS = 30;

  private final LinkedBlockingQueue<String> arrived = new LinkedBlockingQueue<>();
  private final Semaphore permits = new Semaphore(0);
  private final List<String> seen = new ArrayList<>();
  private volatile boolean open = true;

  @Override
  public void accept(String step) {
    synchronized (seen) {
      seen.add(step);
    }
    if (open) {
      return;
    }
    arrived.add(step);
    boolean interrupted = false;
    try {
      while (!open) {
        try {
          if (permits.tryAcquire(20, TimeUnit.MILLISECONDS)) {
            return;
          }
        } catch (InterruptedException e) {
          interrupted = true; // Statement.cancel interrupts the job's thread: keep the flag for the job
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** From now on every step waits at the gate. */
  void close() {
    synchronized (seen) {
      seen.clear();
    }
    permits.drainPermits();
    arrived.clear();
    open = false;
  }

  /** Lets every waiting and future step by. */
  void open() {
    open = true;
  }

  /** Waits until a job is held at the gate; returns the name of the step it is about to commit. */
  String awaitHeld() {
    try {
      String step = arrived.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      if (step == null) {
        fail("no DDL step reached the gate within " + WAIT_SECONDS + " s");
      }
      return step;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /** Waits for the job to be held before {@code step}. */
  void awaitHeld(String step) {
    assertEquals(step, awaitHeld(), "the step the job is held before");
  }

  /** Releases every step before {@code step}, one at a time, and waits until the job is held before it. */
  void advanceTo(String step) {
    for (int i = 0; i < 20; i++) {
      String held = awaitHeld();
      if (held.equals(step)) {
        return;
      }
      release();
    }
    fail("the job never reached step " + step + "; steps so far: " + seen());
  }

  /** Lets the held step commit; the job then runs on to its next step (and waits there). */
  void release() {
    permits.release();
  }

  /** Every step that reached the gate since it was last closed, in order. */
  List<String> seen() {
    synchronized (seen) {
      return List.copyOf(seen);
    }
  }
}
