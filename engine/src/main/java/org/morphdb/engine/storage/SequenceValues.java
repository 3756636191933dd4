package org.morphdb.engine.storage;

import java.math.BigInteger;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.SequenceDef;

/**
 * The counters of sequences and IDENTITY columns, keyed by the sequence's id. A value is
 * handed out by one atomic increment of how many values were issued (no lock, whatever
 * number of writers), and is never handed out again: values are taken outside transactions,
 * so a rollback leaves a gap, as in every database.
 *
 * <p>A counter keeps the definition it was made with. ALTER SEQUENCE retires the counter (an
 * atomic swap of its count, so no value is issued from it afterwards) and puts a new one in
 * its place that goes on after the last value issued, or from the RESTART value.
 */
public final class SequenceValues {
  /** How many values a durable counter reserves in the log at a time. */
  static final int RESERVED_AHEAD = 32;

  /**
   * Told, before a value is handed out, the last value that may be handed out until the next
   * call for the same sequence: a durable database logs it, so that after a crash the
   * counter goes on above every value that may have reached a client (as PostgreSQL logs
   * sequences ahead). Called under the counter's monitor, once per {@link #RESERVED_AHEAD}
   * values.
   */
  public interface Reservations {
    void reserved(SequenceDef def, long lastValue);
  }

  private final Map<Integer, Counter> counters = new ConcurrentHashMap<>();
  private volatile Reservations reservations;

  /** Makes values durable (see {@link Reservations}); none for an in-memory database. */
  public void logReservations(Reservations log) {
    this.reservations = log;
  }

  /**
   * After a restart: the sequence goes on after {@code lastReserved}, the last value its log
   * said may have been handed out (or at its start when that lies before it).
   */
  public void restoreAfter(SequenceDef def, long lastReserved) {
    long next = afterLast(lastReserved, def);
    Counter c = new Counter(def, def.increment() > 0 ? Math.max(next, def.start()) : Math.min(next, def.start()));
    c.lastReserved = lastReserved; // a checkpoint keeps it until this counter reserves anew
    counters.put(def.id(), c);
  }

  /** The last value each counter has reserved, by sequence id: what a checkpoint keeps. */
  public Map<Integer, Long> reservedValues() {
    Map<Integer, Long> out = new java.util.HashMap<>();
    counters.forEach((id, c) -> {
      Long v = c.lastReserved();
      if (v != null) {
        out.put(id, v);
      }
    });
    return out;
  }

  /** The next value of the sequence; 2200H when it is exhausted and does not cycle. */
  public long next(SequenceDef def) {
    while (true) {
      Counter c = counters.computeIfAbsent(def.id(), k -> new Counter(def, def.start()));
      long v = c.next(reservations);
      if (v != Counter.RETIRED) {
        return v;
      }
      counters.remove(def.id(), c); // normally already replaced: then this does nothing
    }
  }

  /** The value handed out last, if any since the sequence was created or restarted. */
  public OptionalLong current(SequenceDef def) {
    Counter c = counters.get(def.id());
    return c == null ? OptionalLong.empty() : c.current();
  }

  /**
   * Makes sure no later value is at or before {@code used} (an IDENTITY BY DEFAULT column
   * given a value explicitly), so the generator does not run into rows that already have it.
   */
  public void advancePast(SequenceDef def, long used) {
    counters.computeIfAbsent(def.id(), k -> new Counter(def, def.start())).advancePast(used);
  }

  /**
   * The sequence's definition changed (ALTER SEQUENCE): values go on with the new one after
   * the last value issued, or at {@code restartAt} when it is not null.
   */
  public synchronized void alter(SequenceDef newDef, Long restartAt) {
    Counter old = counters.get(newDef.id());
    Long last = old == null ? null : old.retire();
    long start = restartAt != null ? restartAt
        : last == null ? newDef.start() : afterLast(last, newDef);
    Counter c = new Counter(newDef, start);
    Reservations log = reservations;
    if (log != null) {
      // the log (and every checkpoint, until the counter reserves) says it goes on at start:
      // else a reopen went on after the old counter's reservations, or at the definition's start
      try {
        long before = Math.subtractExact(start, newDef.increment());
        log.reserved(newDef, before);
        c.lastReserved = before;
      } catch (ArithmeticException e) {
        // start is at the end of the long range: nothing can be said before it
      }
    }
    counters.put(newDef.id(), c);
  }

  /** Forgets a dropped sequence's counter. */
  public void drop(int id) {
    Counter c = counters.remove(id);
    if (c != null) {
      c.retire();
    }
  }

