package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Both sorts of a run's positions order them as a stable sort by the whole key does. */
class RunSorterTest {
  /**
   * What {@link RunBuilder#build} does: positions by prefix, gathered, then each run of one
   * prefix sorted by the rest of the key ({@code second}) where it lies.
   */
  private static int[] byPrefixThenTies(long[] prefixes, long[] second, int n, Runnable checkpoint) {
    ChainSorter.Sorted byPrefix = RunSorter.orderByPrefix(prefixes, n, checkpoint);
    int[] positions = byPrefix.order();
    long[] sortedPrefixes = byPrefix.prefixes();
    long[] sortedSecond = new long[n];
    for (int k = 0; k < n; k++) {
      assertEquals(prefixes[positions[k]], sortedPrefixes[k], "the prefixes come in the order");
      sortedSecond[k] = second[positions[k]];
    }
    RunSorter.sortTies(sortedPrefixes, n, (a, b) -> Long.compare(sortedSecond[a], sortedSecond[b]), (from, order, length) -> {
      int[] p = new int[length];
      long[] s = new long[length];
      for (int k = 0; k < length; k++) {
        p[k] = positions[order[k]];
        s[k] = sortedSecond[order[k]];
      }
      System.arraycopy(p, 0, positions, from, p.length);
      System.arraycopy(s, 0, sortedSecond, from, s.length);
    }, checkpoint);
    return positions;
  }

  /** The expected order: positions sorted stably by (prefix, second). */
  private static int[] stable(long[] prefixes, long[] second, int n) {
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, Comparator.<Integer>comparingLong(i -> prefixes[i]).thenComparingLong(i -> second[i]));
    return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
  }

  @Test
  void positionsComeOutInKeyOrderAndEqualKeysInTheirOrder() {
    Random random = new Random(3);
    for (int round = 0; round < 300; round++) {
      int n = round < 5 ? round : random.nextInt(round % 3 == 0 ? 5000 : 200);
      long[] prefixes = new long[n];
      long[] second = new long[n];
      int spread = random.nextInt(4);
      for (int i = 0; i < n; i++) {
        prefixes[i] = switch (spread) {
          case 0 -> random.nextInt(3); // long runs of one prefix
          case 1 -> random.nextInt(1_000_000);
          case 2 -> random.nextLong(); // too wide to pack: the comparison sort
          default -> (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) - random.nextInt(2);
        };
        second[i] = random.nextInt(4); // equal keys too: their order must stay
      }
      RunSorter.Order order = (a, b) -> prefixes[a] != prefixes[b] ? Long.compare(prefixes[a], prefixes[b])
          : Long.compare(second[a], second[b]);
      int[] expected = stable(prefixes, second, n);
      assertArrayEquals(expected, byPrefixThenTies(prefixes, second, n, () -> { }), "round " + round);
      assertArrayEquals(expected, RunSorter.sort(n, order, () -> { }), "round " + round);
    }
  }

  @Test
  void atRadixSizesPositionsComeOutInKeyOrderAndTheSortLetsABudgetPause() {
    Random random = new Random(11);
    for (int round = 0; round < 12; round++) {
      int n = round < 3 ? ChainSorter.RADIX_FROM - 1 + round : 4096 + random.nextInt(50_000);
      long[] prefixes = new long[n];
      long[] second = new long[n];
      for (int i = 0; i < n; i++) {
        prefixes[i] = switch (round % 4) {
          case 0 -> random.nextInt(3);
          case 1 -> random.nextInt(1 << 20);
          case 2 -> random.nextLong(); // negative and positive, every digit in use
          default -> (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) - random.nextInt(2);
        };
        second[i] = random.nextInt(4);
      }
      long[] before = prefixes.clone();
      int[] checkpoints = {0};
      assertArrayEquals(stable(prefixes, second, n),
          byPrefixThenTies(prefixes, second, n, () -> checkpoints[0]++), "round " + round);
      assertArrayEquals(before, prefixes, "the builder's prefixes stay as they were");
      assertTrue(checkpoints[0] > 0, "the sort lets a budget pause");
    }
  }
}
