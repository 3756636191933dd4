package org.morphdb.engine.ddl;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;
import org.morphdb.engine.catalog.UpdateEntry;
import org.morphdb.engine.clock.HybridClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs DDL jobs: each step commits a catalog version, the next starts once that version is
 * active everywhere, operations (backfill, validation, purge) run in between, and a failed
 * or cancelled job walks back. Jobs on one table run one at a time; the statement that
 * started a job blocks until it ends, nobody else does.
 */
public final class JobRunner {
  private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);

  private final CatalogLog log;
  private final HybridClock clock;
  private final long delayMillis;
  private final DdlJobs jobs;
  private final JobOperations operations;
  private final ConcurrentHashMap<String, ReentrantLock> tableLocks = new ConcurrentHashMap<>();
  private final ScheduledExecutorService background;
  private final boolean skipStates;
  /** Test hook: called with each step's name before the step commits (may block to script interleavings). */
  private volatile java.util.function.Consumer<String> beforeStep = step -> { };

  /** @param skipStates negative control {@code unsafe=skip-states}: CREATE INDEX, ADD FOREIGN KEY, naively */
  public JobRunner(CatalogLog log, HybridClock clock, long delayMillis, DdlJobs jobs, JobOperations operations,
      boolean skipStates) {
    this.skipStates = skipStates;
    this.log = log;
    this.clock = clock;
    this.delayMillis = delayMillis;
    this.jobs = jobs;
    this.operations = operations;
    this.background = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "morph-purge");
      t.setDaemon(true);
      return t;
    });
  }

  public DdlJobs jobs() { return jobs; }

  /** What the CPU budget of the last backfill saw (tests, diagnostics); null before the first. */
  public org.morphdb.engine.api.BackfillUsage lastBackfill() {
    CpuBudget.Usage u = operations.lastBackfill();
    return u == null ? null : new org.morphdb.engine.api.BackfillUsage(operations.backfillCores(),
        u.cpuNanos(), u.wallNanos(), u.pausedNanos(), u.pauses(), u.limitedCpuNanos(), u.limitedWallNanos(),
        u.unpaidNanos(), u.excusedCpuNanos());
  }

  /** Runs the command's job to its end; returns the last catalog version it committed (or the latest). */
  public Catalog run(DdlCommand command, String statement) {
    JobPlan plan = JobPlanner.plan(command, skipStates);
    ReentrantLock tableLock = tableLocks.computeIfAbsent(command.schema() + "." + command.table(), k -> new ReentrantLock());
    tableLock.lock();
    JobRecord job = jobs.start(statement, command.table());
    JobContext ctx = new JobContext();
    int committed = 0;
    Catalog last = log.latest();
    if (skipStates && (command instanceof DdlCommand.CreateIndex || command instanceof DdlCommand.AddForeignKey)) {
      ctx.startSnapshot = operations.openSnapshot();
    }
    try {
      for (Step step : plan.steps()) {
        checkCancelled(job);
        Catalog v = commitStep(step, ctx, job, statement);
        if (v == null) {
          if (ctx.noOp) {
            break;
          }
          continue;
        }
        committed++;
        last = v;
        runOperation(step.operation(), ctx, job, v, true);
      }
      job.end(JobRecord.State.DONE, null);
      return last;
    } catch (RuntimeException e) {
      MorphException err = e instanceof MorphException m ? m
          : new MorphException(ErrorCode.INTERNAL_ERROR, "DDL job failed: " + e, e);
      if (committed > 0) {
        walkBack(plan, committed, ctx, job, statement);
      }
      job.end(err.code() == ErrorCode.CANCELLED ? JobRecord.State.CANCELLED : JobRecord.State.FAILED, err.getMessage());
      throw err;
    } finally {
      if (ctx.startSnapshot != null) {
        ctx.startSnapshot.close();
      }
      tableLock.unlock();
    }
  }

  /** Runs {@code hook} on the job's thread after each batch of an index backfill (tests); null removes it. */
  public void setBackfillBatchHook(Runnable hook) {
    operations.setBackfillBatchHook(hook);
  }

  public void setBeforeStepHook(java.util.function.Consumer<String> hook) {
    this.beforeStep = hook == null ? step -> { } : hook;
  }

  private Catalog commitStep(Step step, JobContext ctx, JobRecord job, String statement) {
    beforeStep.accept(step.name());
    job.step(step.name());
    Catalog v = log.append(c -> entries(step, ctx, c), delayMillis, statement + " -- " + step.name());
    if (v != null) {
      waitActive(v);
    }
    return v;
  }

  /**
   * The step's entries; when they allocate a new index's id, its keyspace is sized before the
   * version that makes writers maintain the index is published (under the catalog lock).
   */
  private java.util.List<UpdateEntry> entries(Step step, JobContext ctx, Catalog c) {
    int indexBefore = ctx.indexId;
    java.util.List<UpdateEntry> entries = step.entries().apply(ctx, c);
    int index = ctx.indexId;
    if (indexBefore < 0 && index >= 0 && !entries.isEmpty() && c.table(ctx.tableId)
        .map(t -> t.indexes().stream().noneMatch(i -> i.id() == index)).orElse(false)) {
      boolean unique = entries.stream()
          .flatMap(e -> e instanceof UpdateEntry.PutTable put ? put.table().indexes().stream() : Stream.empty())
          .anyMatch(i -> i.id() == index && i.unique());
      operations.prepareIndexSpace(ctx.tableId, ctx.indexId, unique);
    }
    return entries;
  }

  private void runOperation(Step.Operation op, JobContext ctx, JobRecord job, Catalog active, boolean cancellable) {
    switch (op) {
      case BACKFILL -> operations.backfill(ctx, job, active, cancellable);
      case VALIDATE -> operations.validate(ctx, job, active);
      case PURGE -> schedulePurge(ctx, active);
      default -> { }
    }
  }

  /**
   * Undoes a failed job; if the walk back fails too, finishes the job's roll-forward path
   * (when it has one). Neither may fail the statement a second time.
   */
  private void walkBack(JobPlan plan, int committed, JobContext ctx, JobRecord job, String statement) {
    boolean interrupted = Thread.interrupted(); // a cancel by interrupt must not stop the walk back
    try {
      runSteps(plan.walkBackAfter().apply(committed), ctx, job, statement + " (walk back)");
    } catch (RuntimeException e) {
      LOG.warn("walk back of job {} failed ({}); finishing it instead", job.id(), e.getMessage());
      try {
        runSteps(plan.rollForward(), ctx, job, statement + " (roll forward)");
      } catch (RuntimeException again) {
        LOG.error("roll forward of job {} failed", job.id(), again);
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void runSteps(java.util.List<Step> steps, JobContext ctx, JobRecord job, String statement) {
    for (Step step : steps) {
      Catalog v = commitStep(step, ctx, job, statement);
      if (v != null) {
        runOperation(step.operation(), ctx, job, v, false);
      }
    }
  }

  private void schedulePurge(JobContext ctx, Catalog finalState) {
    long[] spaces = ctx.purgeSpaces.clone();
    int tableId = ctx.tableId;
    for (long space : spaces) {
      jobs.purgeStarted(space);
    }
    background.execute(() -> {
      long lastDelete = -1;
      try {
        lastDelete = operations.purge(spaces, finalState.activationTs());
      } catch (RuntimeException e) {
        LOG.error("purge of {} failed", java.util.Arrays.toString(spaces), e);
      } finally {
        long finishedTs = clock.now(); // after the purge's last commit took its timestamp
        for (long space : spaces) {
          jobs.purgeFinished(space, tableId, finishedTs);
        }
      }
      try {
        if (lastDelete >= 0) {
          forgetWhenUnread(spaces, Math.max(lastDelete, finalState.activationTs()), 1);
        }
      } finally {
        for (long space : spaces) {
          jobs.purgeEnded(space);
        }
      }
    });
  }

  /**
   * Once no reader reads below {@code purgedTs} (no snapshot sees the dropped object, or it
   * sees the purge's deletes), the spaces hold nothing anyone can see: the store forgets them. Until then, retries with
   * growing pauses, on the purge thread.
   */
  private void forgetWhenUnread(long[] spaces, long purgedTs, long pauseMillis) {
    if (operations.forgetIfUnread(spaces, purgedTs)) {
      return;
    }
    try {
      background.schedule(() -> forgetWhenUnread(spaces, purgedTs, Math.min(pauseMillis * 2, 1000)),
          pauseMillis, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // the database is shutting down: its store goes away with it
    }
  }

  /** Blocks until the version's activation timestamp has passed: then it is active everywhere. */
  public void waitActive(Catalog version) {
    long target = version.activationTs();
    while (clock.now() <= target) {
      long waitMs = HybridClock.physicalMillis(target) - System.currentTimeMillis();
      try {
        Thread.sleep(Math.max(0, Math.min(waitMs, 50)), waitMs <= 0 ? 100_000 : 0);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MorphException(ErrorCode.CANCELLED, "interrupted while waiting for a schema version");
      }
    }
  }

  private static void checkCancelled(JobRecord job) {
    if (job.cancelRequested()) {
      throw MorphException.of(ErrorCode.CANCELLED, "DDL job %d was cancelled: %s", job.id(), job.statement());
    }
  }

  /** CANCEL DDL JOB n. */
  public void cancel(long jobId) {
    JobRecord job = jobs.job(jobId).orElseThrow(() -> MorphException.of(
        ErrorCode.INVALID_STATEMENT, "DDL job %d not found", jobId));
    if (job.state() != JobRecord.State.RUNNING) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "DDL job %d is not running (%s)", jobId, job.state());
    }
    job.cancel();
  }

  /** Stops at once, as a killed process would (a purge under way is interrupted). */
  public void shutdown() {
    background.shutdownNow();
  }

  /**
   * A clean close: a purge under way finishes first. Interrupting it could hit its commit's
   * force, which closes the log's channel for good and fails the checkpoint of the close.
   */
  public void close() {
    background.shutdown();
    try {
      if (!background.awaitTermination(60, TimeUnit.SECONDS)) {
        background.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      background.shutdownNow();
    }
  }
}
