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
 * @param unpaidNanos pause time still owed when the backfill ended: a slice that ran long
 *     (the key-order build's sort before the JIT compiled it) owes more than one pause pays,
 *     and the backfill may end before later pauses paid the rest
 * @param excusedCpuNanos CPU time of catch-up sorts run without pauses because the writers
 *     outpaced them when paced (MvccStore#attachRun): not held to the budget
 */
public record BackfillUsage(double budgetCores, long cpuNanos, long wallNanos, long pausedNanos, long pauses,
    long limitedCpuNanos, long limitedWallNanos, long unpaidNanos, long excusedCpuNanos) {}
