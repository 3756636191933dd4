package org.morphdb.cli.demo;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ProgressBar;
import org.morphdb.bench.Fmt;

/**
 * What the terminal shows while the workload runs: a live line of writer and reader
 * throughput, and a progress bar per DDL statement fed from SYS.DDL_JOBS (state, step, rows
 * backfilled of total). It also samples the throughput into the {@link Timeline}. A ticker
 * thread does the sampling and polling; the DDL runner calls {@link #ddlStarted} and
 * {@link #ddlFinished}.
 */
final class LiveView implements AutoCloseable {
  private static final long TICK_MILLIS = 100;
  private static final long RATE_WINDOW_NANOS = 1_000_000_000L;

  private final Bars bars;
  private final Timeline timeline;
  private final Counters counters;
  private final JobPoller poller;
  private final Clock clock;
  private final long sampleNanos;
  private final Deque<Counters.Snapshot> recent = new ArrayDeque<>();
  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "demo-live-view");
    t.setDaemon(true);
    return t;
  });
  private ProgressBar throughput;
  private Counters.Snapshot lastSample;
  private ProgressBar ddlBar;
  private long jobsBefore;
  private volatile String tickFailure;

  /** Seconds since the run's start, for the timeline. */
  interface Clock {
    double seconds(long nanos);
  }

  LiveView(Bars bars, Timeline timeline, Counters counters, JobPoller poller, Clock clock,
      long sampleMillis) {
    this.bars = bars;
    this.timeline = timeline;
    this.counters = counters;
    this.poller = poller;
    this.clock = clock;
    this.sampleNanos = TimeUnit.MILLISECONDS.toNanos(sampleMillis);
  }

  void start() {
    lastSample = counters.snapshot();
    recent.add(lastSample);
    throughput = bars.bar("writers / readers", -1, "tx", false);
    ticker.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** A DDL statement is about to run: its bar appears. */
  synchronized void ddlStarted(String label) throws SQLException {
    jobsBefore = poller == null ? 0 : poller.lastId();
    ddlBar = bars.bar(label, -1, "rows");
    ddlBar.setExtraMessage(poller == null ? "running" : "starting");
  }

  /** The DDL statement returned: its bar shows the outcome and stops. */
  synchronized void ddlFinished(String outcome) throws SQLException {
    if (poller != null) {
      poll();
    }
    if (ddlBar.getMax() > 0 && outcome.startsWith("DONE")) {
      ddlBar.stepTo(ddlBar.getMax());
    }
    ddlBar.setExtraMessage(outcome);
    ddlBar.close();
    ddlBar = null;
  }

  private void tick() {
    try {
      Counters.Snapshot now = counters.snapshot();
      if (now.nanos() - lastSample.nanos() >= sampleNanos) {
        timeline.sample(new Timeline.Sample(clock.seconds(now.nanos()),
            lastSample.writesPerSec(now), lastSample.readsPerSec(now)));
        lastSample = now;
      }
      showThroughput(now);
      synchronized (this) {
        if (ddlBar != null && poller != null) {
          poll();
        }
      }
    } catch (SQLException | RuntimeException e) {
      tickFailure = e.toString(); // keep ticking; reported at the end
    }
  }

  private void showThroughput(Counters.Snapshot now) {
    recent.addLast(now);
    while (recent.size() > 2 && now.nanos() - recent.peekFirst().nanos() > RATE_WINDOW_NANOS) {
      recent.removeFirst();
    }
    Counters.Snapshot from = recent.peekFirst();
    throughput.stepTo(now.writes());
    throughput.setExtraMessage("writes " + Fmt.count(from.writesPerSec(now)) + "/s, reads "
        + Fmt.count(from.readsPerSec(now)) + "/s, retried " + now.retried()
        + ", errors " + now.errors());
  }

  private void poll() throws SQLException {
    List<JobPoller.Job> jobs = poller.jobsAfter(jobsBefore);
    if (jobs.isEmpty()) {
      return;
    }
    JobPoller.Job job = jobs.get(jobs.size() - 1);
    if (job.rowsTotal() > 0) {
      ddlBar.maxHint(job.rowsTotal());
      ddlBar.stepTo(job.rowsDone());
    }
    boolean backfilling = job.running() && job.rowsTotal() > 0 && job.rowsDone() < job.rowsTotal();
    ddlBar.setExtraMessage("job " + job.id() + " " + job.state() + ", step " + job.step()
        + (backfilling ? " (backfill)" : ""));
  }

  /** A failure of the ticker, if any (it keeps going). */
  String tickFailure() {
    return tickFailure;
  }

  @Override
  public void close() throws InterruptedException {
    ticker.shutdown();
    ticker.awaitTermination(5, TimeUnit.SECONDS);
    if (throughput != null) {
      throughput.close();
    }
  }
}
