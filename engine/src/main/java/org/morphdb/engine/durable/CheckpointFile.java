package org.morphdb.engine.durable;

import java.io.BufferedInputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.ddl.JobImage;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.wal.FileIo;
import org.morphdb.engine.storage.wal.RecordBuffer;
import org.morphdb.engine.storage.wal.ValueCodec;

/**
 * A checkpoint: {@code checkpoint-N.ckpt}, where N is the first log segment to replay after
 * it. It holds the snapshot timestamp C, every catalog version, every DDL job, and each row
 * keyspace's live keys at C in key order; then a trailer with the CRC32C of all of it. It is
 * written to a temp file, forced, renamed into place and the directory forced, so a crash
 * leaves either the old checkpoint or the whole new one.
 *
 * <p>After its 8-byte magic the file is one Deflate stream (fastest level): the stored row
 * forms repeat their tags, lengths and much of their text from row to row, and compress to
 * about a fifth (docs/decisions.md, "Why checkpoints are compressed"). The CRC32C covers the
 * bytes on disk. Files of the first format (no compression) still load.
 */
final class CheckpointFile {
  /** "MORPHCK2": everything after it is Deflate-compressed. */
  private static final long MAGIC = 0x4d4f5250_48434b32L;
  /** "MORPHCK1": the first format, uncompressed; read, no longer written. */
  static final long MAGIC_UNCOMPRESSED = 0x4d4f5250_48434b31L;
  private static final String PREFIX = "checkpoint-";
  private static final String SUFFIX = ".ckpt";
  private static final int LOAD_BATCH = 4096;
  /** The encoded entries go to the compressor in pieces of about this size. */
  private static final int DRAIN_BYTES = 32 << 10;

  /**
   * What a checkpoint holds besides the keyspaces (those go straight into the store), and
   * the size of its contents before compression (as {@link Installed#encodedBytes}).
   */
  record Loaded(long replayFrom, long snapshotTs, List<Catalog> catalogs, List<JobImage> jobs, long encodedBytes) {
    Loaded withEncodedBytes(long bytes) {
      return new Loaded(replayFrom, snapshotTs, catalogs, jobs, bytes);
    }
  }

  private CheckpointFile() {}

  static Path file(Path dir, long replayFrom) {
    return dir.resolve(String.format("%s%016d%s", PREFIX, replayFrom, SUFFIX));
  }

