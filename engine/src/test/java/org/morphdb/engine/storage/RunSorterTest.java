package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Both sorts of a run's positions order them as a stable sort by the whole key does. */
class RunSorterTest {
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
      assertArrayEquals(expected, RunSorter.sortByPrefix(prefixes, n, order, () -> { }), "round " + round);
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
      RunSorter.Order order = (a, b) -> prefixes[a] != prefixes[b] ? Long.compare(prefixes[a], prefixes[b])
          : Long.compare(second[a], second[b]);
      long[] before = prefixes.clone();
      int[] checkpoints = {0};
      assertArrayEquals(stable(prefixes, second, n),
          RunSorter.sortByPrefix(prefixes, n, order, () -> checkpoints[0]++), "round " + round);
      assertArrayEquals(before, prefixes, "the builder's prefixes stay as they were");
      assertTrue(checkpoints[0] > 0, "the sort lets a budget pause");
    }
  }
}
