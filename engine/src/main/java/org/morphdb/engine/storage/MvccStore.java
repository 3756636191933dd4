package org.morphdb.engine.storage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;

/**
 * The multi-version key/value store of one database: row KVs and index KVs, each
 * keyspace named by a {@code long} id (created on first write). Thread safe.
 *
 * <p><b>Writing.</b> Commits are two-phase: {@link #begin()} takes the commit ts and puts
 * the commit in flight, {@link CommitTicket#apply} writes batches at that ts, {@link
 * CommitTicket#finish} makes it visible. {@link #putAt} writes below newer versions (the
 * index backfill).
 *
 * <p><b>Reading.</b> A read at {@code t} sees, per key, the newest version with {@code ts
 * <= t}. Reads do not wait: call {@link #awaitVisible(long)} once per snapshot first, so
 * that each commit is seen entirely or not at all; and register the snapshot ({@link
 * #openSnapshot()} does all three: takes a ts, registers it, waits), since versions no
 * registered reader can see are reclaimed at any time.
 */
public final class MvccStore {
  /** How long a reader waits for in-flight commits before failing. */
  public static final Duration DEFAULT_VISIBILITY_TIMEOUT = Duration.ofSeconds(60);

  /** {@link #putAllAt} yields the CPU after this many writes. */
  private static final int YIELD_EVERY = 256;

  private final VisibilityTracker tracker;
  private final SpaceTable spaces = new SpaceTable();
  private final DeadKeys deadKeys = new DeadKeys();
  /** Null for an in-memory database; see {@link CommitLog}. */
  private volatile CommitLog commitLog;
  /** Commits begun so far (abandoned ones included). */
  private final java.util.concurrent.atomic.LongAdder commitsBegun =
      new java.util.concurrent.atomic.LongAdder();

  public MvccStore(HybridClock clock) {
    this(clock, DEFAULT_VISIBILITY_TIMEOUT);
  }

  /** A store whose readers give up waiting for a commit after {@code visibilityTimeout}. */
  public MvccStore(HybridClock clock, Duration visibilityTimeout) {
    this.tracker = new VisibilityTracker(clock, visibilityTimeout.toNanos());
  }

  public HybridClock clock() {
    return tracker.clock();
  }

  // ---- commits ----

  /** From now on every commit goes through {@code log} (a durable database, once recovered). */
  public void attachCommitLog(CommitLog log) {
    this.commitLog = log;
  }

  CommitLog commitLog() {
    return commitLog;
  }

  /** Takes a commit ts and puts the commit in flight; see {@link CommitTicket}. */
  public CommitTicket begin() {
    commitsBegun.increment();
    return new CommitTicket(this, tracker, tracker.begin());
  }

  /**
   * How many commits have begun so far: background work (the backfill) compares two readings
   * to tell whether foreground writers are busy, and gives way to them.
   */
  public long commitsBegun() {
    return commitsBegun.sum();
  }

  /** Commits the batch in one step and returns its commit ts. */
  public long commit(CommitBatch batch) {
    try (CommitTicket ticket = begin()) {
      ticket.apply(batch);
      return ticket.ts();
    }
  }

  // ---- visibility and snapshots ----

  /**
   * A fresh read timestamp: every commit that will ever hold a ts at or below it is
   * already in flight, so {@link #awaitVisible} on it waits for all of them.
   */
  public long snapshotTs() {
    return tracker.snapshotTs();
  }

  /**
   * "Now" for looking up what is in force (a table's catalog version), without taking a
   * timestamp: lock-free, so concurrent statements do not serialize on it. Never read data
   * at it: a snapshot to read at comes from {@link #openSnapshot()} (or {@link #snapshotTs()}
   * and {@link #awaitVisible}).
   */
  public long nowTs() {
    return tracker.clock().peek();
  }

  /**
   * Blocks until every commit with a ts at or below {@code ts} has finished applying.
   * Returns at once in the common case. Fails with INTERNAL_ERROR after the visibility
   * timeout, and with CANCELLED if interrupted.
   */
  public void awaitVisible(long ts) {
    tracker.awaitVisible(ts);
  }

  /** The largest ts such that every commit at or below it has finished applying. */
  public long visibleTs() {
    return tracker.visibleTs();
  }

