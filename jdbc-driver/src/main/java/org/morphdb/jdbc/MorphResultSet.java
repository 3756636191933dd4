package org.morphdb.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.sql.rowset.serial.SerialBlob;
import javax.sql.rowset.serial.SerialClob;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.RowCursor;

/**
 * A forward-only, read-only result over an engine {@link RowCursor} (or rows in memory).
 * Each getter reads the current value and converts it with {@link ValueConverter}; SQL NULL
 * gives null, or 0 / false for primitives, and sets {@link #wasNull()}. A getter with no
 * current row fails with 24000, a column index out of range with 07009, an unknown label
 * with 42S22, any call after close with HY010.
 */
public class MorphResultSet extends ResultSetBase {
  private final MorphStatement statement;
  private final List<ColumnMeta> columns;
  private final RowCursor cursor;
  private final long maxRows;
  private Map<String, Integer> labels;
  private Object[] row;
  private long rowNumber;
  private boolean afterLast;
  private boolean wasNull;
  private boolean closed;
  private boolean cursorClosed;
  private int fetchSize;

  MorphResultSet(MorphStatement statement, List<ColumnMeta> columns, RowCursor cursor, long maxRows) {
    this.statement = statement;
    this.columns = List.copyOf(columns);
    this.cursor = cursor == null ? new ListCursor(List.of()) : cursor;
    this.maxRows = maxRows;
  }

  /** A result held in memory, such as a metadata result; {@code statement} may be null. */
  static MorphResultSet inMemory(MorphStatement statement, List<ColumnMeta> columns, List<Object[]> rows) {
    return new MorphResultSet(statement, columns, new ListCursor(rows), 0);
  }

