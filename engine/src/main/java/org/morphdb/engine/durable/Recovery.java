package org.morphdb.engine.durable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.ddl.JobImage;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.wal.LogReader;

/**
 * Reads a durable database back into an empty store: the newest checkpoint, then every log
 * record after it. A commit at or below the checkpoint's timestamp C is in the checkpoint
 * already and is skipped (replaying an older write could bring back a key whose delete the
 * checkpoint no longer shows); catalog versions continue the checkpoint's list by number;
 * a job's latest row wins.
 */
final class Recovery {
  /**
   * What was read, besides the rows now in the store.
   *
   * @param sequences sequence id → the last value its log said may have been handed out
   * @param checkpointBytes the loaded checkpoint's size before compression (0: none)
   */
  record Result(List<Catalog> catalogs, Map<Long, JobImage> jobs, long maxTs, long replayFrom, long lastSegment,
      long commitsReplayed, Map<Integer, Long> sequences, long checkpointBytes) {}

  private final MvccStore store;
  private final List<Catalog> catalogs = new ArrayList<>();
  private final Map<Long, JobImage> jobs = new LinkedHashMap<>();
  private final Map<Integer, Long> sequences = new java.util.HashMap<>();
  private long checkpointTs;
  private long maxTs;
  private long commitsReplayed;

  private Recovery(MvccStore store) {
    this.store = store;
  }

  static Result run(Path dir, MvccStore store) throws IOException {
    return new Recovery(store).read(dir);
  }

  private Result read(Path dir) throws IOException {
    deleteTempFiles(dir);
    long replayFrom = 0;
    long checkpointBytes = 0;
    Optional<Path> checkpoint = CheckpointFile.newest(dir);
    if (checkpoint.isPresent()) {
      CheckpointFile.Loaded loaded = CheckpointFile.load(checkpoint.get(), store);
      replayFrom = loaded.replayFrom();
      checkpointBytes = loaded.encodedBytes();
      checkpointTs = loaded.snapshotTs();
      maxTs = checkpointTs;
      catalogs.addAll(loaded.catalogs());
      loaded.jobs().forEach(j -> jobs.put(j.id(), j));
    } else {
      catalogs.add(Catalog.empty());
    }
    for (Catalog c : catalogs) {
      maxTs = Math.max(maxTs, c.activationTs());
    }
    long last = LogReader.replay(dir, replayFrom, this::apply);
    return new Result(catalogs, jobs, maxTs, replayFrom, last, commitsReplayed, sequences, checkpointBytes);
  }

  private void apply(byte[] payload, Path file, long offset) throws IOException {
    LogRecords.Decoded record = LogRecords.decode(payload);
    if (record instanceof LogRecords.CommitRecord commit) {
      if (commit.ts() > checkpointTs) {
        store.replayAt(commit.batch(), commit.ts());
        commitsReplayed++;
      }
      maxTs = Math.max(maxTs, commit.ts());
    } else if (record instanceof LogRecords.CatalogRecord version) {
      Catalog c = version.catalog();
      int next = catalogs.get(catalogs.size() - 1).version() + 1;
      if (c.version() > next) {
        throw MorphException.of(ErrorCode.DATA_CORRUPTED,
            "Database log damaged: catalog version %d follows version %d at offset %d of %s",
            c.version(), next - 1, offset, file);
      }
      if (c.version() == next) {
        catalogs.add(c);
        maxTs = Math.max(maxTs, c.activationTs());
      }
    } else if (record instanceof LogRecords.JobRecordImage job) {
      jobs.put(job.job().id(), job.job());
    } else if (record instanceof LogRecords.SequenceReserved q) {
      sequences.put(q.id(), q.lastValue()); // the last in log order: a RESTART may go down
    }
  }

  /** A temp file is a checkpoint or options file whose writer died before renaming it: never in use. */
  private static void deleteTempFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
