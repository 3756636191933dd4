package org.morphdb.engine.durable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.ViewDef;
import org.morphdb.engine.ddl.JobImage;
import org.morphdb.engine.storage.CommitBatch;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.wal.RecordBuffer;
import org.morphdb.engine.storage.wal.ValueCodec;

/**
 * The payloads of the log's records: a commit (its timestamp and its writes to row
 * keyspaces), a catalog version, a DDL job's row. The first byte says which.
 */
final class LogRecords {
  static final byte COMMIT = 'C';
  static final byte CATALOG = 'V';
  static final byte JOB = 'J';
  static final byte SEQUENCE = 'Q';

  /** A decoded record: one of the three. */
  sealed interface Decoded permits CommitRecord, CatalogRecord, JobRecordImage, SequenceReserved {}

  record CommitRecord(long ts, CommitBatch batch) implements Decoded {}

  record CatalogRecord(Catalog catalog) implements Decoded {}

  record JobRecordImage(JobImage job) implements Decoded {}

  /** Values of sequence {@code id} up to {@code lastValue} may have been handed out. */
  record SequenceReserved(int id, long lastValue) implements Decoded {}

  static RecordBuffer sequenceReserved(int id, long lastValue) {
    return encode(SEQUENCE, out -> {
      out.writeInt(id);
      out.writeLong(lastValue);
    });
  }

  private LogRecords() {}

  /** The commit's writes outside {@code skipSpace} (index keyspaces, rebuilt at open), or null when none is left. */
  static RecordBuffer commit(long ts, CommitBatch batch, LongPredicate skipSpace) {
    int n = batch.size();
    int kept = 0;
    for (int i = 0; i < n; i++) {
      kept += skipSpace.test(batch.write(i).space()) ? 0 : 1;
    }
    if (kept == 0) {
      return null;
    }
    RecordBuffer out = RecordBuffer.take();
    try {
      out.writeByte(COMMIT);
      out.writeLong(ts);
      out.writeInt(kept);
      for (int i = 0; i < n; i++) {
        CommitBatch.Write w = batch.write(i);
        if (!skipSpace.test(w.space())) {
          out.writeLong(w.space());
          ValueCodec.write(out, w.key());
          out.writeBoolean(w.isDelete());
          if (!w.isDelete()) {
            ValueCodec.write(out, w.value());
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      out.release();
      throw new IllegalStateException("cannot encode a commit: " + e.getMessage(), e);
    }
    return out;
  }

  static RecordBuffer catalog(Catalog c) {
    return encode(CATALOG, out -> writeCatalog(out, c));
  }

  static RecordBuffer job(JobImage job) {
    return encode(JOB, out -> ValueCodec.write(out, job));
  }

  static void writeCatalog(DataOutput out, Catalog c) throws IOException {
    out.writeInt(c.version());
    out.writeLong(c.activationTs());
    out.writeInt(c.nextId());
    ValueCodec.writeString(out, c.statement());
    ValueCodec.write(out, new ArrayList<>(c.tables()));
    ValueCodec.write(out, new ArrayList<>(c.views()));
    ValueCodec.write(out, new ArrayList<>(c.sequencesByName().values()));
  }

  @SuppressWarnings("unchecked")
  static Catalog readCatalog(DataInput in) throws IOException {
    int version = in.readInt();
    long activationTs = in.readLong();
    int nextId = in.readInt();
    String statement = ValueCodec.readString(in);
    Map<Integer, TableDef> tables = new HashMap<>();
    for (TableDef t : (List<TableDef>) ValueCodec.read(in)) {
      tables.put(t.id(), t);
    }
    Map<String, ViewDef> views = new HashMap<>();
    for (ViewDef v : (List<ViewDef>) ValueCodec.read(in)) {
      views.put(v.schema() + "." + v.name(), v);
    }
    Map<String, org.morphdb.engine.catalog.SequenceDef> sequences = new HashMap<>();
    for (var q : (List<org.morphdb.engine.catalog.SequenceDef>) ValueCodec.read(in)) {
      sequences.put(q.qualifiedName(), q);
    }
    return new Catalog(version, activationTs, nextId, statement, tables, views, sequences);
  }

  static Decoded decode(byte[] payload) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
    byte type = in.readByte();
    switch (type) {
      case COMMIT: {
        long ts = in.readLong();
        int n = in.readInt();
        CommitBatch batch = CommitBatch.ofDistinctKeys();
        for (int i = 0; i < n; i++) {
          long space = in.readLong();
          Key key = (Key) ValueCodec.read(in);
          if (in.readBoolean()) {
            batch.delete(space, key);
          } else {
            batch.put(space, key, ValueCodec.read(in));
          }
        }
        return new CommitRecord(ts, batch);
      }
      case CATALOG:
        return new CatalogRecord(readCatalog(in));
      case JOB:
        return new JobRecordImage((JobImage) ValueCodec.read(in));
      case SEQUENCE:
        return new SequenceReserved(in.readInt(), in.readLong());
      default:
        throw new IOException("unknown record type " + type);
    }
  }

  private interface Body {
    void write(DataOutput out) throws IOException;
  }

  private static RecordBuffer encode(byte type, Body body) {
    RecordBuffer out = RecordBuffer.take();
    try {
      out.writeByte(type);
      body.write(out);
    } catch (IOException | RuntimeException e) {
      out.release();
      throw new IllegalStateException("cannot encode a log record: " + e.getMessage(), e);
    }
    return out;
  }
}
