package org.morphdb.engine.ddl;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Bounds the CPU time a background thread (a job's backfill) takes from foreground work: the
 * thread calls {@link #checkpoint()} often; once it has used a slice of CPU time, and if
 * foreground commits ran meanwhile, it pauses for as long as it takes for that slice to be
 * at most {@code cores} of one core over the slice's wall time. Time the thread spent waiting
 * for a core (the writers had it) counts as a pause already, so on a machine busy with other
 * work it pauses less or not at all. With no foreground commit it never pauses, and with a
 * budget of a whole core or more (a machine with many cores) it never pauses either.
 * Not thread safe: one per job thread. See docs/decisions.md "Backfill's share of the machine".
 */
final class CpuBudget implements org.morphdb.engine.storage.BuildPacing {
  /** The thread's CPU time a slice covers before its pause is worked out. */
  static final long SLICE_NANOS = 2_000_000;
  /**
   * The longest single pause: a bound against a broken CPU clock, and against a DDL statement
   * that seems to hang. A slice that ran long (interpreted code before the JIT compiled it, a
   * sort between two checkpoints) is still paid back in full: what one pause could not pay is
   * owed at the next checkpoints, a longest pause at a time.
   */
  static final long MAX_PAUSE_NANOS = 1_000_000_000;

  /** Where the budget reads time and how it waits (replaced in tests). */
  interface Clocks {
    /** The calling thread's CPU time, or -1 if the platform does not measure it. */
    long threadCpuNanos();

    long wallNanos();

    void pause(long nanos);
  }

  static final Clocks SYSTEM = new Clocks() {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    @Override
    public long threadCpuNanos() {
      return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }

    @Override
    public long wallNanos() {
      return System.nanoTime();
    }

    @Override
    public void pause(long nanos) {
      long deadline = System.nanoTime() + nanos;
      for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
        LockSupport.parkNanos(left); // may return early
      }
    }
  };

  private final double cores;
  private final LongSupplier foregroundCommits;
  private final Clocks clocks;
  private long sliceCpu;
  private long sliceWall;
  private long sliceCommits;
  private long startCpu;
  private long startWall;
  private long pausedNanos;
  private long pauses;
  private long limitedCpuNanos;
  private long limitedWallNanos;
  private long excusedCpuNanos;
  /** What earlier pauses, capped at the longest pause, left owed. */
  private long unpaidNanos;

  /**
   * @param cores the CPU the thread may use while foreground commits run, in cores (1 or
   *     more: no pauses)
   * @param foregroundCommits a counter that grows with every foreground commit
   */
  CpuBudget(double cores, LongSupplier foregroundCommits, Clocks clocks) {
    if (!(cores > 0)) {
      throw new IllegalArgumentException("CPU budget must be positive: " + cores);
    }
    this.cores = cores;
    this.foregroundCommits = foregroundCommits;
    this.clocks = clocks;
    this.startCpu = cpu(clocks.wallNanos());
    this.startWall = clocks.wallNanos();
    this.sliceCpu = startCpu;
    this.sliceWall = startWall;
    this.sliceCommits = foregroundCommits.getAsLong();
  }

  /** True when this budget can pause at all (less than a whole core). */
  boolean limits() {
    return cores < 1;
  }

  /** Cheap when the slice is not used up; pauses as described in the class comment. */
  @Override
  public void checkpoint() {
    if (!limits()) {
      return;
    }
    long wall = clocks.wallNanos();
    long cpu = cpu(wall);
    long used = cpu - sliceCpu;
    if (used < SLICE_NANOS) {
      return;
    }
    long commits = foregroundCommits.getAsLong();
    if (commits != sliceCommits) {
      long owed = (long) Math.ceil(used / cores) - (wall - sliceWall) + unpaidNanos;
      unpaidNanos = 0;
      if (owed > 0) {
        long pause = Math.min(owed, MAX_PAUSE_NANOS);
        clocks.pause(pause);
        pausedNanos += pause;
        pauses++;
        unpaidNanos = owed - pause;
        wall = clocks.wallNanos();
      }
      limitedCpuNanos += used;
      limitedWallNanos += wall - sliceWall;
    }
    sliceCpu = cpu;
    sliceWall = wall;
    sliceCommits = foregroundCommits.getAsLong();
  }

  /**
   * Starts a new slice without holding the one that ends to the budget: the caller ran it
   * without pauses on purpose (a catch-up sort whose writers outpace it when paced). Its CPU
   * time is counted in {@link Usage#excusedCpuNanos}.
   */
  @Override
  public void excuse() {
    long wall = clocks.wallNanos();
    long cpu = cpu(wall);
    excusedCpuNanos += cpu - sliceCpu;
    sliceCpu = cpu;
    sliceWall = wall;
    sliceCommits = foregroundCommits.getAsLong();
  }

  /** The thread's CPU time, or the wall time where the platform does not measure it. */
  private long cpu(long wall) {
    long cpu = clocks.threadCpuNanos();
    return cpu < 0 ? wall : cpu;
  }

  /**
   * What the budget saw since it was made, for diagnostics and tests: the thread's CPU and
   * wall time, its pauses, and the CPU and wall time (pauses included) of the slices during
   * which foreground commits began, the ones the budget holds to its share, the pause time
   * still owed, and the CPU time of work {@linkplain #excuse() excused} from the budget.
   */
  record Usage(long cpuNanos, long wallNanos, long pausedNanos, long pauses, long limitedCpuNanos,
      long limitedWallNanos, long unpaidNanos, long excusedCpuNanos) {}

  Usage usage() {
    long wall = clocks.wallNanos();
    return new Usage(cpu(wall) - startCpu, wall - startWall, pausedNanos, pauses, limitedCpuNanos,
        limitedWallNanos, unpaidNanos, excusedCpuNanos);
  }
}
