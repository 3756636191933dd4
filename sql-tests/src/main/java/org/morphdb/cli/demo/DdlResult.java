package org.morphdb.cli.demo;

/**
 * How one schema change went, with the workload's counters around it: {@code before} when
 * the pause before it began, {@code start} / {@code end} around the statement, {@code after}
 * when the pause after it ended.
 *
 * @param sqlState null when the statement succeeded
 */
record DdlResult(DemoSchema.Ddl ddl, String sqlState, String message,
    Counters.Snapshot before, Counters.Snapshot start, Counters.Snapshot end,
    Counters.Snapshot after) {
  static final double MEASURABLE_SECONDS = 0.5;

  /** Succeeded when it should, or failed with the SQLState it should. */
  public boolean asExpected() {
    return java.util.Objects.equals(sqlState, ddl.expectedSqlState());
  }

  public String name() {
    return ddl.name();
  }

  public String outcome() {
    if (sqlState == null) {
      return ddl.expectedSqlState() == null ? "ok"
          : "ok, NOT the expected " + ddl.expectedSqlState();
    }
    return asExpected() ? "failed " + sqlState + ", as expected" : "FAILED " + sqlState;
  }

  /** Long enough for throughput during it to mean something. */
  public boolean measurable() {
    return seconds() >= MEASURABLE_SECONDS;
  }

  public double seconds() {
    return start.seconds(end);
  }

  public double writesBefore() {
    return before.writesPerSec(start);
  }

  public double writesDuring() {
    return start.writesPerSec(end);
  }

  public double writesAfter() {
    return end.writesPerSec(after);
  }

  /** Transactions retried from the statement's start to the end of the pause after it. */
  public long retried() {
    return after.retried() - start.retried();
  }

  /** Errors surfaced from the statement's start to the end of the pause after it. */
  public long errors() {
    return after.errors() - start.errors();
  }
}