  /**
   * Takes a fresh snapshot ts, registers it and waits until it is visible: the one call a
   * reader, a transaction or a job needs before reading at {@code handle.ts()}.
   */
  public SnapshotHandle openSnapshot() {
    return tracker.openSnapshot();
  }

  /**
   * Registers another read at {@code ts} (e.g. a ts already protected by an open handle).
   * Fails with INTERNAL_ERROR if versions below {@code ts} may already be reclaimed.
   */
  public SnapshotHandle register(long ts) {
    tracker.register(ts);
    return new SnapshotHandle(tracker, ts);
  }

  /** {@code min(registered snapshots, visibleTs)}: no reader reads below it. Never decreases. */
  public long lowWaterMark() {
    return tracker.lowWaterMark();
  }

  // ---- reads ----

  /** The value of {@code key} at {@code readTs}, or null if absent or deleted. */
  public Object get(long space, Key key, long readTs) {
    KeySpace s = spaces.get(space);
    return s == null ? null : s.read(key, readTs);
  }

  /**
   * As {@link #get(long, Key, long)}, in the same lookup handing a value found to {@code
   * found} with the key object the space stores it under (equal to {@code key}); null if none.
   * A writer that names a row by a key it built (from a statement's parameters) writes under
   * the stored one instead, so that the index entries it makes point to the table's own key
   * and its copy dies young.
   */
  public <R> R get(long space, Key key, long readTs, java.util.function.BiFunction<Key, Object, R> found) {
    KeySpace s = spaces.get(space);
    return s == null ? null : s.read(key, readTs, found);
  }

  /**
   * Point reads of one space at one timestamp, the space looked up once: an index scan reads
   * the row of every entry it finds through one of these.
   */
  public PointReader pointReader(long space, long readTs) {
    return new PointReader(spaces.get(space), readTs);
  }

  /** See {@link #pointReader}. Sees a space created after it was made as empty. */
  public static final class PointReader {
    private final KeySpace space;
    private final long readTs;

    private PointReader(KeySpace space, long readTs) {
      this.space = space;
      this.readTs = readTs;
    }

    /** As {@link MvccStore#get}. */
    public Object get(Key key) {
      return space == null ? null : space.read(key, readTs);
    }

    /**
     * {@link #get} of {@code keys[0..n)} into {@code values[0..n)}. The rows an index scan
     * reads lie at random places in memory, and each read is a handful of dependent cache
     * misses; done one phase at a time over the batch (every hash-map lookup, then every
     * chain), the misses of different keys overlap instead of following one another.
     */
    public void getAll(Key[] keys, Object[] values, int n) {
      if (space == null) {
        java.util.Arrays.fill(values, 0, n, null);
        return;
      }
      if (space.run() != null) {
        for (int i = 0; i < n; i++) {
          values[i] = space.read(keys[i], readTs);
        }
        return;
      }
      for (int i = 0; i < n; i++) {
        values[i] = space.chain(keys[i]);
      }
      for (int i = 0; i < n; i++) {
        VersionChain chain = (VersionChain) values[i];
        values[i] = chain == null ? null : chain.read(readTs);
      }
    }
  }

  /**
   * The ts of the newest version of {@code key}, tombstones included, whatever its
   * visibility; {@link Long#MIN_VALUE} if the key has none (never written, or deleted and
   * reclaimed).
   */
  public long newestVersionTs(long space, Key key) {
    KeySpace s = spaces.get(space);
    return s == null ? Long.MIN_VALUE : s.newestTs(key);
  }

  /** The live keys of {@code range} at {@code readTs}, ascending. Lazy; weakly consistent. */
  public Iterator<Entry> scan(long space, KeyRange range, long readTs) {
    return scan(space, range, readTs, false);
  }

  /**
   * As {@link #scan}, but only the keys whose newest version (tombstones included) is at or
   * below {@code readTs}: the keys no commit after {@code readTs} changed (so far). The
   * backfill reads its snapshot this way, since a row changed after it had its index
   * entries written by that change.
   *
   * <p>Needs no snapshot registered at {@code readTs}: what it returns is each key's newest
   * version, which no pruning removes, and a key that a commit changes while the scan reads
   * it is skipped (that commit may already have cleared the version the scan found).
   */
  public RowCursor scanUnchangedSince(long space, KeyRange range, long readTs) {
    KeySpace s = spaces.get(space);
    if (s == null || range.isEmpty()) {
      return RowCursor.EMPTY;
    }
    return entries(s, range, readTs, true, false);
  }

