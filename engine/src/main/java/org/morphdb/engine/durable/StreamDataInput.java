package org.morphdb.engine.durable;

import java.io.DataInput;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link DataInput} over a stream, with its own buffer and no locks: what a checkpoint's
 * load reads a dozen primitives per row through. {@code DataInputStream} over a {@code
 * BufferedInputStream} takes that stream's monitor for every byte it reads, which cost about
 * a quarter of a million-row reopen. Big-endian, as {@code DataOutputStream} writes.
 */
final class StreamDataInput implements DataInput {
  private final InputStream in;
  private final byte[] buf;
  private final ByteBuffer view;
  private int pos;
  private int limit;

  StreamDataInput(InputStream in, int bufferBytes) {
    this.in = in;
    this.buf = new byte[bufferBytes];
    this.view = ByteBuffer.wrap(buf).order(ByteOrder.BIG_ENDIAN);
  }

  /** Makes at least {@code n} (at most the buffer's size) bytes available from {@link #pos}. */
  private void require(int n) throws IOException {
    if (limit - pos >= n) {
      return;
    }
    System.arraycopy(buf, pos, buf, 0, limit - pos);
    limit -= pos;
    pos = 0;
    while (limit < n) {
      int read = in.read(buf, limit, buf.length - limit);
      if (read < 0) {
        throw new EOFException("checkpoint ends inside a value");
      }
      limit += read;
    }
  }

  @Override
  public void readFully(byte[] b) throws IOException {
    readFully(b, 0, b.length);
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    while (len > 0) {
      if (pos == limit) {
        require(1);
      }
      int n = Math.min(len, limit - pos);
      System.arraycopy(buf, pos, b, off, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  @Override
  public int skipBytes(int n) throws IOException {
    int skipped = 0;
    while (skipped < n) {
      if (pos == limit) {
        require(1);
      }
      int step = Math.min(n - skipped, limit - pos);
      pos += step;
      skipped += step;
    }
    return skipped;
  }

  @Override
  public boolean readBoolean() throws IOException {
    return readByte() != 0;
  }

  @Override
  public byte readByte() throws IOException {
    require(1);
    return buf[pos++];
  }

  @Override
  public int readUnsignedByte() throws IOException {
    return readByte() & 0xff;
  }

  @Override
  public short readShort() throws IOException {
    require(2);
    short v = view.getShort(pos);
    pos += 2;
    return v;
  }

  @Override
  public int readUnsignedShort() throws IOException {
    return readShort() & 0xffff;
  }

  @Override
  public char readChar() throws IOException {
    return (char) readShort();
  }

  @Override
  public int readInt() throws IOException {
    require(4);
    int v = view.getInt(pos);
    pos += 4;
    return v;
  }

  @Override
  public long readLong() throws IOException {
    require(8);
    long v = view.getLong(pos);
    pos += 8;
    return v;
  }

  @Override
  public float readFloat() throws IOException {
    return Float.intBitsToFloat(readInt());
  }

  @Override
  public double readDouble() throws IOException {
    return Double.longBitsToDouble(readLong());
  }

  @Override
  public String readLine() {
    throw new UnsupportedOperationException("a checkpoint has no lines");
  }

  @Override
  public String readUTF() throws IOException {
    return java.io.DataInputStream.readUTF(this);
  }
}