  // ---- moving

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    row = null;
    if (afterLast) {
      return false;
    }
    boolean more;
    if (maxRows > 0 && rowNumber >= maxRows) {
      more = false;
    } else {
      try {
        more = cursor.next();
        row = more ? cursor.current() : null;
      } catch (RuntimeException e) {
        throw Errors.fromEngine(e);
      }
    }
    if (more) {
      rowNumber++;
    } else {
      afterLast = true;
      closeCursor();
    }
    return more;
  }

  @Override public boolean isBeforeFirst() throws SQLException { checkOpen(); return rowNumber == 0 && !afterLast; }
  @Override public boolean isAfterLast() throws SQLException { checkOpen(); return afterLast && rowNumber > 0; }
  @Override public boolean isFirst() throws SQLException { checkOpen(); return rowNumber == 1 && row != null; }
  @Override public int getRow() throws SQLException { checkOpen(); return row == null ? 0 : (int) Math.min(Integer.MAX_VALUE, rowNumber); }

  // ---- reading values

  /** The current value of a column, remembering whether it was NULL. */
  private Object value(int column) throws SQLException {
    checkOpen();
    if (row == null) {
      throw Errors.create("No current row: call next() first, or the result has no more rows", Errors.NO_CURRENT_ROW);
    }
    if (column < 1 || column > columns.size()) {
      throw Errors.create("Column index " + column + " is out of range 1.." + columns.size(), Errors.BAD_INDEX);
    }
    Object v = row[column - 1];
    wasNull = v == null;
    return v;
  }

  @Override public boolean wasNull() throws SQLException { checkOpen(); return wasNull; }

  @Override public String getString(int c) throws SQLException { return ValueConverter.toStringValue(value(c)); }
  @Override public String getNString(int c) throws SQLException { return getString(c); }

  @Override public boolean getBoolean(int c) throws SQLException { return ValueConverter.toBoolean(value(c)); }

  @Override
  public byte getByte(int c) throws SQLException {
    Object v = value(c);
    return v == null ? 0 : ValueConverter.toByte(v);
  }

  @Override
  public short getShort(int c) throws SQLException {
    Object v = value(c);
    return v == null ? 0 : ValueConverter.toShort(v);
  }

  @Override
  public int getInt(int c) throws SQLException {
    Object v = value(c);
    return v == null ? 0 : ValueConverter.toInt(v);
  }

  @Override
  public long getLong(int c) throws SQLException {
    Object v = value(c);
    return v == null ? 0 : ValueConverter.toLong(v);
  }

  @Override
  public float getFloat(int c) throws SQLException {
    Object v = value(c);
    return v == null ? 0 : ValueConverter.toFloat(v);
  }

  @Override
  public double getDouble(int c) throws SQLException {
    Object v = value(c);
    return v == null ? 0 : ValueConverter.toDouble(v);
  }

  @Override
  public BigDecimal getBigDecimal(int c) throws SQLException {
    Object v = value(c);
    return v == null ? null : ValueConverter.toBigDecimal(v);
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(int c, int scale) throws SQLException {
    BigDecimal d = getBigDecimal(c);
    return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
  }

  @Override
  public byte[] getBytes(int c) throws SQLException {
    Object v = value(c);
    return v == null ? null : ValueConverter.toBytes(v);
  }

  @Override public Date getDate(int c) throws SQLException { return getDate(c, null); }
  @Override public Time getTime(int c) throws SQLException { return getTime(c, null); }
  @Override public Timestamp getTimestamp(int c) throws SQLException { return getTimestamp(c, null); }

  @Override
  public Date getDate(int c, Calendar cal) throws SQLException {
    Object v = value(c);
    return v == null ? null : ValueConverter.toSqlDate(v, cal);
  }

  @Override
  public Time getTime(int c, Calendar cal) throws SQLException {
    Object v = value(c);
    return v == null ? null : ValueConverter.toSqlTime(v, cal);
  }

  @Override
  public Timestamp getTimestamp(int c, Calendar cal) throws SQLException {
    Object v = value(c);
    return v == null ? null : ValueConverter.toSqlTimestamp(v, cal);
  }

  @Override public Object getObject(int c) throws SQLException { return ValueConverter.toJdbcObject(value(c)); }

  @Override public <T> T getObject(int c, Class<T> type) throws SQLException { return ValueConverter.convert(value(c), type); }

  @Override
  public Object getObject(int c, Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw Errors.unsupported("User-defined type maps");
    }
    return getObject(c);
  }

  // ---- streams and large objects, made from the value

  @Override
  public InputStream getAsciiStream(int c) throws SQLException {
    String s = getString(c);
    return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  public InputStream getBinaryStream(int c) throws SQLException {
    byte[] b = getBytes(c);
    return b == null ? null : new ByteArrayInputStream(b);
  }

  @Override
  public Reader getCharacterStream(int c) throws SQLException {
    String s = getString(c);
    return s == null ? null : new StringReader(s);
  }

  @Override public Reader getNCharacterStream(int c) throws SQLException { return getCharacterStream(c); }

  @Override
  public Blob getBlob(int c) throws SQLException {
    byte[] b = getBytes(c);
    return b == null ? null : new SerialBlob(b);
  }

  @Override
  public Clob getClob(int c) throws SQLException {
    String s = getString(c);
    return s == null ? null : new SerialClob(s.toCharArray());
  }

  @Override @Deprecated public InputStream getUnicodeStream(int c) throws SQLException { throw Errors.unsupported("getUnicodeStream"); }
  @Override public NClob getNClob(int c) throws SQLException { throw Errors.unsupported("NCLOB"); }
  @Override public Ref getRef(int c) throws SQLException { throw Errors.unsupported("REF"); }
  @Override public Array getArray(int c) throws SQLException { throw Errors.unsupported("ARRAY"); }
  @Override public URL getURL(int c) throws SQLException { throw Errors.unsupported("DATALINK"); }
  @Override public RowId getRowId(int c) throws SQLException { throw Errors.unsupported("ROWID"); }
  @Override public SQLXML getSQLXML(int c) throws SQLException { throw Errors.unsupported("SQLXML"); }

  // ---- description

  @Override
  public int findColumn(String label) throws SQLException {
    checkOpen();
    if (labels == null) {
      Map<String, Integer> map = new HashMap<>();
      for (int i = 0; i < columns.size(); i++) {
        map.putIfAbsent(columns.get(i).name().toUpperCase(Locale.ROOT), i + 1);
      }
      labels = map;
    }
    Integer index = label == null ? null : labels.get(label.toUpperCase(Locale.ROOT));
    if (index == null) {
      throw Errors.create("Column '" + label + "' not found in the result", Errors.UNKNOWN_COLUMN);
    }
    return index;
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return new MorphResultSetMetaData(columns);
  }

  @Override public Statement getStatement() throws SQLException { checkOpen(); return statement; }
  @Override public int getType() throws SQLException { checkOpen(); return TYPE_FORWARD_ONLY; }
  @Override public int getConcurrency() throws SQLException { checkOpen(); return CONCUR_READ_ONLY; }
  @Override public int getHoldability() throws SQLException { checkOpen(); return CLOSE_CURSORS_AT_COMMIT; }
  @Override public int getFetchDirection() throws SQLException { checkOpen(); return FETCH_FORWARD; }
  @Override public int getFetchSize() throws SQLException { checkOpen(); return fetchSize; }
  @Override public SQLWarning getWarnings() throws SQLException { checkOpen(); return null; }
  @Override public void clearWarnings() throws SQLException { checkOpen(); }
  @Override public String getCursorName() throws SQLException { throw Errors.unsupported("Named cursors"); }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != FETCH_FORWARD) {
      throw Errors.unsupported("Fetch directions other than FETCH_FORWARD");
    }
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    if (rows < 0) {
      throw Errors.create("fetchSize must not be negative: " + rows, "HY024");
    }
    fetchSize = rows;
  }

  // ---- closing

  @Override
  public void close() throws SQLException {
    if (!closed) {
      closeFromStatement();
      if (statement != null) {
        statement.resultSetClosed(this);
      }
    }
  }

  /** Closes without telling the statement (the statement is the one closing it). */
  void closeFromStatement() throws SQLException {
    if (!closed) {
      closed = true;
      row = null;
      closeCursor();
    }
  }

  private void closeCursor() throws SQLException {
    if (cursorClosed) {
      return;
    }
    cursorClosed = true;
    try {
      cursor.close();
    } catch (RuntimeException e) {
      throw Errors.fromEngine(e);
    }
  }

  @Override public boolean isClosed() { return closed; }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw Errors.closed("result set");
    }
  }
}
