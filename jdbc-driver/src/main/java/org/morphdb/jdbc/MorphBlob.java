package org.morphdb.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Blob;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * The BLOB of {@code Connection.createBlob()}: bytes held in memory that the application fills
 * and binds with {@code setBlob}. Positions are 1-based, as JDBC has them.
 */
final class MorphBlob implements Blob {
  private byte[] bytes = new byte[0];
  private int length;

  @Override
  public long length() throws SQLException {
    open();
    return length;
  }

  @Override
  public byte[] getBytes(long pos, int len) throws SQLException {
    int from = start(pos);
    if (len < 0) {
      throw Errors.create("A negative length: " + len, Errors.BAD_INDEX);
    }
    return Arrays.copyOfRange(bytes, from, Math.min(length, from + len));
  }

  @Override public InputStream getBinaryStream() throws SQLException { return new ByteArrayInputStream(getBytes(1, length)); }

  @Override
  public InputStream getBinaryStream(long pos, long len) throws SQLException {
    return new ByteArrayInputStream(getBytes(pos, (int) Math.min(Integer.MAX_VALUE, len)));
  }

  @Override
  public long position(byte[] pattern, long start) throws SQLException {
    int from = start(start);
    outer:
    for (int i = from; i + pattern.length <= length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (bytes[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i + 1L;
    }
    return -1;
  }

  @Override
  public long position(Blob pattern, long start) throws SQLException {
    return position(pattern.getBytes(1, (int) pattern.length()), start);
  }

  @Override public int setBytes(long pos, byte[] b) throws SQLException { return setBytes(pos, b, 0, b.length); }

  @Override
  public int setBytes(long pos, byte[] b, int offset, int len) throws SQLException {
    int from = start(pos);
    int end = from + len;
    if (end > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(end, bytes.length * 2));
    }
    System.arraycopy(b, offset, bytes, from, len);
    length = Math.max(length, end);
    return len;
  }

  @Override
  public OutputStream setBinaryStream(long pos) throws SQLException {
    int from = start(pos);
    return new OutputStream() {
      private int at = from;

      @Override
      public void write(int b) throws java.io.IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws java.io.IOException {
        try {
          at += setBytes(at + 1L, b, off, len);
        } catch (SQLException e) {
          throw new java.io.IOException(e);
        }
      }
    };
  }

  @Override
  public void truncate(long len) throws SQLException {
    open();
    length = (int) Math.min(length, Math.max(0, len));
  }

  @Override
  public void free() {
    bytes = null;
  }

  private void open() throws SQLException {
    if (bytes == null) {
      throw Errors.closed("BLOB");
    }
  }

  /** The 0-based index of 1-based {@code pos}, which may be one past the end (to append). */
  private int start(long pos) throws SQLException {
    open();
    if (pos < 1 || pos > length + 1L) {
      throw Errors.create("Position " + pos + " is outside 1.." + (length + 1), Errors.BAD_INDEX);
    }
    return (int) (pos - 1);
  }
}
