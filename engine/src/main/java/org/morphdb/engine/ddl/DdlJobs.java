package org.morphdb.engine.ddl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The jobs of one database, running and finished (SYS.DDL_JOBS), and the keyspaces whose
 * purge has finished (CHECK TABLE reports any KV left in them).
 */
public final class DdlJobs {
  private static final int KEEP_FINISHED = 1000;
  private final AtomicLong ids = new AtomicLong();
  private final ConcurrentSkipListMap<Long, JobRecord> jobs = new ConcurrentSkipListMap<>();
  /** A finished purge: the table the keyspace belonged to, and when the purge finished. */
  private record Purged(int tableId, long finishedTs) {}

  private final Map<Long, Purged> purgedSpaces = new ConcurrentHashMap<>();
  private final Map<Long, Boolean> purgesRunning = new ConcurrentHashMap<>();

  /** Told of every job's start, steps and end; a durable database logs them. */
  private volatile Consumer<JobRecord> onChange = job -> { };

  public void setChangeListener(Consumer<JobRecord> listener) {
    this.onChange = listener;
  }

  /**
   * Puts back the jobs a durable database recorded (at open, before any job runs). Returns
   * the ones recorded as still running: their owner died with the process.
   */
  public List<JobRecord> restore(Collection<JobImage> images) {
    for (JobImage image : images) {
      jobs.put(image.id(), new JobRecord(image, j -> onChange.accept(j)));
      ids.accumulateAndGet(image.id(), Math::max);
    }
    return running();
  }

  /** Ends a job whose owner died with the process (at open): {@code how} says what became of it. */
  public void endInterrupted(JobRecord job, JobRecord.State state, String how) {
    job.end(state, how);
  }

  JobRecord start(String statement, String tableName) {
    JobRecord job = new JobRecord(ids.incrementAndGet(), statement, tableName, j -> onChange.accept(j));
    jobs.put(job.id(), job);
    onChange.accept(job);
    while (jobs.size() > KEEP_FINISHED) {
      Map.Entry<Long, JobRecord> oldest = jobs.firstEntry();
      if (oldest == null || oldest.getValue().state() == JobRecord.State.RUNNING) {
        break;
      }
      jobs.remove(oldest.getKey());
    }
    return job;
  }

  public Collection<JobRecord> all() { return new ArrayList<>(jobs.values()); }

  public Optional<JobRecord> job(long id) { return Optional.ofNullable(jobs.get(id)); }

  /**
   * Keyspaces of the table's dropped indexes (or of the dropped table) whose purge had
   * finished by {@code snapshotTs}: a snapshot at or after that sees every purge delete.
   */
  public Set<Long> purgedSpaces(int tableId, long snapshotTs) {
    Set<Long> out = new java.util.HashSet<>();
    purgedSpaces.forEach((space, purged) -> {
      if (purged.tableId() == tableId && purged.finishedTs() <= snapshotTs) {
        out.add(space);
      }
    });
    return out;
  }

  void purgeStarted(long space) { purgesRunning.put(space, true); }

  void purgeFinished(long space, int tableId, long finishedTs) {
    purgedSpaces.put(space, new Purged(tableId, finishedTs));
  }

  /** The purge of {@code space} deleted its KVs and made its first attempt to forget it. */
  void purgeEnded(long space) { purgesRunning.remove(space); }

  /**
   * True while some purge is still deleting KVs or making its first attempt to forget its
   * keyspaces (tests wait for this: a write after it is never wiped by that forget).
   */
  public boolean purgesRunning() { return !purgesRunning.isEmpty(); }

  List<JobRecord> running() {
    return jobs.values().stream().filter(j -> j.state() == JobRecord.State.RUNNING).toList();
  }
}
