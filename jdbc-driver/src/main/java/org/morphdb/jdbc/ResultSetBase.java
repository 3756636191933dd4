package org.morphdb.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The parts of {@link ResultSet} that are the same for every MorphDB result: getters by
 * label (each finds the column and calls the getter by index), and the updaters and
 * scrolling methods of a forward-only, read-only result, which fail with 0A000.
 */
abstract class ResultSetBase implements ResultSet, SelfWrapper {

  private static SQLException readOnly() { return Errors.unsupported("Updating a result set"); }

  private static SQLException forwardOnly() { return Errors.unsupported("Scrolling a forward-only result set"); }

  // ---- getters by label

  @Override public String getString(String l) throws SQLException { return getString(findColumn(l)); }
  @Override public boolean getBoolean(String l) throws SQLException { return getBoolean(findColumn(l)); }
  @Override public byte getByte(String l) throws SQLException { return getByte(findColumn(l)); }
  @Override public short getShort(String l) throws SQLException { return getShort(findColumn(l)); }
  @Override public int getInt(String l) throws SQLException { return getInt(findColumn(l)); }
  @Override public long getLong(String l) throws SQLException { return getLong(findColumn(l)); }
  @Override public float getFloat(String l) throws SQLException { return getFloat(findColumn(l)); }
  @Override public double getDouble(String l) throws SQLException { return getDouble(findColumn(l)); }
  @Override @Deprecated public BigDecimal getBigDecimal(String l, int scale) throws SQLException { return getBigDecimal(findColumn(l), scale); }
  @Override public BigDecimal getBigDecimal(String l) throws SQLException { return getBigDecimal(findColumn(l)); }
  @Override public byte[] getBytes(String l) throws SQLException { return getBytes(findColumn(l)); }
  @Override public Date getDate(String l) throws SQLException { return getDate(findColumn(l)); }
  @Override public Time getTime(String l) throws SQLException { return getTime(findColumn(l)); }
  @Override public Timestamp getTimestamp(String l) throws SQLException { return getTimestamp(findColumn(l)); }
  @Override public Date getDate(String l, Calendar cal) throws SQLException { return getDate(findColumn(l), cal); }
  @Override public Time getTime(String l, Calendar cal) throws SQLException { return getTime(findColumn(l), cal); }
  @Override public Timestamp getTimestamp(String l, Calendar cal) throws SQLException { return getTimestamp(findColumn(l), cal); }
  @Override public InputStream getAsciiStream(String l) throws SQLException { return getAsciiStream(findColumn(l)); }
  @Override @Deprecated public InputStream getUnicodeStream(String l) throws SQLException { return getUnicodeStream(findColumn(l)); }
  @Override public InputStream getBinaryStream(String l) throws SQLException { return getBinaryStream(findColumn(l)); }
  @Override public Reader getCharacterStream(String l) throws SQLException { return getCharacterStream(findColumn(l)); }
  @Override public Reader getNCharacterStream(String l) throws SQLException { return getNCharacterStream(findColumn(l)); }
  @Override public String getNString(String l) throws SQLException { return getNString(findColumn(l)); }
  @Override public Object getObject(String l) throws SQLException { return getObject(findColumn(l)); }
  @Override public Object getObject(String l, Map<String, Class<?>> map) throws SQLException { return getObject(findColumn(l), map); }
  @Override public <T> T getObject(String l, Class<T> type) throws SQLException { return getObject(findColumn(l), type); }
  @Override public Ref getRef(String l) throws SQLException { return getRef(findColumn(l)); }
  @Override public Blob getBlob(String l) throws SQLException { return getBlob(findColumn(l)); }
  @Override public Clob getClob(String l) throws SQLException { return getClob(findColumn(l)); }
  @Override public NClob getNClob(String l) throws SQLException { return getNClob(findColumn(l)); }
  @Override public Array getArray(String l) throws SQLException { return getArray(findColumn(l)); }
  @Override public URL getURL(String l) throws SQLException { return getURL(findColumn(l)); }
  @Override public RowId getRowId(String l) throws SQLException { return getRowId(findColumn(l)); }
  @Override public SQLXML getSQLXML(String l) throws SQLException { return getSQLXML(findColumn(l)); }

