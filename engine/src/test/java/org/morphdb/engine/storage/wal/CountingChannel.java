package org.morphdb.engine.storage.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/** A file channel that counts its forces (group-commit tests). */
final class CountingChannel extends FileChannel {
  private final FileChannel real;
  private final int[] forces;
  private final Runnable beforeForce;

  CountingChannel(FileChannel real, int[] forces) {
    this(real, forces, () -> { });
  }

  /** {@code beforeForce} runs in every force before it counts (a test holds forces there). */
  CountingChannel(FileChannel real, int[] forces, Runnable beforeForce) {
    this.real = real;
    this.forces = forces;
    this.beforeForce = beforeForce;
  }

  @Override public int read(ByteBuffer dst) throws IOException { return real.read(dst); }

  @Override public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return real.read(dsts, offset, length);
  }

  @Override public int write(ByteBuffer src) throws IOException { return real.write(src); }

  @Override public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return real.write(srcs, offset, length);
  }

  @Override public long position() throws IOException { return real.position(); }

  @Override public FileChannel position(long p) throws IOException {
    real.position(p);
    return this;
  }

  @Override public long size() throws IOException { return real.size(); }

  @Override public FileChannel truncate(long size) throws IOException {
    real.truncate(size);
    return this;
  }

  @Override public void force(boolean metaData) throws IOException {
    beforeForce.run();
    synchronized (forces) {
      forces[0]++;
    }
    real.force(metaData);
  }

  @Override public long transferTo(long p, long c, WritableByteChannel t) throws IOException { return real.transferTo(p, c, t); }

  @Override public long transferFrom(ReadableByteChannel s, long p, long c) throws IOException {
    return real.transferFrom(s, p, c);
  }

  @Override public int read(ByteBuffer dst, long p) throws IOException { return real.read(dst, p); }

  @Override public int write(ByteBuffer src, long p) throws IOException { return real.write(src, p); }

  @Override public MappedByteBuffer map(MapMode m, long p, long s) throws IOException { return real.map(m, p, s); }

  @Override public FileLock lock(long p, long s, boolean sh) throws IOException { return real.lock(p, s, sh); }

  @Override public FileLock tryLock(long p, long s, boolean sh) throws IOException { return real.tryLock(p, s, sh); }

  @Override protected void implCloseChannel() throws IOException { real.close(); }
}
