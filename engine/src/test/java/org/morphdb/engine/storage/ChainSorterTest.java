package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The order ChainSorter finds agrees with sorting the keys. */
class ChainSorterTest {

  private static Key randomKey(Random r, int shape) {
    return switch (shape) {
      case 0 -> Key.of(r.nextLong() >> r.nextInt(64)); // negatives, every digit of the prefix
      case 1 -> Key.of((long) r.nextInt(10), (long) r.nextInt(100_000)); // few prefixes, ties
      case 2 -> Key.of((r.nextBoolean() ? "abc" : "") + r.nextInt(100_000)); // strings, ties
      case 3 -> Key.of((long) r.nextInt(10), r.nextBoolean() ? (Object) (r.nextInt(2000) / 4.0)
          : "s" + r.nextInt(2000), (long) r.nextInt(5)); // ties in the second part too
      case 4 -> r.nextBoolean() ? Key.of((long) r.nextInt(10)) // keys of one and two parts
          : Key.of((long) r.nextInt(10), (long) r.nextInt(10_000));
      default -> r.nextInt(5) == 0 ? Key.of((Object) null, (long) r.nextInt(1000))
          : Key.of(r.nextDouble() * 10, "x" + r.nextInt(1000)); // mixed types
    };
  }

  private static void check(List<Key> input) {
    Key[] keys = input.toArray(new Key[0]);
    ChainSorter.Sorted result = ChainSorter.order(keys, keys.length);
    List<Key> sorted = new ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      sorted.add(keys[result.order()[i]]);
      assertEquals(keys[result.order()[i]].sortPrefix(), result.prefixes()[i]);
    }
    List<Key> expected = new ArrayList<>(input);
    Collections.sort(expected);
    assertEquals(expected, sorted);
    assertEquals(input, List.of(keys), "the keys stay where they were");
  }

  @Test
  void randomSortedAndReversedInputsOfEveryShape() {
    Random r = new Random(5);
    for (int shape = 0; shape < 6; shape++) {
      for (int size : new int[] {0, 1, 2, 15, 16, 17, 100, 5_000, 40_000}) {
        Set<Key> distinct = new LinkedHashSet<>();
        while (distinct.size() < size) {
          distinct.add(randomKey(r, shape));
        }
        List<Key> keys = new ArrayList<>(distinct);
        check(keys);
        Collections.sort(keys);
        check(keys);
        Collections.reverse(keys);
        check(keys);
      }
    }
  }
}
