package org.morphdb.slt;

/** Sums of file results: for one engine over a directory or a whole run. */
public final class SltTally {
  private int files;
  private long passed;
  private long failed;
  private long skipped;
  private long notRun;
  private int timedOut;
  private int errors;
  private long millis;

  /** Adds one file's result. */
  public void add(SltFileResult r) {
    files++;
    passed += r.passed();
    failed += r.failed();
    skipped += r.skipped();
    notRun += r.notRun();
    timedOut += r.timedOut() ? 1 : 0;
    errors += r.error() != null && !r.timedOut() ? 1 : 0;
    millis += r.millis();
  }

  /** Adds another tally. */
  public void add(SltTally t) {
    files += t.files;
    passed += t.passed;
    failed += t.failed;
    skipped += t.skipped;
    notRun += t.notRun;
    timedOut += t.timedOut;
    errors += t.errors;
    millis += t.millis;
  }

  public int files() {
    return files;
  }

  public long passed() {
    return passed;
  }

  public long failed() {
    return failed;
  }

  public long skipped() {
    return skipped;
  }

  /** Records never reached: after a time-out, an error or a halt. */
  public long notRun() {
    return notRun;
  }

  public int timedOut() {
    return timedOut;
  }

  /** Files that could not run to their end for another reason than the time limit. */
  public int errors() {
    return errors;
  }

  public long millis() {
    return millis;
  }

  /** Records run (passed and failed) per second of the files' wall time; 0 when none ran. */
  public double recordsPerSecond() {
    return millis == 0 ? 0 : (passed + failed) * 1000.0 / millis;
  }
}
