package org.morphdb.engine.durable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CatalogLog;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.clock.HybridClock;
import org.morphdb.engine.ddl.DdlJobs;
import org.morphdb.engine.ddl.JobImage;
import org.morphdb.engine.ddl.JobRecord;
import org.morphdb.engine.storage.CommitBatch;
import org.morphdb.engine.storage.CommitLog;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.SnapshotHandle;
import org.morphdb.engine.storage.wal.FileIo;
import org.morphdb.engine.storage.wal.LogFormat;
import org.morphdb.engine.storage.wal.LogReader;
import org.morphdb.engine.storage.wal.LogWriter;
import org.morphdb.engine.storage.wal.RecordBuffer;
import org.morphdb.engine.tx.ConstraintChecker;

/**
 * What makes one database durable: recovery at open, the write-ahead log every commit,
 * catalog version and job change goes through, and checkpoints.
 *
 * <p><b>Checkpoints without stopping writers.</b> The log moves to a new segment N; then a
 * snapshot at C is registered and each row keyspace written in key order from it, while
 * commits go on (into segment N). Every record before N belongs to a commit with a ts below
 * C (it took its ts before C was issued), so the snapshot holds it; every commit above C is
 * in N or later. Recovery loads the checkpoint and replays from N, skipping commits at or
 * below C. Once the checkpoint is installed, segments below N are deleted.
 */