  /** As {@link #scan}, descending. */
  public Iterator<Entry> scanDescending(long space, KeyRange range, long readTs) {
    return scan(space, range, readTs, true);
  }

  private Iterator<Entry> scan(long space, KeyRange range, long readTs, boolean descending) {
    KeySpace s = spaces.get(space);
    if (s == null || range.isEmpty()) {
      return Collections.emptyIterator();
    }
    return entries(s, range, readTs, false, descending);
  }

  private static LookaheadEntries entries(KeySpace s, KeyRange range, long readTs, boolean unchangedOnly,
      boolean descending) {
    SortedRun run = s.run();
    return run == null ? new VisibleEntries(s.ordered(range, descending), readTs, unchangedOnly)
        : new MergedEntries(s.ordered(range, descending), run, s.newerRuns(), range, readTs, unchangedOnly, descending);
  }

  // ---- writes outside commits ----

  /**
   * Writes {@code value} under {@code key} stamped {@code ts}, which may be below newer
   * versions (they keep winning for readers above them). If a version stamped exactly
   * {@code ts} exists, it is kept and this write ignored. Not a commit: the caller makes
   * sure readers at {@code ts} do not need to see it atomically with other writes.
   */
  public void putAt(long space, Key key, Object value, long ts) {
    putAllAt(new CommitBatch().put(space, key, value), ts);
  }

  /** {@link #putAt} for every write of the batch (deletes write tombstones at {@code ts}). */
  public void putAllAt(CommitBatch batch, long ts) {
    applyAt(batch, ts, false, tracker.horizon());
  }

  /**
   * {@link #putAllAt} for recovery, which replays a log into a store nobody reads yet: every
   * reader to come reads at or above the recovered clock, so a chain keeps only its newest
   * version. Pruning at the tracker's horizon instead, which stays where the open started
   * while the log is replayed, kept every version of a hot row and made each replayed write
   * walk them all (100 MB of log on 10,000 rows: 5-7 s, nearly all in the walk).
   */
  public void replayAt(CommitBatch batch, long ts) {
    applyAt(batch, ts, false, Long.MAX_VALUE);
  }

  /**
   * {@link #putAt} of {@code values[i]} under {@code keys[i]}, {@code i < n}, all in {@code
   * space}: the backfill's batches, without a {@link CommitBatch} (a record and a list slot
   * per key). The keys must be distinct. The arrays are not kept.
   */
  public void putAllAt(long space, Key[] keys, Object[] values, int n, long ts) {
    long horizon = tracker.horizon();
    KeySpace s = spaces.getOrCreate(space);
    PendingLinks links = new PendingLinks();
    for (int i = 0; i < n; i++) {
      Key key = keys[i];
      Object value = values[i];
      if (key == null || key.isBound() || value == null) {
        throw MorphException.of(ErrorCode.INTERNAL_ERROR, "cannot write %s under key %s", value, key);
      }
      boolean ordered = s.ordersWrites();
      if (ordered && (i + 1) % YIELD_EVERY == 0) {
        Thread.yield(); // lets writers waiting for the tree in (see applyAt)
      }
      VersionChain chain = s.write(key, value, ts, false, horizon, true);
      if (!chain.linked && ordered) {
        links.add(s, key, chain);
      }
    }
    links.linkAll(true);
  }

  /**
   * Writes the batch at {@code ts}. Commits replace a version of the same ts; the backfill
   * ({@code replaceSameTs} false) keeps it, writes mostly new keys, and yields now and then.
   * New chains enter their trees' key order together at the end, before this returns.
   */
  void applyAt(CommitBatch batch, long ts, boolean replaceSameTs) {
    applyAt(batch, ts, replaceSameTs, tracker.horizon());
  }

  private void applyAt(CommitBatch batch, long ts, boolean replaceSameTs, long horizon) {
    boolean background = !replaceSameTs;
    PendingLinks links = new PendingLinks();
    KeySpace space = null;
    int written = 0;
    for (int i = 0, n = batch.size(); i < n; i++) {
      CommitBatch.Write w = batch.write(i);
      if (space == null || space.id != w.space()) {
        space = spaces.getOrCreate(w.space());
      }
      if (background && space.ordersWrites() && ++written % YIELD_EVERY == 0) {
        Thread.yield(); // a large putAllAt (the backfill) lets writers waiting for a tree in
      }
      if (!background && offChain(space, w, ts)) {
        continue;
      }
      VersionChain chain = space.write(w.key(), w.stored(), ts, replaceSameTs, horizon, background);
      if (!chain.linked && space.ordersWrites()) {
        links.add(space, w.key(), chain);
      }
      if (w.isDelete()) {
        deadKeys.add(space, w.key(), chain, ts);
      }
    }
    links.linkAll(background);
  }

