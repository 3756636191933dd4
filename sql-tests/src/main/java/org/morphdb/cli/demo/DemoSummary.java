package org.morphdb.cli.demo;

import static org.morphdb.bench.Fmt.count;
import static org.morphdb.bench.Fmt.left;
import static org.morphdb.bench.Fmt.percent;
import static org.morphdb.bench.Fmt.right;
import static org.morphdb.bench.Fmt.seconds;

import java.io.PrintStream;
import java.util.List;
import org.morphdb.bench.Fmt;

/** Prints the demo's end-of-run tables and verdict. */
final class DemoSummary {
  private final PrintStream out;

  DemoSummary(PrintStream out) {
    this.out = out;
  }

  void print(DemoResult r) {
    out.printf("%n%s: %s rows loaded in %s (%s rows/s); %d writers + %d readers on %d node%s%n",
        r.target().name(), count(r.rows()), seconds(r.loadSeconds()),
        count(r.rows() / r.loadSeconds()), r.writers(), r.readers(), r.target().nodes(),
        r.target().nodes() == 1 ? "" : "s");
    out.println("  " + left("DDL", 28) + left("result", 24) + right("time", 9)
        + right("writes/s before", 17) + right("during", 9) + right("after", 9)
        + right("kept", 7) + right("tx retried", 12) + right("errors", 8));
    for (DdlResult d : r.ddls()) {
      out.println("  " + left(d.name(), 28) + left(d.outcome(), 24) + right(seconds(d.seconds()), 9)
          + right(count(d.writesBefore()), 17)
          + right(d.measurable() ? count(d.writesDuring()) : "(brief)", 9)
          + right(count(d.writesAfter()), 9)
          + right(d.measurable() ? percent(d.writesDuring() / d.writesBefore()) : "-", 7)
          + right(Long.toString(d.retried()), 12) + right(Long.toString(d.errors()), 8));
    }
    out.println("  (before / after: the pauses around each statement; kept: during / before, not "
        + "shown under " + DdlResult.MEASURABLE_SECONDS + " s; tx retried and errors: from its "
        + "start to the end of the pause after it)");
    out.printf("  whole run: %s writes (%s inserts), %s reads, %d transactions retried (at most "
        + "%d attempts for one), %d errors surfaced to the application%n",
        count(r.total().writes()), count(r.inserted()), count(r.total().reads()),
        r.total().retried(), r.mostAttempts(), r.errors());
    r.firstErrors().forEach(e -> out.println("    error: " + e));
    printChecks(r);
  }

  private void printChecks(DemoResult r) {
    if (r.checkProblems() == null) {
      out.println("  CHECK TABLE: not available on " + r.target().name());
    } else if (r.checkProblems().isEmpty()) {
      out.println("  CHECK TABLE demo: clean (no inconsistency between rows and indexes)");
    } else {
      out.println("  CHECK TABLE demo: " + r.checkProblems().size() + " INCONSISTENCIES");
      r.checkProblems().stream().limit(10).forEach(p -> out.println("    " + p));
    }
    out.printf("  rows: %s %s %s loaded + %s inserted by the writers%n", count(r.rowsFound()),
        r.rowsAccountedFor() ? "=" : "DIFFERS FROM", count(r.rows()), count(r.inserted()));
    for (DdlResult d : r.ddls()) {
      if (!d.asExpected()) {
        out.println("  UNEXPECTED: " + d.ddl().sql() + " -> " + d.outcome()
            + (d.message() == null ? "" : ": " + d.message()));
      }
    }
    if (r.monitorFailure() != null) {
      out.println("  (progress display failed: " + r.monitorFailure() + ")");
    }
  }

  /** Side by side: what the first CREATE INDEX did to the writers on each database. */
  void compare(List<DemoResult> results) {
    out.printf("%nCREATE INDEX demo_a on %s rows under the same workload:%n",
        count(results.get(0).rows()));
    for (DemoResult r : results) {
      DdlResult d = r.createIndex();
      out.printf("  %s took %s; writers kept %s of their throughput (%s -> %s writes/s); "
          + "longest stall with no write committed: %s%n", left(r.target().name(), 8),
          seconds(d.seconds()), percent(d.writesDuring() / d.writesBefore()),
          count(d.writesBefore()), count(d.writesDuring()), seconds(longestStall(r)));
    }
    out.println("Over the whole run:");
    for (DemoResult r : results) {
      long lost = r.rowsMissing();
      out.printf("  %s %d errors surfaced to the application; %s%n", left(r.target().name(), 8),
          r.errors(), lost == 0 ? "every committed row is there"
              : lost > 0 ? count(lost) + " committed rows are MISSING"
              : count(-lost) + " rows more than were committed");
    }
  }

  /** The longest run of throughput samples in which no write committed. */
  static double longestStall(DemoResult r) {
    double longest = 0;
    double stalledSince = Double.NaN;
    double previousT = 0;
    for (Timeline.Sample s : r.timeline().samples()) {
      if (s.writesPerSec() == 0) {
        stalledSince = Double.isNaN(stalledSince) ? previousT : stalledSince;
        longest = Math.max(longest, s.t() - stalledSince);
      } else {
        stalledSince = Double.NaN;
      }
      previousT = s.t();
    }
    return longest;
  }

  /** The last line: what made the run pass or fail. */
  void verdict(DemoResult morph) {
    if (morph.ok()) {
      out.printf("%nOK: %s errors surfaced, CHECK TABLE clean, every row accounted for, every "
          + "schema change as expected%n", Fmt.count(morph.errors()));
    } else {
      out.printf("%nFAILED: %d errors surfaced, CHECK TABLE %s, rows %s, schema changes %s%n",
          morph.errors(), morph.checkProblems() != null && morph.checkProblems().isEmpty()
              ? "clean" : "NOT clean",
          morph.rowsAccountedFor() ? "accounted for" : "NOT accounted for",
          morph.ddlsAsExpected() ? "as expected" : "NOT as expected");
    }
  }
}
