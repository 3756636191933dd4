package org.morphdb.jdbc.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.GeneratedKeys;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.SchemaVersionMismatchException;
import org.morphdb.engine.api.StatementKind;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

/**
 * The messages of docs/protocol.md that carry more than a value or two, each a record that
 * writes and reads itself. Both the driver and the server use these, so the two sides
 * cannot drift apart.
 */
public final class Messages {
  private Messages() {}

  /** The client's first frame: who it is and which database it wants. */
  public record Hello(int version, long features, String database, Map<String, String> options,
      String user) {
    public void pack(MessagePacker p) throws IOException {
      p.packArrayHeader(5).packInt(version).packLong(features).packString(database);
      WireValues.packStrings(p, options);
      WireValues.packOptional(p, user);
    }

    public static Hello unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 5);
      return new Hello(u.unpackInt(), u.unpackLong(), WireValues.string(u), WireValues.unpackStrings(u),
          WireValues.optionalString(u));
    }
  }

  /** The server's answer to a {@link Hello} that it accepted. */
  public record Welcome(int version, long features, int nodeId, int state, int maxFrameBytes) {
    public void pack(MessagePacker p) throws IOException {
      p.packArrayHeader(5).packInt(version).packLong(features).packInt(nodeId).packInt(state).packInt(maxFrameBytes);
    }

    public static Welcome unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 5);
      return new Welcome(u.unpackInt(), u.unpackLong(), u.unpackInt(), u.unpackInt(), u.unpackInt());
    }
  }

  /**
   * An engine error: the {@link ErrorCode} by name, the message, and for a schema version
   * mismatch the table id and both versions (so the driver can re-prepare exactly as
   * embedded). SQLState and vendor code follow from the code.
   */
  public record WireError(String code, String message, int tableId, int clientVersion,
      int tableEnlistVersion) {
    public static WireError of(MorphException e) {
      String message = e.getMessage() == null ? e.code().name() : e.getMessage();
      if (e instanceof SchemaVersionMismatchException m) {
        return new WireError(e.code().name(), message, m.tableId(), m.clientVersion(), m.tableEnlistVersion());
      }
      return new WireError(e.code().name(), message, 0, 0, 0);
    }

    public void pack(MessagePacker p) throws IOException {
      p.packArrayHeader(5).packString(code).packString(message);
      p.packInt(tableId).packInt(clientVersion).packInt(tableEnlistVersion);
    }

    public static WireError unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 5);
      return new WireError(WireValues.string(u), WireValues.string(u), u.unpackInt(), u.unpackInt(), u.unpackInt());
    }

    /** The exception the embedded engine would have thrown. */
    public MorphException toException() {
      ErrorCode errorCode = codeByName(code);
      if (errorCode == ErrorCode.SCHEMA_VERSION_MISMATCH) {
        return new RemoteVersionMismatch(message, tableId, clientVersion, tableEnlistVersion);
      }
      return new MorphException(errorCode, message);
    }

    private static ErrorCode codeByName(String name) {
      try {
        return ErrorCode.valueOf(name);
      } catch (IllegalArgumentException e) {
        return ErrorCode.INTERNAL_ERROR; // a newer server's code: still an error, with its message
      }
    }
  }

  /** A mismatch as the server worded it. */
  static final class RemoteVersionMismatch extends SchemaVersionMismatchException {
    private final String serverMessage;

    RemoteVersionMismatch(String serverMessage, int tableId, int clientVersion, int tableEnlistVersion) {
      super("#" + tableId, tableId, clientVersion, tableEnlistVersion);
      this.serverMessage = serverMessage;
    }

    @Override
    public String getMessage() {
      return serverMessage;
    }
  }

  /**
   * EXECUTE's arguments: {@link org.morphdb.engine.api.ExecuteRequest} plus the chunk size.
   * {@code generatedKeyColumns}: null (nil on the wire) when no generated keys are asked for.
   */
  public record ExecuteCall(long statementId, String sql, List<Object> parameters,
      Map<Integer, Integer> clientTableVersions, long maxRows, int fetchRows, List<String> generatedKeyColumns) {
    /** A call that asks for no generated keys. */
    public ExecuteCall(long statementId, String sql, List<Object> parameters,
        Map<Integer, Integer> clientTableVersions, long maxRows, int fetchRows) {
      this(statementId, sql, parameters, clientTableVersions, maxRows, fetchRows, null);
    }

    public void pack(MessagePacker p) throws IOException {
      p.packArrayHeader(7).packLong(statementId);
      WireValues.packOptional(p, sql);
      WireValues.packParameters(p, parameters);
      WireValues.packVersions(p, clientTableVersions);
      p.packLong(maxRows).packInt(fetchRows);
      WireValues.packOptionalNames(p, generatedKeyColumns);
    }

    public static ExecuteCall unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 7);
      long statementId = u.unpackLong();
      String sql = WireValues.optionalString(u);
      List<Object> params = WireValues.unpackParameters(u);
      Map<Integer, Integer> versions = WireValues.unpackVersions(u);
      long maxRows = u.unpackLong();
      int fetchRows = u.unpackInt();
      List<String> keys = WireValues.unpackOptionalNames(u);
      return new ExecuteCall(statementId, sql, params, versions, maxRows, fetchRows, keys);
    }
  }

  /**
   * Rows of a result: the first chunk comes in {@link ExecuteReply}, the next ones answer
   * FETCH. {@code last} says the server closed the cursor.
   */
  public record RowChunk(List<Object[]> rows, boolean last) {
    public void pack(MessagePacker p) throws IOException {
      p.packArrayHeader(2).packArrayHeader(rows.size());
      for (Object[] row : rows) {
        WireValues.packRow(p, row);
      }
      p.packBoolean(last);
    }

    /** The same chunk from rows already encoded one after another ({@link WireValues#packRow}). */
    public static void packEncoded(MessagePacker p, int count, byte[] encodedRows, int length, boolean last)
        throws IOException {
      p.packArrayHeader(2).packArrayHeader(count);
      p.writePayload(encodedRows, 0, length);
      p.packBoolean(last);
    }

    public static RowChunk unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 2);
      int n = u.unpackArrayHeader();
      List<Object[]> rows = new ArrayList<>(Math.min(n, 65536));
      for (int i = 0; i < n; i++) {
        rows.add(WireValues.unpackRow(u));
      }
      return new RowChunk(rows, u.unpackBoolean());
    }
  }

  /**
   * EXECUTE's answer: {@link org.morphdb.engine.api.Response} with its first chunk of rows;
   * {@code generatedKeys} nil on the wire when none were asked for. With {@link
   * Protocol#FEATURE_KNOWN_METADATA}, {@code columns} and {@code tableVersions} may be nil
   * (null here): the client has them already (docs/protocol.md).
   */
  public record ExecuteReply(StatementKind kind, List<org.morphdb.engine.api.ColumnMeta> columns,
      long updateCount, Map<Integer, Integer> tableVersions, long cursorId, GeneratedKeys generatedKeys,
      RowChunk firstRows) {
    public void pack(MessagePacker p) throws IOException {
      packHead(p, kind, columns, updateCount, tableVersions, cursorId, generatedKeys);
      firstRows.pack(p);
    }

    /** All but the rows, which the server writes as it reads them from its cursor; null columns or versions go as nil. */
    public static void packHead(MessagePacker p, StatementKind kind, List<org.morphdb.engine.api.ColumnMeta> columns,
        long updateCount, Map<Integer, Integer> tableVersions, long cursorId, GeneratedKeys keys) throws IOException {
      p.packArrayHeader(7).packInt(kind.ordinal());
      if (columns == null) {
        p.packNil();
      } else {
        WireValues.packColumns(p, columns);
      }
      p.packLong(updateCount);
      if (tableVersions == null) {
        p.packNil();
      } else {
        WireValues.packVersions(p, tableVersions);
      }
      p.packLong(cursorId);
      if (keys == null) {
        p.packNil();
      } else {
        p.packArrayHeader(2);
        WireValues.packColumns(p, keys.columns());
        p.packArrayHeader(keys.rows().size());
        for (Object[] row : keys.rows()) {
          WireValues.packRow(p, row);
        }
      }
    }

    public static ExecuteReply unpack(MessageUnpacker u) throws IOException {
      WireValues.expectArray(u, 7);
      StatementKind kind = statementKind(u.unpackInt());
      List<org.morphdb.engine.api.ColumnMeta> columns = u.tryUnpackNil() ? null : WireValues.unpackColumns(u);
      long updateCount = u.unpackLong();
      Map<Integer, Integer> versions = u.tryUnpackNil() ? null : WireValues.unpackVersions(u);
      long cursorId = u.unpackLong();
      GeneratedKeys keys = null;
      if (!u.tryUnpackNil()) {
        WireValues.expectArray(u, 2);
        List<org.morphdb.engine.api.ColumnMeta> keyColumns = WireValues.unpackColumns(u);
        int n = u.unpackArrayHeader();
        List<Object[]> rows = new ArrayList<>(Math.min(n, 65536));
        for (int i = 0; i < n; i++) {
          rows.add(WireValues.unpackRow(u));
        }
        keys = new GeneratedKeys(keyColumns, rows);
      }
      return new ExecuteReply(kind, columns, updateCount, versions, cursorId, keys, RowChunk.unpack(u));
    }
  }

  public static void packPrepared(MessagePacker p, PrepareResponse r) throws IOException {
    p.packArrayHeader(5).packLong(r.statementId()).packInt(r.kind().ordinal());
    WireValues.packColumns(p, r.parameters());
    WireValues.packColumns(p, r.columns());
    WireValues.packVersions(p, r.tableVersions());
  }

  public static PrepareResponse unpackPrepared(MessageUnpacker u) throws IOException {
    WireValues.expectArray(u, 5);
    return new PrepareResponse(u.unpackLong(), statementKind(u.unpackInt()), WireValues.unpackColumns(u),
        WireValues.unpackColumns(u), WireValues.unpackVersions(u));
  }

  static StatementKind statementKind(int ordinal) {
    StatementKind[] kinds = StatementKind.values();
    if (ordinal < 0 || ordinal >= kinds.length) {
      throw new WireFormatException("unknown statement kind " + ordinal);
    }
    return kinds[ordinal];
  }
}