  /**
   * Writes a commit's write to a plain index without a chain, if it can: into the log of a
   * backfill that runs, or, for a delete of an entry of the space's run that has no chain,
   * as a mark in the run. True if done.
   */
  private static boolean offChain(KeySpace space, CommitBatch.Write w, long ts) {
    for (WriteLog log = space.log(); log != null; ) {
      if (log.append(w.key(), w.stored(), ts)) {
        return true; // the backfill folds it into its run
      }
      WriteLog next = space.log(); // closed: rotated (append to the next) or closed for good
      log = next == log ? null : next;
    }
    return w.isDelete() && space.run() != null && space.chain(w.key()) == null && space.markDeletedInRun(w.key(), ts);
  }

  // ---- bulk builds ----

  /** Tests: runs in {@link #attachRun} once the log is closed, before the last run is attached. */
  volatile Runnable logClosedHook = () -> { };

  /** At most this many logs are sorted after the backfill's own entries (see {@link #attachRun}). */
  private static final int CATCH_UP_ROUNDS = 8;
  /** A log this small is the last to be sorted on its own; the final run takes its writes. */
  private static final int CAUGHT_UP = 1 << 12;

  /**
   * From now until {@link #attachRun} or {@link #abandonLog}, commits append their writes to
   * {@code space} (created if needed) to a log instead of its chains (see {@link WriteLog}):
   * for a plain index being built, which no one reads until the backfill is done. {@code
   * stripeCapacity} sizes each of the log's stripes (a thread's share of the appends).
   */
  public void openLog(long space, int stripeCapacity) {
    spaces.getOrCreate(space).openLog(stripeCapacity);
  }

  /**
   * Puts the backfill's entries and the writes logged meanwhile into {@code space} as sorted
   * runs (see {@link SortedRun}): the backfill's with what was logged during its scan; the run
   * of what was logged while that one was sorted; and, after the log is closed, the run of
   * what was logged last. The sorts call {@code pacing}'s checkpoint now and then, while the
   * logs they leave behind shrink (see below). A space that has a
   * run already gets the entries written into its chains instead. Nothing may read the space
   * before this returns.
   */
  public void attachRun(long space, RunBuilder entries, BuildPacing pacing) {
    KeySpace s = spaces.getOrCreate(space);
    Runnable checkpoint = pacing::checkpoint;
    // Each sort runs with a log open: commits append to a fresh one, and none writes a chain
    // of this space. What a log gathered is sorted on its own while the next one gathers,
    // until one is small: under a small CPU share a sort takes many times its CPU time. The
    // logs' runs are merged with each other once, the newest ones first (so the first and
    // biggest is copied once), and not into the big run: that copy of every entry let the
    // last log grow for its whole length.
    WriteLog first = awaitAppends(s.rotateLog());
    if (first != null) {
      first.drainInto(entries);
    }
    SortedRun run = entries.build(checkpoint);
    List<SortedRun> parts = new ArrayList<>();
    WriteLog small = null;
    boolean paced = true;
    int previousSize = Integer.MAX_VALUE; // the first catch-up log holds what the big sort let in: paced
    for (int round = 0; round < CATCH_UP_ROUNDS && small == null; round++) {
      WriteLog next = awaitAppends(s.rotateLog());
      if (next == null) {
        break;
      }
      // A log past the small size and no smaller than the one before it: the writers outpace
      // the paced sort, and every pause would only grow the next log (without bound: an
      // OutOfMemoryError in BackfillBudgetTest). From then on the catch-up sorts run at full
      // speed.
      paced &= next.size() <= CAUGHT_UP || next.size() < previousSize;
      previousSize = next.size();
      if (next.size() > CAUGHT_UP || parts.isEmpty()) {
        parts.add(next.drain(paced ? checkpoint : () -> { })); // unpaced work is excused once, below
      } else {
        small = next; // sorted with the last log, below
      }
    }
    SortedRun logged = parts.isEmpty() ? null : parts.get(parts.size() - 1);
    for (int i = parts.size() - 2; i >= 0; i--) {
      if (paced) {
        checkpoint.run(); // each merge is one slice of the budget, not all of them together
      }
      logged = RunMerge.merge(parts.get(i), logged);
    }
    // The merges are paid back while the log is still open: a commit appending to it costs
    // little, and one after the close writes chains and searches the runs.
    if (paced) {
      checkpoint.run();
    } else {
      pacing.excuse();
    }
    boolean attached = s.attachRun(run, logged);
    if (!attached) {
      writeChains(s, run, () -> { });
      if (logged != null) {
        writeChains(s, logged, () -> { }); // newer: its versions land above the run's
      }
    }
    // From the close on, commits write chains (deletes tombstones, see KeySpace#markDeletedInRun)
    // until what the last logs hold is a run: a sort, short next to writing it as chains, and
    // run without pauses. Paced, it stretched to many times its few milliseconds of CPU,
    // the stretch in which every commit costs the most, at the very end of the build, where
    // a writer that falls behind has no time left to catch up.
    WriteLog last = awaitAppends(s.closeLog());
    logClosedHook.run();
    RunBuilder latest = RunBuilder.at(0, 16);
    if (small != null) {
      small.drainInto(latest);
    }
    if (last != null) {
      last.drainInto(latest); // after the small log's: newer where both hold a key
    }
    SortedRun tail = latest.build(() -> { });
    if (attached) {
      s.addNewest(tail);
    } else {
      writeChains(s, tail, checkpoint);
    }
    s.buildDone();
  }