  static long replayFromOf(Path file) {
    String n = file.getFileName().toString();
    if (!n.startsWith(PREFIX) || !n.endsWith(SUFFIX)) {
      return -1;
    }
    try {
      return Long.parseLong(n.substring(PREFIX.length(), n.length() - SUFFIX.length()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Every installed checkpoint, oldest first. */
  static List<Path> all(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> replayFromOf(f) >= 0)
          .sorted((a, b) -> Long.compare(replayFromOf(a), replayFromOf(b))).toList();
    }
  }

  static Optional<Path> newest(Path dir) throws IOException {
    List<Path> all = all(dir);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
  }

  /** An installed checkpoint, and the size of what it holds before compression. */
  record Installed(Path file, long encodedBytes) {}

  /** Writes and installs a checkpoint of the store at {@code snapshotTs} (registered by the caller). */
  static Installed write(Path dir, FileIo io, long replayFrom, long snapshotTs, List<Catalog> catalogs,
      Collection<JobImage> jobs, MvccStore store, LongPredicate rowSpace) throws IOException {
    return write(dir, io, replayFrom, snapshotTs, catalogs, jobs, store, rowSpace, true);
  }

  /** As above; {@code compressed} false writes the first format (tests: it must still load). */
  static Installed write(Path dir, FileIo io, long replayFrom, long snapshotTs, List<Catalog> catalogs,
      Collection<JobImage> jobs, MvccStore store, LongPredicate rowSpace, boolean compressed) throws IOException {
    long encoded = 0;
    Path target = file(dir, replayFrom);
    Path tmp = dir.resolve(target.getFileName() + ".tmp");
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    try (FileChannel ch = io.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.WRITE)) {
      CheckedOutputStream checked = new CheckedOutputStream(Channels.newOutputStream(ch), new CRC32C());
      DataOutputStream magic = new DataOutputStream(checked);
      magic.writeLong(compressed ? MAGIC : MAGIC_UNCOMPRESSED);
      DeflaterOutputStream deflated = compressed ? new DeflaterOutputStream(checked, deflater, 1 << 16) : null;
      java.io.OutputStream body = compressed ? deflated : checked;
      RecordBuffer out = RecordBuffer.take();
      try {
        out.writeLong(replayFrom);
        out.writeLong(snapshotTs);
        out.writeInt(catalogs.size());
        for (Catalog c : catalogs) {
          LogRecords.writeCatalog(out, c);
        }
        out.writeInt(jobs.size());
        for (JobImage j : jobs) {
          ValueCodec.write(out, j);
        }
        long[] spaces = java.util.Arrays.stream(store.spaceIds()).filter(rowSpace).sorted().toArray();
        out.writeInt(spaces.length);
        for (long space : spaces) {
          out.writeLong(space);
          for (Iterator<Entry> it = store.scan(space, KeyRange.all(), snapshotTs); it.hasNext(); ) {
            Entry e = it.next();
            out.writeBoolean(true);
            ValueCodec.write(out, e.key());
            ValueCodec.write(out, e.value());
            if (out.payloadLength() >= DRAIN_BYTES) {
              encoded += out.payloadLength();
              out.drainTo(body);
            }
          }
          out.writeBoolean(false);
        }
        encoded += out.payloadLength();
        out.drainTo(body);
      } finally {
        out.release();
      }
      if (deflated != null) {
        deflated.finish();
      }
      checked.flush();
      ByteBuffer trailer = ByteBuffer.allocate(8).putLong(checked.getChecksum().getValue());
      trailer.flip();
      while (trailer.hasRemaining()) {
        ch.write(trailer);
      }
      ch.force(true);
    } finally {
      deflater.end();
    }
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    io.forceDirectory(dir);
    return new Installed(target, encoded);
  }

  /**
   * Checks the file's CRC32C first (a damaged checkpoint never half-fills the store), then
   * puts every keyspace's entries into the store at the snapshot ts.
   */
  static Loaded load(Path file, MvccStore store) throws IOException {
    verify(file);
    try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      long magic = new DataInputStream(raw).readLong();
      if (magic != MAGIC && magic != MAGIC_UNCOMPRESSED) {
        throw corrupt(file, "not a MorphDB checkpoint");
      }
      Inflater inflater = new Inflater();
      try {
        InputStream body = magic == MAGIC ? new InflaterInputStream(raw, inflater, 1 << 16) : raw;
        Loaded loaded = load(new StreamDataInput(body, 1 << 16), store);
        return loaded.withEncodedBytes(magic == MAGIC ? inflater.getBytesWritten()
            : Files.size(file) - 2 * Long.BYTES); // the first format: all but the magic and the trailer
      } catch (java.util.zip.ZipException e) {
        throw corrupt(file, "compressed data damaged (" + e.getMessage() + ")");
      } finally {
        inflater.end();
      }
    }
  }

  private static Loaded load(DataInput in, MvccStore store) throws IOException {
    long replayFrom = in.readLong();
    long ts = in.readLong();
    List<Catalog> catalogs = new ArrayList<>();
    for (int i = in.readInt(); i > 0; i--) {
      catalogs.add(LogRecords.readCatalog(in));
    }
    List<JobImage> jobs = new ArrayList<>();
    for (int i = in.readInt(); i > 0; i--) {
      jobs.add((JobImage) ValueCodec.read(in));
    }
    for (int i = in.readInt(); i > 0; i--) {
      loadSpace(in, in.readLong(), ts, store);
    }
    return new Loaded(replayFrom, ts, catalogs, jobs, 0); // the caller knows the size once all is read
  }

  private static void loadSpace(DataInput in, long space, long ts, MvccStore store) throws IOException {
    Key[] keys = new Key[LOAD_BATCH];
    Object[] values = new Object[LOAD_BATCH];
    int n = 0;
    while (in.readBoolean()) {
      keys[n] = (Key) ValueCodec.read(in);
      values[n++] = ValueCodec.read(in);
      if (n == LOAD_BATCH) {
        store.putAllAt(space, keys, values, n, ts);
        n = 0;
      }
    }
    store.putAllAt(space, keys, values, n, ts);
    store.createSpace(space, 0); // an empty table keeps its (empty) keyspace
  }

  private static void verify(Path file) throws IOException {
    long size = Files.size(file);
    if (size < 8) {
      throw corrupt(file, "file too short");
    }
    CRC32C crc = new CRC32C();
    byte[] buf = new byte[1 << 16];
    long left = size - 8;
    try (InputStream in = Files.newInputStream(file)) {
      while (left > 0) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, left));
        if (n < 0) {
          throw corrupt(file, "file ends early");
        }
        crc.update(buf, 0, n);
        left -= n;
      }
      long stored = new DataInputStream(in).readLong();
      if (stored != crc.getValue()) {
        throw corrupt(file, "CRC32C mismatch");
      }
    }
  }

  private static MorphException corrupt(Path file, String what) {
    return MorphException.of(ErrorCode.DATA_CORRUPTED,
        "Database checkpoint damaged: %s in %s; the database was not opened (nothing was changed)", what, file);
  }
}
