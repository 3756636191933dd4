package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Merging the run of a backfill's entries with the run of what commits logged meanwhile gives
 * the run one build of all of them, in that order, would give.
 */
class RunMergeTest {
  /** Every entry of a run: key, value and ts. */
  private static List<String> entries(SortedRun run) {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < run.size(); i++) {
      all.add(run.key(i) + "=" + (run.isTombstone(i) ? "DELETED" : run.value(i)) + "@" + run.ts(i));
    }
    return all;
  }

  /** A key of two parts, the first sometimes not a long (an Object[] column). */
  private static Key key(Random random, boolean mixed, int firstParts) {
    long a = random.nextInt(firstParts);
    Object first = mixed && random.nextInt(5) == 0 ? (Object) ("s" + a) : (Object) a;
    return Key.of(first, (long) random.nextInt(8));
  }

  @Test
  void aMergeKeepsEachKeysNewestVersionAsOneBuildOfBothWould() {
    Random random = new Random(42);
    for (int round = 0; round < 300; round++) {
      boolean mixedOld = round % 3 == 0;
      boolean mixedNew = round % 4 == 0;
      // every fifth round: a big older run and a few newer entries far apart, as after a
      // backfill (long stretches of the older run between two newer entries)
      boolean big = round % 5 == 1;
      int firstParts = big ? 5_000 : 40;
      RunBuilder older = RunBuilder.at(100, 4);
      RunBuilder newer = RunBuilder.at(100, 4);
      RunBuilder both = RunBuilder.at(100, 4);
      int olderCount = big ? random.nextInt(8_000) : random.nextInt(60);
      for (int i = 0; i < olderCount; i++) {
        Key k = key(random, mixedOld, firstParts);
        long ts = 90 + random.nextInt(20); // ties within and across the runs
        Object v = random.nextInt(4) == 0 ? VersionChain.TOMBSTONE : "o" + i;
        older.add(k, v, ts);
        both.add(k, v, ts);
      }
      int newerCount = random.nextInt(30);
      List<Object[]> late = new ArrayList<>();
      for (int i = 0; i < newerCount; i++) {
        Key k = key(random, mixedNew, firstParts);
        long ts = 95 + random.nextInt(20);
        Object v = random.nextInt(4) == 0 ? VersionChain.TOMBSTONE : "n" + i;
        newer.add(k, v, ts);
        late.add(new Object[] {k, v, ts});
      }
      for (Object[] e : late) { // added after the older entries: they win ties
        both.add((Key) e[0], e[1], (Long) e[2]);
      }
      SortedRun merged = RunMerge.merge(older.build(() -> { }), newer.build(() -> { }));
      assertEquals(entries(both.build(() -> { })), entries(merged), "round " + round);
      for (int i = 0; i < merged.size(); i++) { // searchable: fences and order hold
        assertEquals(i, merged.search(merged.key(i)), "round " + round);
      }
    }
  }
}