  /** Closes {@code space}'s log, if any, and writes what it holds into its chains: after a failed backfill. */
  public void abandonLog(long space) {
    KeySpace s = spaces.get(space);
    WriteLog log = s == null ? null : awaitAppends(s.closeLog());
    if (log != null) {
      writeChains(s, log.drain(() -> { }), () -> { });
      s.buildDone();
    }
  }

  /** Waits until no commit can still append to {@code closed} (a log just closed, or null), and returns it. */
  private WriteLog awaitAppends(WriteLog closed) {
    if (closed != null) {
      awaitVisible(snapshotTs()); // every commit that appended took its ts before the close
    }
    return closed;
  }

  /**
   * Writes each entry of {@code run} into its key's chain at the entry's ts (a chain's version
   * of that ts stays), calling {@code checkpoint} every {@link KeySpace#CHECKPOINT_EVERY}
   * entries.
   */
  private void writeChains(KeySpace s, SortedRun run, Runnable checkpoint) {
    long horizon = tracker.horizon();
    PendingLinks links = new PendingLinks();
    for (int i = 0; i < run.size(); i++) {
      if ((i + 1) % KeySpace.CHECKPOINT_EVERY == 0) {
        checkpoint.run();
      }
      Key key = run.key(i);
      VersionChain chain = s.write(key, run.isTombstone(i) ? VersionChain.TOMBSTONE : run.value(i), run.ts(i),
          false, horizon, false);
      if (!chain.linked && s.ordersWrites()) {
        links.add(s, key, chain);
      }
      if (run.isTombstone(i)) {
        deadKeys.add(s, key, chain, run.ts(i));
      }
    }
    links.linkAll(true);
  }

  /**
   * Until {@link #restoreOrder}, writes to {@code space} (created if needed) skip its key
   * order: point reads see them, scans of the space do not. For building an index that no
   * one scans yet (WRITE_ONLY): each write then costs a hash-map insert instead of a tree
   * insert, for the backfill and for the writers maintaining the index meanwhile. Calls
   * on one space must not overlap.
   */
  public void deferOrder(long space) {
    spaces.getOrCreate(space).deferOrder();
  }

  /** Builds {@code space}'s key order in one pass and orders its writes again. */
  public void restoreOrder(long space) {
    restoreOrder(space, () -> { });
  }

  /**
   * As {@link #restoreOrder(long)}, calling {@code checkpoint} on this thread every few
   * thousand keys of each pass (never under a lock), where background work may pause.
   */
  public void restoreOrder(long space, Runnable checkpoint) {
    KeySpace s = spaces.get(space);
    if (s != null) {
      s.restoreOrder(checkpoint);
    }
  }

