package org.morphdb.engine.ddl;

import java.time.LocalDateTime;

/**
 * A DDL job as SYS.DDL_JOBS shows it. Progress fields are written by the job's owner thread
 * and read by anyone; {@link #cancel()} may be called from any thread.
 */
public final class JobRecord {
  /** RUNNING → DONE | FAILED | CANCELLED. */
  public enum State { RUNNING, DONE, FAILED, CANCELLED }

  private final long id;
  private final String statement;
  private final String tableName;
  private final LocalDateTime started;
  private volatile State state = State.RUNNING;
  private volatile String step = "";
  private volatile long rowsDone;
  private volatile long rowsTotal;
  private volatile LocalDateTime finished;
  private volatile String error;
  private volatile boolean cancelRequested;
  /** The thread running the job; interrupting it (Statement.cancel) cancels the job too. */
  private final Thread owner = Thread.currentThread();

  /** Told of the job's start, each step and its end (a durable database logs them). */
  private final java.util.function.Consumer<JobRecord> onChange;

  JobRecord(long id, String statement, String tableName, java.util.function.Consumer<JobRecord> onChange) {
    this.id = id;
    this.statement = statement;
    this.tableName = tableName;
    this.started = LocalDateTime.now();
    this.onChange = onChange;
  }

  /** A job as a durable database recorded it (its owner is gone: it cannot be cancelled). */
  JobRecord(JobImage image, java.util.function.Consumer<JobRecord> onChange) {
    this.id = image.id();
    this.statement = image.statement();
    this.tableName = image.tableName();
    this.started = image.started();
    this.state = image.state();
    this.step = image.step() == null ? "" : image.step();
    this.rowsDone = image.rowsDone();
    this.rowsTotal = image.rowsTotal();
    this.finished = image.finished();
    this.error = image.error();
    this.onChange = onChange;
  }

  /** What a durable database records of the job. */
  public JobImage image() {
    return new JobImage(id, statement, tableName, started, state, step, rowsDone, rowsTotal, finished, error);
  }

  public long id() { return id; }

  public String statement() { return statement; }

  public String tableName() { return tableName; }

  public LocalDateTime started() { return started; }

  public State state() { return state; }

  public String step() { return step; }

  public long rowsDone() { return rowsDone; }

  public long rowsTotal() { return rowsTotal; }

  public LocalDateTime finished() { return finished; }

  public String error() { return error; }

  public boolean cancelRequested() { return cancelRequested || owner.isInterrupted(); }

  /** Asks the job to walk back at its next checkpoint. */
  public void cancel() { cancelRequested = true; }

  void step(String name) {
    this.step = name;
    onChange.accept(this);
  }

  void progress(long done, long total) {
    this.rowsDone = done;
    this.rowsTotal = total;
  }

  void end(State endState, String errorMessage) {
    this.error = errorMessage;
    this.finished = LocalDateTime.now();
    this.state = endState;
    onChange.accept(this);
  }
}
