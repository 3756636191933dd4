package org.morphdb.cli.demo;

import java.util.List;

/**
 * One demo run on one database.
 *
 * @param checkProblems CHECK TABLE's rows; null where the database has no CHECK TABLE
 * @param rowsFound     COUNT(*) at the end, to compare with loaded + inserted
 */
record DemoResult(DemoTarget target, int rows, double loadSeconds, int writers,
    int readers, List<DdlResult> ddls, Counters.Snapshot total, long inserted,
    int mostAttempts, List<String> firstErrors, List<String> checkProblems, long rowsFound,
    Timeline timeline, String monitorFailure) {

  public long errors() {
    return total.errors();
  }

  public boolean rowsAccountedFor() {
    return rowsFound == rows + inserted;
  }

  public boolean ddlsAsExpected() {
    return ddls.stream().allMatch(DdlResult::asExpected);
  }

  /** No error surfaced, CHECK TABLE clean, no row lost or invented, every DDL as expected. */
  public boolean ok() {
    return errors() == 0 && (checkProblems == null || checkProblems.isEmpty())
        && rowsAccountedFor() && ddlsAsExpected();
  }

  /** Committed rows missing at the end (negative: rows nobody committed). */
  public long rowsMissing() {
    return rows + inserted - rowsFound;
  }

  /** The first DDL of the run: the CREATE INDEX the comparison is about. */
  public DdlResult createIndex() {
    return ddls.get(0);
  }
}
