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
  private final LocalDateTime started = LocalDateTime.now();
  private volatile State state = State.RUNNING;
  private volatile String step = "";
  private volatile long rowsDone;
  private volatile long rowsTotal;
  private volatile LocalDateTime finished;
  private volatile String error;
  private volatile boolean cancelRequested;
  /** The thread running the job; interrupting it (Statement.cancel) cancels the job too. */
  private final Thread owner = Thread.currentThread();

  JobRecord(long id, String statement, String tableName) {
    this.id = id;
    this.statement = statement;
    this.tableName = tableName;
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

  void step(String name) { this.step = name; }

  void progress(long done, long total) {
    this.rowsDone = done;
    this.rowsTotal = total;
  }

  void end(State endState, String errorMessage) {
    this.error = errorMessage;
    this.finished = LocalDateTime.now();
    this.state = endState;
  }
}
