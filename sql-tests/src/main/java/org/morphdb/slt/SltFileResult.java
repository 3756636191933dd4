package org.morphdb.slt;

import java.util.List;
import java.util.Locale;

/**
 * What running one file did.
 *
 * @param file          the file's display name
 * @param passed        records that did what the file says
 * @param failed        records that did not (all of them, not only those in {@code failures})
 * @param skipped       records not run on this engine because of skipif / onlyif or a skip list
 * @param failures      the first failures, in file order
 * @param error         why the file could not be run to its end (parse error, no connection), or
 *                      null
 * @param haltedAtLine  the line of the {@code halt} that stopped the file, or 0
 * @param millis        wall time
 * @param notRun        statement and query records that were never reached: after a halt, an
 *                      error or the time limit
 * @param timedOut      whether the file was stopped because it reached its time limit; the
 *                      counts are what it did until then
 * @param reopens       how often the run closed every connection of the file to open the
 *                      database again ({@link SltRunner#withReopens()}); 0 without
 */
public record SltFileResult(String file, int passed, int failed, int skipped,
                            List<SltFailure> failures, String error, int haltedAtLine,
                            long millis, int notRun, boolean timedOut, int reopens) {
  public SltFileResult {
    failures = List.copyOf(failures);
  }

  /** A result of a file that ran to its end (or its halt) without a time limit. */
  public SltFileResult(String file, int passed, int failed, int skipped,
                       List<SltFailure> failures, String error, int haltedAtLine, long millis) {
    this(file, passed, failed, skipped, failures, error, haltedAtLine, millis, 0, false, 0);
  }

  static SltFileResult error(String file, String error) {
    return new SltFileResult(file, 0, 0, 0, List.of(), error, 0, 0);
  }

  /** No failed record, no error and not timed out. */
  public boolean ok() {
    return failed == 0 && error == null && !timedOut;
  }

  /** Records that ran: passed and failed. */
  public int run() {
    return passed + failed;
  }

  /** One line: file, counts, time, and the error, time-out or halt if any. */
  public String summary() {
    StringBuilder b = new StringBuilder()
        .append(ok() ? "PASS " : timedOut ? "TIME " : "FAIL ").append(file).append(": ")
        .append(passed).append(" passed, ").append(failed).append(" failed, ")
        .append(skipped).append(" skipped")
        .append(String.format(Locale.ROOT, " (%.1f s)", millis / 1000.0));
    if (reopens > 0) {
      b.append(", reopened ").append(reopens).append(reopens == 1 ? " time" : " times");
    }
    if (timedOut) {
      b.append(", timed out with ").append(notRun).append(" records not run");
    }
    if (haltedAtLine > 0) {
      b.append(", halted at line ").append(haltedAtLine);
    }
    if (error != null) {
      b.append("\n  error: ").append(error);
    }
    return b.toString();
  }
}
