package org.morphdb.jdbc.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.StatementKind;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

/**
 * EXECUTE_BATCH's request and reply (docs/protocol.md, "Batches"): the rows of a JDBC batch
 * of one prepared statement in one request, and what the server did with them.
 */
public final class BatchMessages {
  private BatchMessages() {}

  /**
   * The request's arguments: {@code generatedKeyColumns} as in {@link Messages.ExecuteCall}
   * (null: none asked for); each row holds the statement's parameter values.
   */
  public record BatchCall(long statementId, Map<Integer, Integer> clientTableVersions,
      List<String> generatedKeyColumns, List<List<Object>> rows) {

    /** The whole request, rows included (the driver packs its chunks with {@link #packHead}). */
    public void pack(MessagePacker p) throws IOException {
      packHead(p, statementId, clientTableVersions, generatedKeyColumns);
      p.packArrayHeader(rows.size());
      for (List<Object> row : rows) {
        packRow(p, row);
      }
    }

    /** All but the rows: the caller writes their array (header and encoded rows) after it. */
    public static void packHead(MessagePacker p, long statementId, Map<Integer, Integer> versions,
        List<String> keys) throws IOException {
      p.packArrayHeader(4).packLong(statementId);
      WireValues.packVersions(p, versions);
      WireValues.packOptionalNames(p, keys);
    }

    /** One row's parameter values, as {@link Messages.ExecuteCall} encodes them. */
    public static void packRow(MessagePacker p, List<Object> parameters) throws IOException {
      WireValues.packParameters(p, parameters);
    }

    public static BatchCall unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 4);
      long statementId = u.unpackLong();
      Map<Integer, Integer> versions = WireValues.unpackVersions(u);
      List<String> keys = WireValues.unpackOptionalNames(u);
      int n = u.unpackArrayHeader();
      List<List<Object>> rows = new ArrayList<>(Math.min(n, 65536));
      for (int i = 0; i < n; i++) {
        rows.add(WireValues.unpackParameters(u));
      }
      return new BatchCall(statementId, versions, keys, rows);
    }
  }

  /**
   * What the server did: the update count of each row it ran (in order, up to the failing
   * one, excluded; 0 for a statement that is not DML, {@link Protocol#BATCH_ROW_RETURNED_ROWS}
   * for one that returned a result set), the generated keys of each of those rows when asked for ({@code
   * keyColumns} and {@code keys} null otherwise), and the failing row's error, or null when
   * every row ran.
   */
  public record BatchReply(StatementKind kind, Map<Integer, Integer> tableVersions, long[] counts,
      List<ColumnMeta> keyColumns, List<List<Object[]>> keys, Messages.WireError error) {

    public void pack(MessagePacker p) throws IOException {
      p.packArrayHeader(5).packInt(kind.ordinal());
      WireValues.packVersions(p, tableVersions);
      p.packArrayHeader(counts.length);
      for (long c : counts) {
        p.packLong(c);
      }
      if (keys == null) {
        p.packNil();
      } else {
        p.packArrayHeader(2);
        WireValues.packColumns(p, keyColumns);
        p.packArrayHeader(keys.size());
        for (List<Object[]> rowKeys : keys) {
          p.packArrayHeader(rowKeys.size());
          for (Object[] key : rowKeys) {
            WireValues.packRow(p, key);
          }
        }
      }
      if (error == null) {
        p.packNil();
      } else {
        error.pack(p);
      }
    }

    public static BatchReply unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 5);
      StatementKind kind = Messages.statementKind(u.unpackInt());
      Map<Integer, Integer> versions = WireValues.unpackVersions(u);
      int n = u.unpackArrayHeader();
      if (n < 0 || n > Protocol.BATCH_CHUNK_ROWS) {
        throw new WireFormatException("batch reply of " + n + " counts");
      }
      long[] counts = new long[n];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = u.unpackLong();
      }
      List<ColumnMeta> keyColumns = null;
      List<List<Object[]>> keys = null;
      if (!u.tryUnpackNil()) {
        WireValues.expectArray(u, 2);
        keyColumns = WireValues.unpackColumns(u);
        keys = unpackKeys(u);
      }
      Messages.WireError error = u.tryUnpackNil() ? null : Messages.WireError.unpack(u);
      return new BatchReply(kind, versions, counts, keyColumns, keys, error);
    }

    private static List<List<Object[]>> unpackKeys(MessageUnpacker u) throws IOException {
      int n = u.unpackArrayHeader();
      List<List<Object[]>> keys = new ArrayList<>(Math.min(n, 65536));
      for (int i = 0; i < n; i++) {
        int m = u.unpackArrayHeader();
        List<Object[]> rowKeys = new ArrayList<>(Math.min(m, 4096));
        for (int j = 0; j < m; j++) {
          rowKeys.add(WireValues.unpackRow(u));
        }
        keys.add(rowKeys);
      }
      return keys;
    }
  }
}