  /**
   * Creates {@code space} with its hash map sized for {@code expectedKeys}, unless it exists
   * already: an index about to be built then never grows its map (a resize moves every entry,
   * and writers that meet it help move them). Call before anyone can write to the space.
   */
  public void createSpace(long space, long expectedKeys) {
    spaces.getOrCreate(space, (int) Math.min(Integer.MAX_VALUE / 2, Math.max(0, expectedKeys)));
  }

  /**
   * Deletes every entry of {@code space}'s run in one commit, as if each had a tombstone (a
   * purge of a dropped index: a million tombstones would cost a million chains). Returns the
   * commit's ts, or 0 if the space has no run. Its chains are the caller's to delete.
   */
  public long retireRun(long space) {
    KeySpace s = spaces.get(space);
    if (s == null || s.run() == null) {
      return 0;
    }
    try (CommitTicket ticket = begin()) {
      s.retireRuns(ticket.ts()); // readers at or above it wait for the ticket, then see this
      return ticket.ts();
    }
  }

  // ---- reclamation and administration ----

  /**
   * Reclaims what no registered reader can see in every space: versions older than the
   * newest one at or below the low-water mark, and keys left with only such a tombstone.
   * (Writes also prune the chains they touch.)
   */
  public void vacuum() {
    long horizon = tracker.lowWaterMark();
    for (KeySpace s : spaces.all()) {
      s.vacuum(horizon);
    }
  }

  /**
   * Takes the keys deleted at or below the low-water mark out of their keyspaces (their
   * tombstones, chains, hash-map entries and tree slots), unless written again since. Cheap
   * when there is nothing to do; meant to be called often, in the background. Returns how
   * many keys left.
   */
  public int reclaimDeletedKeys() {
    return deadKeys.isEmpty() ? 0 : deadKeys.reclaim(tracker.lowWaterMark());
  }

  /** Deletes not yet considered by {@link #reclaimDeletedKeys} (diagnostics, tests). */
  public int deletesPendingReclaim() {
    return deadKeys.size();
  }

  /** Cheap estimate of the live keys of a space (keys whose newest version is not a delete). */
  public long approximateSize(long space) {
    KeySpace s = spaces.get(space);
    if (s == null) {
      return 0;
    }
    // the runs' entries deleted since, or in both runs, are not subtracted: an estimate
    return Math.max(0, s.liveKeys.sum() + s.runEntries());
  }

  /** The ids of every keyspace the store holds (checkpoints walk them). */
  public long[] spaceIds() {
    return spaces.all().stream().mapToLong(sp -> sp.id).toArray();
  }

  /** How many keyspaces the store holds. */
  public int keyspaceCount() {
    return spaces.all().size();
  }

  /** Removes a space and all its versions at once; only when no reader can need them. */
  public void dropSpace(long space) {
    spaces.remove(space);
  }

  /** The keys held by every keyspace, deleted ones not yet reclaimed included (diagnostics). */
  public long keysHeld() {
    long n = 0;
    for (KeySpace s : spaces.all()) {
      n += s.hashedKeys() + s.runEntries();
    }
    return n;
  }

  /** True while {@code space} has a log open (tests and diagnostics). */
  boolean logOpen(long space) {
    KeySpace s = spaces.get(space);
    return s != null && s.log() != null;
  }

  /** How many runs newer than its big run {@code space} has (tests and diagnostics). */
  int newerRuns(long space) {
    KeySpace s = spaces.get(space);
    return s == null ? 0 : s.newerRuns().length;
  }

  /**
   * The keys {@code space} holds, deleted ones not yet reclaimed included: in its hash map
   * and in its key order (tests and diagnostics).
   */
  long[] keysHeld(long space) {
    KeySpace s = spaces.get(space);
    if (s == null) {
      return new long[2];
    }
    long ordered = 0;
    for (var it = s.ordered(KeyRange.all(), false); it.hasNext(); it.next()) {
      ordered++;
    }
    return new long[] {s.hashedKeys(), ordered};
  }

  /** The number of versions of a key, tombstones included (tests and diagnostics). */
  int versionCount(long space, Key key) {
    KeySpace s = spaces.get(space);
    VersionChain chain = s == null ? null : s.chain(key);
    int inRun = s != null && s.inRuns(key) ? 1 : 0;
    return (chain == null ? 0 : chain.versionCount()) + inRun;
  }
}
