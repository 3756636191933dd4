package org.morphdb.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.jdbc.remote.RemoteSession;

/**
 * A statement prepared once on the engine ({@link PreparedCommand}) and executed with the
 * bound parameters. Each execution sends the description's table versions; on a version
 * mismatch the {@link RetryPolicy} re-prepares it, after which {@link #getMetaData()}
 * describes the schema it ran against. What the statement does is known before it runs,
 * so {@code executeQuery} of a non-query (07005) and {@code executeUpdate} of a query
 * (07003) fail without running anything.
 */
public class MorphPreparedStatement extends MorphStatement implements PreparedStatement {
  private final PreparedCommand command;
  private final Parameters parameters;
  private final List<List<Object>> batch = new ArrayList<>();

  MorphPreparedStatement(MorphConnection connection, PreparedCommand command, List<String> keysAsked) {
    super(connection);
    this.command = command;
    this.parameters = new Parameters(command.parameters().size());
    this.keysAsked = keysAsked;
  }

  // ---- executing

  private Response run(List<Object> values) throws SQLException {
    long limit = getLargeMaxRows();
    List<String> keys = keysAsked;
    return send(command, () -> connection.session().execute(command.request(values, limit, keys)));
  }

  @Override
  public boolean execute() throws SQLException {
    checkOpen();
    return accept(run(parameters.values()), command.columns());
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    checkOpen();
    if (!returnsRows()) {
      throw Errors.create("The statement does not return a result set: " + command.sql(), Errors.NOT_A_QUERY);
    }
    accept(run(parameters.values()), command.columns());
    return getResultSet();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    checkOpen();
    if (command.kind() == StatementKind.DML && returnsRows()) { // INSERT ... RETURNING
      acceptRowsAsKeys(run(parameters.values()));
      return getLargeUpdateCount();
    }
    requireNotQuery();
    accept(run(parameters.values()), command.columns());
    return getLargeUpdateCount();
  }

  @Override
  public int executeUpdate() throws SQLException {
    return saturate(executeLargeUpdate());
  }

  /** A query, or an INSERT ... RETURNING (a write described with the columns it answers with). */
  private boolean returnsRows() {
    return command.kind() == StatementKind.QUERY || !command.columns().isEmpty();
  }

  private void requireNotQuery() throws SQLException {
    if (returnsRows()) {
      throw Errors.create("The statement returns a result set: " + command.sql(), Errors.IS_A_QUERY);
    }
  }

  @Override
  public void addBatch() throws SQLException {
    checkOpen();
    batch.add(parameters.values());
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    List<List<Object>> items = new ArrayList<>(batch);
    batch.clear();
    if (!items.isEmpty() && connection.session() instanceof RemoteSession remote && remote.batches()) {
      return inBatch(() -> {
        try {
          requireNotQuery();
        } catch (SQLException e) {
          throw Errors.batchFailure(e, new long[0], 0);
        }
        return RemoteBatch.prepared(this, command, remote, items, keysAsked).run();
      });
    }
    return inBatch(() -> {
      long[] counts = new long[items.size()];
      for (int i = 0; i < items.size(); i++) {
        try {
          requireNotQuery();
          accept(run(items.get(i)), command.columns());
          counts[i] = getLargeUpdateCount();
        } catch (SQLException e) {
          throw Errors.batchFailure(e, counts, i);
        }
      }
      return counts;
    });
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return returnsRows() ? new MorphResultSetMetaData(command.columns()) : null;
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    checkOpen();
    return new MorphParameterMetaData(command.parameters());
  }

  @Override
  void releaseEngineResources() throws SQLException {
    try {
      command.close();
    } catch (RuntimeException e) {
      if (!connection.session().isClosed()) {
        throw Errors.fromEngine(e);
      }
    }
  }

  // ---- the Statement methods that take SQL do not apply

  private SQLException takesNoSql() {
    return Errors.create("This method cannot be called on a PreparedStatement", "HY000");
  }

  @Override public boolean execute(String sql) throws SQLException { throw takesNoSql(); }
  @Override public ResultSet executeQuery(String sql) throws SQLException { throw takesNoSql(); }
  @Override public int executeUpdate(String sql) throws SQLException { throw takesNoSql(); }
  @Override public long executeLargeUpdate(String sql) throws SQLException { throw takesNoSql(); }
  @Override public void addBatch(String sql) throws SQLException { throw takesNoSql(); }

  // ---- parameters

  private void bind(int index, Object engineValue) throws SQLException {
    checkOpen();
    parameters.set(index, engineValue);
  }