  // ---- scrolling: forward only

  @Override public boolean isLast() throws SQLException { throw forwardOnly(); }
  @Override public void beforeFirst() throws SQLException { throw forwardOnly(); }
  @Override public void afterLast() throws SQLException { throw forwardOnly(); }
  @Override public boolean first() throws SQLException { throw forwardOnly(); }
  @Override public boolean last() throws SQLException { throw forwardOnly(); }
  @Override public boolean absolute(int row) throws SQLException { throw forwardOnly(); }
  @Override public boolean relative(int rows) throws SQLException { throw forwardOnly(); }
  @Override public boolean previous() throws SQLException { throw forwardOnly(); }

  // ---- updating: read only

  @Override public boolean rowUpdated() throws SQLException { throw readOnly(); }
  @Override public boolean rowInserted() throws SQLException { throw readOnly(); }
  @Override public boolean rowDeleted() throws SQLException { throw readOnly(); }
  @Override public void insertRow() throws SQLException { throw readOnly(); }
  @Override public void updateRow() throws SQLException { throw readOnly(); }
  @Override public void deleteRow() throws SQLException { throw readOnly(); }
  @Override public void refreshRow() throws SQLException { throw readOnly(); }
  @Override public void cancelRowUpdates() throws SQLException { throw readOnly(); }
  @Override public void moveToInsertRow() throws SQLException { throw readOnly(); }
  @Override public void moveToCurrentRow() throws SQLException { throw readOnly(); }
  @Override public void updateNull(int c) throws SQLException { throw readOnly(); }
  @Override public void updateBoolean(int c, boolean x) throws SQLException { throw readOnly(); }
  @Override public void updateByte(int c, byte x) throws SQLException { throw readOnly(); }
  @Override public void updateShort(int c, short x) throws SQLException { throw readOnly(); }
  @Override public void updateInt(int c, int x) throws SQLException { throw readOnly(); }
  @Override public void updateLong(int c, long x) throws SQLException { throw readOnly(); }
  @Override public void updateFloat(int c, float x) throws SQLException { throw readOnly(); }
  @Override public void updateDouble(int c, double x) throws SQLException { throw readOnly(); }
  @Override public void updateBigDecimal(int c, BigDecimal x) throws SQLException { throw readOnly(); }
  @Override public void updateString(int c, String x) throws SQLException { throw readOnly(); }
  @Override public void updateBytes(int c, byte[] x) throws SQLException { throw readOnly(); }
  @Override public void updateDate(int c, Date x) throws SQLException { throw readOnly(); }
  @Override public void updateTime(int c, Time x) throws SQLException { throw readOnly(); }
  @Override public void updateTimestamp(int c, Timestamp x) throws SQLException { throw readOnly(); }
  @Override public void updateAsciiStream(int c, InputStream x, int n) throws SQLException { throw readOnly(); }
  @Override public void updateBinaryStream(int c, InputStream x, int n) throws SQLException { throw readOnly(); }
  @Override public void updateCharacterStream(int c, Reader x, int n) throws SQLException { throw readOnly(); }
  @Override public void updateObject(int c, Object x, int scale) throws SQLException { throw readOnly(); }
  @Override public void updateObject(int c, Object x) throws SQLException { throw readOnly(); }
  @Override public void updateRef(int c, Ref x) throws SQLException { throw readOnly(); }
  @Override public void updateBlob(int c, Blob x) throws SQLException { throw readOnly(); }
  @Override public void updateClob(int c, Clob x) throws SQLException { throw readOnly(); }
  @Override public void updateArray(int c, Array x) throws SQLException { throw readOnly(); }
  @Override public void updateRowId(int c, RowId x) throws SQLException { throw readOnly(); }
  @Override public void updateNString(int c, String x) throws SQLException { throw readOnly(); }
  @Override public void updateNClob(int c, NClob x) throws SQLException { throw readOnly(); }
  @Override public void updateSQLXML(int c, SQLXML x) throws SQLException { throw readOnly(); }
  @Override public void updateNCharacterStream(int c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateAsciiStream(int c, InputStream x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateBinaryStream(int c, InputStream x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateCharacterStream(int c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateBlob(int c, InputStream x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateClob(int c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateNClob(int c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateNCharacterStream(int c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateAsciiStream(int c, InputStream x) throws SQLException { throw readOnly(); }
  @Override public void updateBinaryStream(int c, InputStream x) throws SQLException { throw readOnly(); }
  @Override public void updateCharacterStream(int c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateBlob(int c, InputStream x) throws SQLException { throw readOnly(); }
  @Override public void updateClob(int c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateNClob(int c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateNull(String c) throws SQLException { throw readOnly(); }
  @Override public void updateBoolean(String c, boolean x) throws SQLException { throw readOnly(); }
  @Override public void updateByte(String c, byte x) throws SQLException { throw readOnly(); }
  @Override public void updateShort(String c, short x) throws SQLException { throw readOnly(); }
  @Override public void updateInt(String c, int x) throws SQLException { throw readOnly(); }
  @Override public void updateLong(String c, long x) throws SQLException { throw readOnly(); }
  @Override public void updateFloat(String c, float x) throws SQLException { throw readOnly(); }
  @Override public void updateDouble(String c, double x) throws SQLException { throw readOnly(); }
  @Override public void updateBigDecimal(String c, BigDecimal x) throws SQLException { throw readOnly(); }
  @Override public void updateString(String c, String x) throws SQLException { throw readOnly(); }
  @Override public void updateBytes(String c, byte[] x) throws SQLException { throw readOnly(); }
  @Override public void updateDate(String c, Date x) throws SQLException { throw readOnly(); }
  @Override public void updateTime(String c, Time x) throws SQLException { throw readOnly(); }
  @Override public void updateTimestamp(String c, Timestamp x) throws SQLException { throw readOnly(); }
  @Override public void updateAsciiStream(String c, InputStream x, int n) throws SQLException { throw readOnly(); }
  @Override public void updateBinaryStream(String c, InputStream x, int n) throws SQLException { throw readOnly(); }
  @Override public void updateCharacterStream(String c, Reader x, int n) throws SQLException { throw readOnly(); }
  @Override public void updateObject(String c, Object x, int scale) throws SQLException { throw readOnly(); }
  @Override public void updateObject(String c, Object x) throws SQLException { throw readOnly(); }
  @Override public void updateRef(String c, Ref x) throws SQLException { throw readOnly(); }
  @Override public void updateBlob(String c, Blob x) throws SQLException { throw readOnly(); }
  @Override public void updateClob(String c, Clob x) throws SQLException { throw readOnly(); }
  @Override public void updateArray(String c, Array x) throws SQLException { throw readOnly(); }
  @Override public void updateRowId(String c, RowId x) throws SQLException { throw readOnly(); }
  @Override public void updateNString(String c, String x) throws SQLException { throw readOnly(); }
  @Override public void updateNClob(String c, NClob x) throws SQLException { throw readOnly(); }
  @Override public void updateSQLXML(String c, SQLXML x) throws SQLException { throw readOnly(); }
  @Override public void updateNCharacterStream(String c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateAsciiStream(String c, InputStream x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateBinaryStream(String c, InputStream x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateCharacterStream(String c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateBlob(String c, InputStream x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateClob(String c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateNClob(String c, Reader x, long n) throws SQLException { throw readOnly(); }
  @Override public void updateNCharacterStream(String c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateAsciiStream(String c, InputStream x) throws SQLException { throw readOnly(); }
  @Override public void updateBinaryStream(String c, InputStream x) throws SQLException { throw readOnly(); }
  @Override public void updateCharacterStream(String c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateBlob(String c, InputStream x) throws SQLException { throw readOnly(); }
  @Override public void updateClob(String c, Reader x) throws SQLException { throw readOnly(); }
  @Override public void updateNClob(String c, Reader x) throws SQLException { throw readOnly(); }
}
