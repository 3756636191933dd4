package org.morphdb.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.NClob;
import java.sql.SQLException;

/**
 * The CLOB of {@code Connection.createClob()}: text held in memory that the application fills
 * and binds with {@code setClob}. Positions are 1-based, as JDBC has them.
 */
final class MorphClob implements NClob {
  private StringBuilder text = new StringBuilder();

  @Override
  public long length() throws SQLException {
    return open().length();
  }

  @Override
  public String getSubString(long pos, int length) throws SQLException {
    int from = start(pos);
    if (length < 0) {
      throw Errors.create("A negative length: " + length, Errors.BAD_INDEX);
    }
    return open().substring(from, Math.min(open().length(), from + length));
  }

  @Override public Reader getCharacterStream() throws SQLException { return new StringReader(open().toString()); }

  @Override
  public Reader getCharacterStream(long pos, long length) throws SQLException {
    return new StringReader(getSubString(pos, (int) Math.min(Integer.MAX_VALUE, length)));
  }

  @Override
  public InputStream getAsciiStream() throws SQLException {
    return new ByteArrayInputStream(open().toString().getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  public long position(String searchstr, long start) throws SQLException {
    int at = open().indexOf(searchstr, start(start));
    return at < 0 ? -1 : at + 1;
  }

  @Override
  public long position(java.sql.Clob searchstr, long start) throws SQLException {
    return position(searchstr.getSubString(1, (int) searchstr.length()), start);
  }

  @Override public int setString(long pos, String str) throws SQLException { return setString(pos, str, 0, str.length()); }

  @Override
  public int setString(long pos, String str, int offset, int len) throws SQLException {
    int from = start(pos);
    StringBuilder t = open();
    String part = str.substring(offset, offset + len);
    t.replace(from, Math.min(t.length(), from + part.length()), part);
    return part.length();
  }

  @Override
  public Writer setCharacterStream(long pos) throws SQLException {
    int from = start(pos);
    return new Writer() {
      private int at = from;

      @Override
      public void write(char[] cbuf, int off, int len) throws java.io.IOException {
        try {
          at += setString(at + 1L, new String(cbuf, off, len));
        } catch (SQLException e) {
          throw new java.io.IOException(e);
        }
      }

      @Override public void flush() {}

      @Override public void close() {}
    };
  }

  @Override
  public OutputStream setAsciiStream(long pos) throws SQLException {
    Writer w = setCharacterStream(pos);
    return new OutputStream() {
      @Override
      public void write(int b) throws java.io.IOException {
        w.write(b & 0x7F);
      }
    };
  }

  @Override
  public void truncate(long len) throws SQLException {
    open().setLength((int) Math.min(open().length(), Math.max(0, len)));
  }

  @Override
  public void free() {
    text = null;
  }

  private StringBuilder open() throws SQLException {
    if (text == null) {
      throw Errors.closed("CLOB");
    }
    return text;
  }

  /** The 0-based index of 1-based {@code pos}, which may be one past the end (to append). */
  private int start(long pos) throws SQLException {
    if (pos < 1 || pos > open().length() + 1L) {
      throw Errors.create("Position " + pos + " is outside 1.." + (open().length() + 1), Errors.BAD_INDEX);
    }
    return (int) (pos - 1);
  }
}
