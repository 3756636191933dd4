package org.morphdb.engine.api;

/**
 * What an index backfill's CPU budget saw (docs/decisions.md "Backfill's share of the
 * machine"): the backfill thread's CPU time and wall time from the start of the backfill to
 * the end of its key-order build, and the pauses it made for foreground commits.
 *
 * @param budgetCores the CPU it was allowed while foreground commits ran, in cores (1 or
 *     more: it never pauses)
 * @param limitedCpuNanos CPU time of the slices (about 2 ms of CPU each) during which
 *     foreground commits began: the budget holds these to {@code budgetCores} of their wall
 *     time, {@code limitedWallNanos} (pauses included)
 */
public record BackfillUsage(double budgetCores, long cpuNanos, long wallNanos, long pausedNanos, long pauses,
    long limitedCpuNanos, long limitedWallNanos) {}