public final class Durability implements CommitLog, AutoCloseable {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Durability.class);

  /**
   * @param checkpointLogBytes a checkpoint is taken once this much log was written since the last
   *     (or as much as the last checkpoint held, when that is more)
   */
  public record Settings(boolean syncCommits, long writeDelayMillis, long segmentBytes, long checkpointLogBytes,
      boolean unsafeSkipForce) {
    /** From the URL's {@code durability} and {@code writeDelay}, and system properties for tests. */
    public static Settings of(String durability, long writeDelayMillis) {
      return new Settings(!"async".equals(durability), writeDelayMillis,
          Long.getLong("morph.wal.segmentBytes", 16L << 20), Long.getLong("morph.checkpoint.logBytes", 64L << 20),
          Boolean.getBoolean("morph.unsafe.skipLogForce"));
    }
  }

  private static volatile FileIo fileIo = FileIo.DEFAULT;

  private final DatabaseFiles files;
  private final Settings settings;
  private final FileIo io;
  private final MvccStore store;
  private final CatalogLog catalogLog;
  private final HybridClock clock;
  private final Recovery.Result recovered;
  private volatile org.morphdb.engine.storage.SequenceValues sequenceValues;
  private final LogWriter writer;
  /** Index keyspaces: never logged (rebuilt at open, see {@link Reopen}). */
  private final Set<Long> indexSpaces = ConcurrentHashMap.newKeySet();
  private final Object checkpointLock = new Object();
  private final ScheduledExecutorService checkpointer;
  private volatile DdlJobs jobs;
  private volatile long logBytesAtCheckpoint;
  /**
   * The size of the last checkpoint's contents before compression. An automatic checkpoint
   * waits for at least this much log (and at least {@code checkpointLogBytes}): a checkpoint
   * rewrites every live row, so at a fixed log interval a growing table's checkpoints would
   * cost more per commit the bigger it got (quadratic over a long load, and on two cores
   * they took a third of the CPU from the writers). This way a logged byte pays for at most
   * about one byte of checkpoint, and a crash leaves at most about the data's size of log to
   * replay (docs/decisions.md, "When checkpoints are taken").
   */
  private volatile long checkpointedBytes;
  private volatile boolean closed;

  /** Tests: the file layer the next opens use (a crash-simulating one); null restores the real one. */
  public static void useFileIo(FileIo io) {
    fileIo = io == null ? FileIo.DEFAULT : io;
  }

  private Durability(DatabaseFiles files, Settings settings, MvccStore store, CatalogLog catalogLog,
      HybridClock clock) throws IOException {
    this.files = files;
    this.settings = settings;
    this.io = fileIo;
    this.store = store;
    this.catalogLog = catalogLog;
    this.clock = clock;
    this.recovered = Recovery.run(files.dir(), store);
    for (Catalog c : recovered.catalogs()) {
      c.tables().forEach(t -> t.indexes().forEach(i -> indexSpaces.add((long) i.id())));
    }
    catalogLog.restore(recovered.catalogs());
    clock.observe(recovered.maxTs());
    checkpointedBytes = recovered.checkpointBytes(); // else the first automatic checkpoint after an open came early
    deleteBelow(recovered.replayFrom(), null);
    this.writer = new LogWriter(files.dir(), io, recovered.lastSegment() + 1,
        new LogWriter.Settings(settings.syncCommits(), settings.writeDelayMillis(), settings.segmentBytes(),
            settings.unsafeSkipForce()));
    this.checkpointer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "morph-checkpoint-" + files.dir().getFileName());
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Reads the database in {@code files} into the empty {@code store} and {@code catalogLog}
   * (before anything else uses them), and starts a new log segment. Fails with XX001 when
   * the files are damaged, 58030 when they cannot be read.
   */
  public static Durability recover(DatabaseFiles files, Settings settings, MvccStore store, CatalogLog catalogLog,
      HybridClock clock) {
    try {
      return new Durability(files, settings, store, catalogLog, clock);
    } catch (IOException e) {
      throw new MorphException(ErrorCode.IO_ERROR, "Cannot read database " + files.dir() + ": " + e, e);
    }
  }

  /**
   * The rest of the open, once the database's parts exist: logging starts, interrupted jobs
   * end, indexes are rebuilt, hidden row ids continue above the largest one.
   */
  public void finishOpen(DdlJobs ddlJobs, BiConsumer<Integer, Long> hiddenRowIdFloor) {
    finishOpen(ddlJobs, hiddenRowIdFloor, null, null);
  }

  /**
   * As {@link #finishOpen(DdlJobs, BiConsumer)}; {@code sequences}, when given, go on after the
   * last value their log reserved, and log their reservations from now on; {@code checks}, when
   * given, validates a CHECK constraint a crash left ENFORCED (without it, it is walked back).
   */
  public void finishOpen(DdlJobs ddlJobs, BiConsumer<Integer, Long> hiddenRowIdFloor,
      org.morphdb.engine.storage.SequenceValues sequences, ConstraintChecker checks) {
    this.sequenceValues = sequences;
    if (sequences != null) {
      restoreSequences(catalogLog.latest(), sequences, recovered.sequences());
      sequences.logReservations((def, last) -> writer.append(LogRecords.sequenceReserved(def.id(), last)));
    }
    this.jobs = ddlJobs;
    List<JobRecord> interrupted = ddlJobs.restore(recovered.jobs().values());
    ddlJobs.setChangeListener(this::logJob);
    catalogLog.addListener(this::logCatalog);
    store.attachCommitLog(this);
    long ts = clock.now(); // above every recovered version: scans at it see every row
    if (!interrupted.isEmpty() || hasUnfinishedStates(catalogLog.latest())) {
      InterruptedJobs.end(catalogLog, store, ts, ddlJobs, interrupted, checks);
    }
    Catalog latest = catalogLog.latest();
    Reopen.dropDeadSpaces(catalogLog.versions(), latest, store);
    Reopen.rebuildIndexes(latest, store, ts);
    Reopen.hiddenRowIds(latest, store, ts, hiddenRowIdFloor);
    logBytesAtCheckpoint = 0;
    checkpointer.scheduleWithFixedDelay(this::checkpointIfLogGrew, 1, 1, TimeUnit.SECONDS);
    LOG.info("opened {}: {} commits replayed from the log", files.dir(), recovered.commitsReplayed());
  }

  /** Named sequences and IDENTITY columns continue above what their log reserved. */
  private static void restoreSequences(Catalog c, org.morphdb.engine.storage.SequenceValues values,
      java.util.Map<Integer, Long> reserved) {
    for (org.morphdb.engine.catalog.SequenceDef q : c.sequencesByName().values()) {
      Long last = reserved.get(q.id());
      if (last != null) {
        values.restoreAfter(q, last);
      }
    }
    for (TableDef t : c.tables()) {
      for (org.morphdb.engine.catalog.ColumnDef col : t.columns()) {
        Long last = col.isIdentity() ? reserved.get(col.id()) : null;
        if (last != null) {
          values.restoreAfter(col.identity().sequence(), last);
        }
      }
    }
  }

  private static boolean hasUnfinishedStates(Catalog c) {
    for (TableDef t : c.tables()) {
      if (t.indexes().stream().anyMatch(i -> i.state() != org.morphdb.engine.catalog.IndexState.PUBLIC)
          || t.columns().stream().anyMatch(col -> col.notNull() == org.morphdb.engine.catalog.ConstraintState.ENFORCED)
          || t.checks().stream().anyMatch(x -> x.state() == org.morphdb.engine.catalog.ConstraintState.ENFORCED)
          || t.foreignKeys().stream().anyMatch(k -> k.state() == org.morphdb.engine.catalog.ConstraintState.ENFORCED)) {
        return true;
      }
    }
    return false;
  }

  // ---- the log ----

  @Override
  public long append(long commitTs, CommitBatch batch) {
    RecordBuffer record = LogRecords.commit(commitTs, batch, indexSpaces::contains);
    return record == null ? -1 : writer.append(record);
  }

  @Override
  public void awaitDurable(long position) {
    writer.awaitDurable(position);
  }

  /** A catalog version, logged under the catalog's append lock, durable before anyone acts on it. */
  private void logCatalog(Catalog c) {
    for (TableDef t : c.tables()) {
      for (IndexDef i : t.indexes()) {
        indexSpaces.add((long) i.id());
      }
    }
    writer.awaitDurable(writer.append(LogRecords.catalog(c)));
  }

  private void logJob(JobRecord job) {
    try {
      writer.awaitDurable(writer.append(LogRecords.job(job.image())));
    } catch (MorphException e) {
      // the job's own commits fail on the same log; its row is lost only with the log
      LOG.warn("could not log DDL job {}: {}", job.id(), e.getMessage());
    }
  }

  // ---- checkpoints ----

  private void checkpointIfLogGrew() {
    try {
      long due = Math.max(settings.checkpointLogBytes(), checkpointedBytes);
      if (!closed && writer.bytesWritten() - logBytesAtCheckpoint >= due) {
        checkpoint();
      }
    } catch (RuntimeException e) {
      LOG.warn("automatic checkpoint of {} failed", files.dir(), e);
    }
  }

  /** Writes a checkpoint from a snapshot (writers go on meanwhile) and deletes the log before it. */
  public void checkpoint() {
    synchronized (checkpointLock) {
      long bytesBefore = writer.bytesWritten();
      long replayFrom = writer.rotate();
      if (sequenceValues != null) { // the segments before replayFrom go: their reservations again
        sequenceValues.reservedValues().forEach((id, last) -> writer.append(LogRecords.sequenceReserved(id, last)));
      }
      List<Catalog> catalogs = List.copyOf(catalogLog.versions());
      List<JobImage> jobImages = new ArrayList<>();
      if (jobs != null) {
        jobs.all().forEach(j -> jobImages.add(j.image()));
      }
      try (SnapshotHandle snapshot = store.openSnapshot()) {
        CheckpointFile.Installed[] installed = new CheckpointFile.Installed[1];
        LogWriter.uninterrupted(() -> installed[0] = CheckpointFile.write(files.dir(), io, replayFrom,
            snapshot.ts(), catalogs, jobImages, store, space -> !indexSpaces.contains(space)));
        deleteBelow(replayFrom, installed[0].file());
        checkpointedBytes = installed[0].encodedBytes();
      } catch (IOException e) {
        throw new MorphException(ErrorCode.IO_ERROR, "Checkpoint of " + files.dir() + " failed: " + e, e);
      }
      logBytesAtCheckpoint = bytesBefore;
    }
  }

  /** Deletes log segments below {@code segment} and every checkpoint but {@code keep}. */
  private void deleteBelow(long segment, Path keep) throws IOException {
    for (long n : LogReader.segments(files.dir())) {
      if (n < segment) {
        Files.deleteIfExists(LogFormat.segmentFile(files.dir(), n));
      }
    }
    Path newest = keep != null ? keep : CheckpointFile.newest(files.dir()).orElse(null);
    for (Path p : CheckpointFile.all(files.dir())) {
      if (!p.equals(newest)) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * Tests: lets go of the directory as a killed process would (no checkpoint, no last force),
   * so a test can reopen what a crash left on disk.
   */
  public void abandon() {
    closed = true;
    checkpointer.shutdown();
    writer.abandon();
    files.close();
  }

  /** A clean close: a checkpoint (so the next open reads no log), then the directory is released. */
  @Override
  public void close() {
    closed = true;
    checkpointer.shutdown(); // not interrupted: an interrupt closes the channel a checkpoint writes
    try {
      checkpointer.awaitTermination(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      checkpoint();
    } catch (RuntimeException e) {
      LOG.warn("checkpoint at close of {} failed; the log has everything", files.dir(), e);
    } finally {
      try {
        writer.close();
      } catch (RuntimeException e) {
        LOG.warn("closing the log of {} failed", files.dir(), e);
      }
      files.close();
    }
  }
}