  private static long afterLast(long last, SequenceDef def) {
    try {
      return Math.addExact(last, def.increment());
    } catch (ArithmeticException e) {
      return def.increment() > 0 ? Long.MAX_VALUE : Long.MIN_VALUE; // past the end: exhausted
    }
  }

  /**
   * Values as a function of how many were issued, k: start + k * increment in the first
   * pass, then (when cycling) min + j * increment, or max - j * |increment|, for each later
   * pass. {@code firstPass} is how many values the first pass has.
   */
  private static final class Counter {
    static final long RETIRED = Long.MIN_VALUE;
    private static final long RETIRED_COUNT = Long.MAX_VALUE / 2;

    private final AtomicLong issued = new AtomicLong();
    private final SequenceDef def;
    private final long start;
    private final long firstPass;
    /** How many values the log covers (see {@link Reservations}); guarded by this. */
    private volatile long reservedCount;
    private volatile Long lastReserved;

    Counter(SequenceDef def, long start) {
      this.def = def;
      this.start = start;
      this.firstPass = passLength(start);
    }

    /** The next value, or {@link #RETIRED}; reserved in the log first when there is one. */
    long next(Reservations log) {
      long k = issued.getAndIncrement();
      if (k >= RETIRED_COUNT) {
        return RETIRED;
      }
      long v = valueAt(k);
      if (log != null && k >= reservedCount) {
        reserve(log, k);
      }
      return v;
    }

    private synchronized void reserve(Reservations log, long k) {
      if (k < reservedCount) {
        return; // another thread reserved past k meanwhile
      }
      long upTo = def.cycle() ? k + RESERVED_AHEAD : Math.min(k + RESERVED_AHEAD, firstPass);
      long last = valueAt(upTo - 1);
      log.reserved(def, last);
      lastReserved = last;
      reservedCount = upTo;
    }

    Long lastReserved() { return lastReserved; }

    OptionalLong current() {
      Long last = lastIssued(issued.get());
      return last == null ? OptionalLong.empty() : OptionalLong.of(last);
    }

    /** Stops issuing values; returns the last value issued, or null. */
    Long retire() {
      return lastIssued(issued.getAndSet(RETIRED_COUNT));
    }

    /** The value issued last when {@code k} were asked for (past the end, none was issued). */
    private Long lastIssued(long k) {
      if (k >= RETIRED_COUNT) {
        return null;
      }
      long lastK = def.cycle() ? k - 1 : Math.min(k, firstPass) - 1;
      return lastK < 0 ? null : valueAt(lastK);
    }

    void advancePast(long used) {
      BigInteger steps = BigInteger.valueOf(used).subtract(BigInteger.valueOf(start))
          .divide(BigInteger.valueOf(def.increment()));
      if (steps.signum() < 0 || (steps.signum() == 0 && used != start)) {
        return; // the value lies before the start: the generator never reaches it
      }
      long next = steps.add(BigInteger.ONE).min(BigInteger.valueOf(firstPass)).longValueExact();
      issued.accumulateAndGet(next, (a, b) -> a >= RETIRED_COUNT ? a : Math.max(a, b));
    }

    private long valueAt(long k) {
      if (k < firstPass) {
        return start + k * def.increment(); // inside [min, max]: cannot overflow
      }
      if (!def.cycle()) {
        throw MorphException.of(ErrorCode.SEQUENCE_EXHAUSTED,
            "Sequence %s has no more values (its %s is %d)", def.name(),
            def.increment() > 0 ? "MAXVALUE" : "MINVALUE", def.increment() > 0 ? def.max() : def.min());
      }
      long restartAt = def.increment() > 0 ? def.min() : def.max();
      long j = Long.remainderUnsigned(k - firstPass, passLength(restartAt));
      return restartAt + j * def.increment();
    }

    /** How many values a pass starting at {@code from} has before it leaves [min, max]. */
    private long passLength(long from) {
      if (from < def.min() || from > def.max()) {
        return 0;
      }
      BigInteger room = def.increment() > 0
          ? BigInteger.valueOf(def.max()).subtract(BigInteger.valueOf(from))
          : BigInteger.valueOf(from).subtract(BigInteger.valueOf(def.min()));
      BigInteger n = room.divide(BigInteger.valueOf(def.increment()).abs()).add(BigInteger.ONE);
      return n.min(BigInteger.valueOf(RETIRED_COUNT - 1)).longValueExact();
    }
  }
}
