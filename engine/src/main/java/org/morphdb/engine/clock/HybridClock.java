package org.morphdb.engine.clock;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The database's hybrid logical clock: one per database, shared by every node; it stamps
 * operations, commits and catalog activations.
 *
 * <p>A timestamp is a {@code long} laid out as {@code (physicalMillis << 16) | logical}.
 * {@link #now()} never returns the same value twice and never goes backwards: when the
 * wall clock stalls or moves back, the 16-bit logical counter advances instead, and when
 * that counter fills it carries into the physical part (the clock then runs slightly
 * ahead of the wall until the wall catches up). Lock-free: one CAS on an {@link
 * AtomicLong}.
 */
public final class HybridClock {
  /** Bits of a timestamp given to the logical counter. */
  public static final int LOGICAL_BITS = 16;
  /** Mask selecting the logical counter of a timestamp. */
  public static final long LOGICAL_MASK = (1L << LOGICAL_BITS) - 1;

  private final LongSupplier wallMillis;
  private final AtomicLong last = new AtomicLong();

  /** A clock driven by {@link System#currentTimeMillis()}. */
  public HybridClock() {
    this(System::currentTimeMillis);
  }

  /** A clock driven by the given wall clock (milliseconds); tests pass a controllable one. */
  public HybridClock(LongSupplier wallMillis) {
    this.wallMillis = wallMillis;
  }

  /** Issues a timestamp strictly greater than every timestamp issued or observed before. */
  public long now() {
    long wall = fromMillis(wallMillis.getAsLong());
    while (true) {
      long prev = last.get();
      long next = wall > prev ? wall : prev + 1;
      if (last.compareAndSet(prev, next)) {
        return next;
      }
    }
  }

  /**
   * A timestamp at or after every one issued or observed so far and at or after the wall
   * clock, without issuing one: no CAS, so threads asking "what is in force now" (a catalog
   * lookup) do not contend on the clock. Not unique; a later {@link #now()} is at least it.
   */
  public long peek() {
    return Math.max(fromMillis(wallMillis.getAsLong()), last.get());
  }

  /** The last timestamp issued or observed, without advancing the clock (0 before any). */
  public long current() {
    return last.get();
  }

  /** Advances the clock to at least {@code ts}, so every later {@link #now()} exceeds it. */
  public void observe(long ts) {
    while (true) {
      long prev = last.get();
      if (prev >= ts || last.compareAndSet(prev, ts)) {
        return;
      }
    }
  }

  /** The wall-clock milliseconds part of a timestamp. */
  public static long physicalMillis(long ts) {
    return ts >> LOGICAL_BITS;
  }

  /** The logical counter part of a timestamp. */
  public static long logical(long ts) {
    return ts & LOGICAL_MASK;
  }

  /** The smallest timestamp of the given wall-clock millisecond. */
  public static long fromMillis(long millis) {
    return millis << LOGICAL_BITS;
  }

  /** {@code ts} moved by {@code millis} milliseconds (negative moves back). */
  public static long plusMillis(long ts, long millis) {
    return ts + (millis << LOGICAL_BITS);
  }

  /** A readable form, {@code physicalMillis.logical}, for messages and logs. */
  public static String format(long ts) {
    return physicalMillis(ts) + "." + logical(ts);
  }
}
