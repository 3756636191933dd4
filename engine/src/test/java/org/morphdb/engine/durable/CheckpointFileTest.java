package org.morphdb.engine.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.clock.HybridClock;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;
import org.morphdb.engine.storage.wal.FileIo;

/**
 * A checkpoint gives back exactly the keyspaces it was written from, compressed or in the
 * first (uncompressed) format; compressed, rows that repeat their shape take a fraction of
 * their stored size; and a changed byte anywhere fails the load naming the file, before the
 * store is touched.
 */
class CheckpointFileTest {
  private static final long SPACE = 7;
  private static final int ROWS = 20_000;

  @TempDir
  Path dir;

  private static MvccStore storeWithRows() {
    MvccStore store = new MvccStore(new HybridClock());
    Key[] keys = new Key[ROWS];
    Object[] values = new Object[ROWS];
    for (int i = 0; i < ROWS; i++) {
      keys[i] = Key.of((long) i);
      values[i] = new Object[] {i, i % 1000, "row " + i, i % 3 == 0 ? null : 2.5 * i};
    }
    store.putAllAt(SPACE, keys, values, ROWS, 10);
    store.createSpace(SPACE + 1, 0); // an empty table keeps its keyspace
    return store;
  }

  private Path write(MvccStore store, boolean compressed) throws IOException {
    return CheckpointFile.write(dir, FileIo.DEFAULT, 3, 10, List.of(Catalog.empty()), List.of(), store,
        space -> true, compressed).file();
  }

  private static List<String> rows(MvccStore store) {
    List<String> out = new ArrayList<>();
    for (Iterator<Entry> it = store.scan(SPACE, KeyRange.all(), Long.MAX_VALUE - 1); it.hasNext(); ) {
      Entry e = it.next();
      out.add(e.key() + "=" + java.util.Arrays.deepToString(new Object[] {e.value()}));
    }
    return out;
  }

  @Test
  void aCompressedCheckpointLoadsBackEveryRowAtItsSnapshot() throws IOException {
    MvccStore written = storeWithRows();
    Path file = write(written, true);
    MvccStore loaded = new MvccStore(new HybridClock());
    CheckpointFile.Loaded meta = CheckpointFile.load(file, loaded);
    assertEquals(3, meta.replayFrom());
    assertEquals(10, meta.snapshotTs());
    assertEquals(rows(written), rows(loaded));
    assertEquals(ROWS, rows(loaded).size());
    assertTrue(java.util.Arrays.stream(loaded.spaceIds()).anyMatch(s -> s == SPACE + 1), "the empty keyspace");
  }

  @Test
  void aCheckpointOfTheFirstFormatStillLoads() throws IOException {
    MvccStore written = storeWithRows();
    Path file = write(written, false);
    assertEquals(CheckpointFile.MAGIC_UNCOMPRESSED, ByteBuffer.wrap(Files.readAllBytes(file), 0, 8).getLong());
    MvccStore loaded = new MvccStore(new HybridClock());
    CheckpointFile.load(file, loaded);
    assertEquals(rows(written), rows(loaded));
  }

  /** The size an open learns is the one the write measured: the next automatic checkpoint waits for that much log. */
  @Test
  void aLoadReportsTheSizeBeforeCompressionThatTheWriteMeasured() throws IOException {
    MvccStore store = storeWithRows();
    for (boolean compressed : new boolean[] {true, false}) {
      CheckpointFile.Installed installed = CheckpointFile.write(dir, FileIo.DEFAULT, 3, 10, List.of(Catalog.empty()),
          List.of(), store, space -> true, compressed);
      CheckpointFile.Loaded loaded = CheckpointFile.load(installed.file(), new MvccStore(new HybridClock()));
      assertTrue(installed.encodedBytes() > ROWS * 10L, "encoded: " + installed.encodedBytes());
      assertEquals(installed.encodedBytes(), loaded.encodedBytes(), compressed ? "compressed" : "first format");
    }
  }

  @Test
  void compressedRowsTakeAFractionOfTheirUncompressedSize() throws IOException {
    MvccStore store = storeWithRows();
    long plain = Files.size(write(store, false));
    long compressed = Files.size(write(store, true));
    assertTrue(compressed * 3 < plain, compressed + " bytes compressed against " + plain + " plain");
  }

  @Test
  void aChangedByteAnywhereFailsTheLoadNamingTheFile() throws IOException {
    Path file = write(storeWithRows(), true);
    byte[] good = Files.readAllBytes(file);
    for (int at : new int[] {0, 9, good.length / 2, good.length - 9, good.length - 1}) {
      byte[] bad = good.clone();
      bad[at] ^= 0x10;
      Files.write(file, bad);
      MvccStore store = new MvccStore(new HybridClock());
      MorphException e = assertThrows(MorphException.class, () -> CheckpointFile.load(file, store),
          "byte " + at + " changed");
      assertEquals(ErrorCode.DATA_CORRUPTED, e.code());
      assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
      assertEquals(0, store.spaceIds().length, "nothing loaded from a damaged checkpoint");
    }
  }
}
