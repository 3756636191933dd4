package org.morphdb.engine.ddl;

/**
 * The options of {@code CREATE SEQUENCE}, {@code ALTER SEQUENCE} and an IDENTITY column, as
 * written; null where an option was not given. {@code NO MINVALUE} / {@code NO MAXVALUE} set
 * {@code noMin} / {@code noMax} (back to the type's bound).
 *
 * @param restart     ALTER SEQUENCE ... RESTART was given
 * @param restartWith its WITH value, or null (restart at the sequence's start)
 */
public record SequenceOptions(Long start, Long increment, Long min, Long max, boolean noMin,
    boolean noMax, Boolean cycle, Long cache, boolean restart, Long restartWith) {

  public static final SequenceOptions NONE =
      new SequenceOptions(null, null, null, null, false, false, null, null, false, null);

  /**
   * Filled by the parser, option by option. A second mention of one option, or INCREMENT BY 0,
   * is remembered as {@link #error()} for the parser to report at the statement's position.
   */
  public static final class Builder {
    private String error;
    private Long start;
    private Long increment;
    private Long min;
    private Long max;
    private boolean noMin;
    private boolean noMax;
    private Boolean cycle;
    private Long cache;
    private boolean restart;
    private Long restartWith;

    public void start(long v) { start = once(start, v, "START WITH"); }

    public void increment(long v) {
      if (v == 0) {
        error = "INCREMENT BY must not be 0";
      }
      increment = once(increment, v, "INCREMENT BY");
    }

    public void min(Long v) {
      if (min != null || noMin) {
        twice("MINVALUE");
      }
      if (v == null) {
        noMin = true;
      } else {
        min = v;
      }
    }

    public void max(Long v) {
      if (max != null || noMax) {
        twice("MAXVALUE");
      }
      if (v == null) {
        noMax = true;
      } else {
        max = v;
      }
    }

    public void cycle(boolean v) {
      if (cycle != null) {
        twice("CYCLE");
      }
      cycle = v;
    }

    public void cache(long v) { cache = once(cache, v, "CACHE"); }

    public void restart(Long with) {
      if (restart) {
        twice("RESTART");
      }
      restart = true;
      restartWith = with;
    }

    public SequenceOptions build() {
      return new SequenceOptions(start, increment, min, max, noMin, noMax, cycle, cache, restart, restartWith);
    }

    /** The first mistake in the options, or null. */
    public String error() { return error; }

    private Long once(Long old, long v, String what) {
      if (old != null) {
        twice(what);
      }
      return v;
    }

    private void twice(String what) {
      if (error == null) {
        error = what + " is given twice";
      }
    }
  }
}
