package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.SequenceDef;
import org.morphdb.engine.catalog.TypeKind;

/** The counters of sequences: no value twice, bounds, cycles, ALTER, and values reserved ahead for a log. */
class SequenceValuesTest {
  private static SequenceDef seq(long start, long inc, long min, long max, boolean cycle) {
    return new SequenceDef(7, "PUBLIC", "S", start, inc, min, max, cycle, 32, TypeKind.BIGINT);
  }

  @Test
  void concurrentCallersNeverGetTheSameValue() throws Exception {
    SequenceValues values = new SequenceValues();
    SequenceDef def = seq(1, 1, 1, Long.MAX_VALUE, false);
    ConcurrentLinkedQueue<Long> got = new ConcurrentLinkedQueue<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(new Thread(() -> {
        for (int i = 0; i < 10_000; i++) {
          got.add(values.next(def));
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(40_000, new HashSet<>(got).size());
    assertEquals(40_000L, got.stream().mapToLong(Long::longValue).max().orElseThrow());
  }

  @Test
  void aValueIsReservedInTheLogBeforeItIsHandedOut() {
    SequenceValues values = new SequenceValues();
    List<Long> log = new ArrayList<>();
    values.logReservations((def, last) -> log.add(last));
    SequenceDef def = seq(10, 5, 1, 1_000_000, false);
    for (int i = 0; i < 33; i++) {
      long v = values.next(def);
      assertTrue(v <= log.get(log.size() - 1), "value " + v + " was reserved before it was handed out");
    }
    assertEquals(List.of(10L + 31 * 5, 10L + 63 * 5), log, "one record per 32 values");

    SequenceValues reopened = new SequenceValues();
    reopened.restoreAfter(def, log.get(log.size() - 1));
    assertEquals(10L + 64 * 5, reopened.next(def), "after a restart: above everything reserved");
  }

  @Test
  void boundsCyclesAndAlter() {
    SequenceValues values = new SequenceValues();
    SequenceDef cyc = seq(2, -1, 1, 3, true);
    List<Long> got = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      got.add(values.next(cyc));
    }
    assertEquals(List.of(2L, 1L, 3L, 2L, 1L), got);

    SequenceDef small = new SequenceDef(8, "PUBLIC", "T", 1, 1, 1, 2, false, 32, TypeKind.BIGINT);
    values.next(small);
    values.next(small);
    assertThrows(MorphException.class, () -> values.next(small));

    SequenceDef s = new SequenceDef(9, "PUBLIC", "U", 1, 1, 1, 100, false, 32, TypeKind.BIGINT);
    values.next(s);
    values.next(s);
    values.alter(new SequenceDef(9, "PUBLIC", "U", 1, 10, 1, 100, false, 32, TypeKind.BIGINT), null);
    assertEquals(12, values.next(s), "goes on after the last value with the new increment");
    values.advancePast(s, 40);
    Set<Long> later = new HashSet<>(List.of(values.next(s)));
    assertTrue(later.iterator().next() > 40);
  }
}
