package org.morphdb.engine.storage.wal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A force of a mapped segment touches the pages the next appends will fill, so the committing
 * thread does not take their write faults. A touch must never change a byte: not one already
 * appended, not one an append is storing while the touch runs.
 */
class MappedSegmentTouchTest {
  private static final int CAPACITY = 4 << 20;

  @TempDir
  Path dir;

  private LogSegment.Mapped segment() throws IOException {
    return (LogSegment.Mapped) LogSegment.create(dir, FileIo.DEFAULT, 1, 0, CAPACITY, true, true);
  }

  @Test
  void aForceTouchesAheadOnPageBoundariesAndAtLeastTwiceWhatWasAppendedSinceTheLastOne() throws IOException {
    LogSegment.Mapped s = segment();
    assertEquals(LogSegment.Mapped.TOUCH_AHEAD + LogSegment.Mapped.PAGE, s.touchAhead(5_000, 0));
    int touched = s.touchAhead(10_000, 1 << 20);
    assertEquals(0, touched % LogSegment.Mapped.PAGE);
    assertTrue(touched >= 10_000 + (2 << 20) - LogSegment.Mapped.PAGE, "touched to " + touched);
    assertEquals(CAPACITY, s.touchAhead(CAPACITY - 10, 1 << 20), "never past the segment's end");
    s.close();
  }

  @Test
  void touchesRacingWithAppendsLeaveEveryAppendedByteAsItWasWritten() throws Exception {
    LogSegment.Mapped s = segment();
    byte[] frame = new byte[333]; // not a divisor of a page: frames straddle the touched ints
    Arrays.fill(frame, (byte) 0x5A);
    AtomicBoolean appending = new AtomicBoolean(true);
    Thread forcer = new Thread(() -> {
      while (appending.get()) {
        s.force();
      }
    });
    forcer.start();
    int frames = 0;
    while (s.fits(frame.length)) {
      frame[0] = (byte) (frames | 1); // never 0: a lost byte would show
      s.append(frame, frame.length);
      frames++;
    }
    appending.set(false);
    forcer.join();
    long size = s.size();
    s.close();
    byte[] file = Files.readAllBytes(LogFormat.segmentFile(dir, 1));
    assertEquals(size, file.length);
    for (int i = 0; i < frames; i++) {
      int at = LogFormat.HEADER_BYTES + i * frame.length;
      byte[] expected = frame.clone();
      expected[0] = (byte) (i | 1);
      assertArrayEquals(expected, Arrays.copyOfRange(file, at, at + frame.length), "frame " + i);
    }
  }
}