  @Override public void clearParameters() throws SQLException { checkOpen(); parameters.clear(); }
  @Override public void setNull(int i, int sqlType) throws SQLException { bind(i, null); }
  @Override public void setNull(int i, int sqlType, String typeName) throws SQLException { bind(i, null); }
  @Override public void setBoolean(int i, boolean x) throws SQLException { bind(i, x); }
  @Override public void setByte(int i, byte x) throws SQLException { bind(i, x); }
  @Override public void setShort(int i, short x) throws SQLException { bind(i, x); }
  @Override public void setInt(int i, int x) throws SQLException { bind(i, x); }
  @Override public void setLong(int i, long x) throws SQLException { bind(i, x); }
  @Override public void setFloat(int i, float x) throws SQLException { bind(i, x); }
  @Override public void setDouble(int i, double x) throws SQLException { bind(i, x); }
  @Override public void setBigDecimal(int i, BigDecimal x) throws SQLException { bind(i, x); }
  @Override public void setString(int i, String x) throws SQLException { bind(i, x); }
  @Override public void setNString(int i, String x) throws SQLException { bind(i, x); }
  @Override public void setBytes(int i, byte[] x) throws SQLException { bind(i, x == null ? null : x.clone()); }
  @Override public void setDate(int i, Date x) throws SQLException { setDate(i, x, null); }
  @Override public void setTime(int i, Time x) throws SQLException { setTime(i, x, null); }
  @Override public void setTimestamp(int i, Timestamp x) throws SQLException { setTimestamp(i, x, null); }
  @Override public void setDate(int i, Date x, Calendar cal) throws SQLException { bind(i, x == null ? null : Parameters.date(x, cal)); }
  @Override public void setTime(int i, Time x, Calendar cal) throws SQLException { bind(i, x == null ? null : Parameters.time(x, cal)); }
  @Override public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException { bind(i, x == null ? null : Parameters.timestamp(x, cal)); }
  @Override public void setObject(int i, Object x) throws SQLException { bind(i, Parameters.toEngine(x)); }
  @Override public void setObject(int i, Object x, int sqlType) throws SQLException { bind(i, Parameters.toEngine(x, sqlType, -1)); }
  @Override public void setObject(int i, Object x, int sqlType, int scale) throws SQLException { bind(i, Parameters.toEngine(x, sqlType, scale)); }
  @Override public void setObject(int i, Object x, SQLType t) throws SQLException { setObject(i, x, vendorType(t)); }
  @Override public void setObject(int i, Object x, SQLType t, int scale) throws SQLException { setObject(i, x, vendorType(t), scale); }

  private static int vendorType(SQLType type) throws SQLException {
    if (type == null || type.getVendorTypeNumber() == null) {
      throw Errors.unsupported("SQL type " + type);
    }
    return type.getVendorTypeNumber();
  }

  // ---- streams and large objects: read in full and bound as values

  @Override public void setCharacterStream(int i, Reader r, int length) throws SQLException { bind(i, Parameters.read(r, length)); }
  @Override public void setCharacterStream(int i, Reader r, long length) throws SQLException { bind(i, Parameters.read(r, length)); }
  @Override public void setCharacterStream(int i, Reader r) throws SQLException { bind(i, Parameters.read(r, -1)); }
  @Override public void setNCharacterStream(int i, Reader r, long length) throws SQLException { bind(i, Parameters.read(r, length)); }
  @Override public void setNCharacterStream(int i, Reader r) throws SQLException { bind(i, Parameters.read(r, -1)); }
  @Override public void setClob(int i, Reader r, long length) throws SQLException { bind(i, Parameters.read(r, length)); }
  @Override public void setClob(int i, Reader r) throws SQLException { bind(i, Parameters.read(r, -1)); }
  @Override public void setNClob(int i, Reader r, long length) throws SQLException { bind(i, Parameters.read(r, length)); }
  @Override public void setNClob(int i, Reader r) throws SQLException { bind(i, Parameters.read(r, -1)); }
  @Override public void setBinaryStream(int i, InputStream in, int length) throws SQLException { bind(i, Parameters.read(in, length)); }
  @Override public void setBinaryStream(int i, InputStream in, long length) throws SQLException { bind(i, Parameters.read(in, length)); }
  @Override public void setBinaryStream(int i, InputStream in) throws SQLException { bind(i, Parameters.read(in, -1)); }
  @Override public void setBlob(int i, InputStream in, long length) throws SQLException { bind(i, Parameters.read(in, length)); }
  @Override public void setBlob(int i, InputStream in) throws SQLException { bind(i, Parameters.read(in, -1)); }
  @Override public void setAsciiStream(int i, InputStream in, int length) throws SQLException { setAsciiStream(i, in, (long) length); }
  @Override public void setAsciiStream(int i, InputStream in) throws SQLException { setAsciiStream(i, in, -1L); }

  @Override
  public void setAsciiStream(int i, InputStream in, long length) throws SQLException {
    byte[] bytes = Parameters.read(in, length);
    bind(i, bytes == null ? null : new String(bytes, StandardCharsets.US_ASCII));
  }

  @Override
  public void setBlob(int i, Blob x) throws SQLException {
    bind(i, x == null ? null : x.getBytes(1, (int) Math.min(Integer.MAX_VALUE, x.length())));
  }

  @Override
  public void setClob(int i, Clob x) throws SQLException {
    bind(i, x == null ? null : x.getSubString(1, (int) Math.min(Integer.MAX_VALUE, x.length())));
  }

  @Override
  public void setNClob(int i, NClob x) throws SQLException {
    setClob(i, x);
  }

  @Override @Deprecated public void setUnicodeStream(int i, InputStream in, int length) throws SQLException { throw Errors.unsupported("setUnicodeStream"); }
  @Override public void setRef(int i, Ref x) throws SQLException { throw Errors.unsupported("REF parameters"); }
  @Override public void setArray(int i, Array x) throws SQLException { throw Errors.unsupported("ARRAY parameters"); }
  @Override public void setURL(int i, URL x) throws SQLException { throw Errors.unsupported("DATALINK parameters"); }
  @Override public void setRowId(int i, RowId x) throws SQLException { throw Errors.unsupported("ROWID parameters"); }
  @Override public void setSQLXML(int i, SQLXML x) throws SQLException { throw Errors.unsupported("SQLXML parameters"); }
}
