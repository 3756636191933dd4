package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The B+tree of a keyspace behaves like a sorted map, splits and shrinks included. */
class OrderedChainsTest {
  private final OrderedChains tree = new OrderedChains();
  private final TreeMap<Key, VersionChain> model = new TreeMap<>();

  private static List<Key> keysOf(Iterator<Map.Entry<Key, VersionChain>> it) {
    List<Key> out = new ArrayList<>();
    it.forEachRemaining(e -> out.add(e.getKey()));
    return out;
  }

  private void assertSameAsModel(Random r) {
    assertEquals(new ArrayList<>(model.keySet()), keysOf(tree.entries(null, null, false)));
    assertEquals(new ArrayList<>(model.descendingKeySet()), keysOf(tree.entries(null, null, true)));
    for (int i = 0; i < 20; i++) {
      Key low = randomBound(r);
      Key high = randomBound(r);
      if (low.compareTo(high) > 0) {
        continue;
      }
      NavigableMap<Key, VersionChain> sub = model.subMap(low, true, high, true);
      assertEquals(new ArrayList<>(sub.keySet()), keysOf(tree.entries(low, high, false)), low + ".." + high);
      assertEquals(new ArrayList<>(sub.descendingKeySet()), keysOf(tree.entries(low, high, true)));
    }
  }

  private static Key randomBound(Random r) {
    long v = r.nextInt(5000);
    switch (r.nextInt(3)) {
      case 0: return Key.lowerBound(v);
      case 1: return Key.upperBound(v);
      default: return Key.of(v, (long) r.nextInt(3));
    }
  }

  private void put(Key k) {
    VersionChain c = new VersionChain();
    VersionChain there = tree.putIfAbsent(k, c);
    VersionChain expected = model.putIfAbsent(k, c);
    assertSame(expected, there);
  }

  private void remove(Key k) {
    VersionChain c = model.get(k);
    assertEquals(c != null, c != null && tree.remove(k, c));
    assertEquals(false, tree.remove(k, new VersionChain()));
    model.remove(k);
  }

  @Test
  void randomPutsReplacesAndRemovesMatchASortedMap() {
    Random r = new Random(42);
    for (int round = 0; round < 30; round++) {
      for (int i = 0; i < 2_000; i++) {
        Key k = Key.of((long) r.nextInt(5000), (long) r.nextInt(3));
        int op = r.nextInt(10);
        if (op < 6) {
          put(k);
        } else if (op < 9) {
          remove(k);
        } else if (model.containsKey(k)) {
          VersionChain fresh = new VersionChain();
          assertTrue(tree.replace(k, model.get(k), fresh));
          model.put(k, fresh);
        }
      }
      assertSameAsModel(r);
    }
  }

  @Test
  void ascendingLoadsThenRemovalFromEitherEndEmptyTheTree() {
    Random r = new Random(7);
    for (long i = 0; i < 20_000; i++) {
      put(Key.of(i));
    }
    assertSameAsModel(r);
    for (long i = 0; i < 10_000; i++) {
      remove(Key.of(i));
      remove(Key.of(19_999 - i));
      if (i % 2_500 == 0) {
        assertSameAsModel(r);
      }
    }
    assertSameAsModel(r);
    for (long i = 30_000; i > 0; i -= 3) {
      put(Key.of(i));
    }
    assertSameAsModel(r);
  }

  @Test
  void iteratorsStayOrderedWhileWritersChangeTheTree() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      int seed = w;
      threads.add(new Thread(() -> {
        Random r = new Random(seed);
        List<VersionChain> mine = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
          Key k = Key.of((long) r.nextInt(20_000), (long) seed);
          VersionChain c = new VersionChain();
          if (tree.putIfAbsent(k, c) != null) {
            tree.remove(k, tree.putIfAbsent(k, c));
          }
        }
        stop.set(true);
      }));
    }
    threads.add(new Thread(() -> {
      try {
        while (!stop.get()) {
          boolean descending = Math.random() < 0.5;
          Key low = Key.lowerBound(5_000L);
          Key high = Key.upperBound(15_000L);
          Key previous = null;
          for (Iterator<Map.Entry<Key, VersionChain>> it = tree.entries(low, high, descending); it.hasNext(); ) {
            Key k = it.next().getKey();
            assertTrue(low.compareTo(k) < 0 && k.compareTo(high) < 0, k.toString());
            if (previous != null) {
              assertTrue(descending ? previous.compareTo(k) > 0 : previous.compareTo(k) < 0);
            }
            previous = k;
          }
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    }));
    runAll(threads, failure);
  }

  /** Starts the threads, waits for them, and fails with the first failure one of them recorded. */
  private static void runAll(List<Thread> threads, AtomicReference<Throwable> failure)
      throws InterruptedException {
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }

  /** A chain vacuum has taken out of its space (what {@link OrderedChains#linkAll} may replace). */
  private static VersionChain removedChain() {
    VersionChain c = new VersionChain();
    assertTrue(c.vacuum(Long.MAX_VALUE));
    return c;
  }

  /** linkAll, one key at a time, on the model: put if absent, replace a removed chain. */
  private void linkInModel(Key k, VersionChain c) {
    VersionChain there = model.get(k);
    if (there == null || (there != c && there.isRemoved())) {
      model.put(k, c);
    }
  }

  @Test
  void linkAllPutsAbsentKeysAndReplacesOnlyRemovedChains() {
    Random r = new Random(11);
    for (int round = 0; round < 40; round++) {
      int size = 1 + r.nextInt(round % 4 == 0 ? 3_000 : 200); // runs longer than a lock hold
      java.util.TreeSet<Key> distinct = new java.util.TreeSet<>();
      while (distinct.size() < size) {
        distinct.add(Key.of((long) r.nextInt(20_000), (long) r.nextInt(3)));
      }
      List<Key> batch = new ArrayList<>(distinct);
      if (r.nextBoolean()) {
        java.util.Collections.shuffle(batch, r); // commits link in the order they wrote
      }
      Key[] keys = batch.toArray(new Key[0]);
      VersionChain[] chains = new VersionChain[keys.length];
      for (int i = 0; i < keys.length; i++) {
        VersionChain there = model.get(keys[i]);
        // some keys get the chain already there (a second link of it), some a removed one
        chains[i] = there != null && r.nextInt(4) == 0 ? there
            : r.nextInt(8) == 0 ? removedChain() : new VersionChain();
      }
      int from = r.nextInt(Math.min(5, keys.length));
      tree.linkAll(keys, chains, from, keys.length, r.nextBoolean());
      for (int i = from; i < keys.length; i++) {
        linkInModel(keys[i], chains[i]);
      }
      for (Map.Entry<Key, VersionChain> e : model.entrySet()) {
        assertSame(e.getValue(), tree.putIfAbsent(e.getKey(), new VersionChain()), e.getKey().toString());
      }
      for (int i = 0; i < 300; i++) { // removals (shrinking leaves) between the batches
        Key k = Key.of((long) r.nextInt(20_000), (long) r.nextInt(3));
        if (r.nextBoolean()) {
          remove(k);
        } else if (model.containsKey(k) && !model.get(k).isRemoved()) {
          VersionChain gone = removedChain();
          assertTrue(tree.replace(k, model.get(k), gone));
          model.put(k, gone);
        }
      }
      assertSameAsModel(r);
    }
  }

  @Test
  void linkAllFromOneThreadAndSingleChangesFromOthersLoseNothing() throws Exception {
    int perThread = 60_000;
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      long seed = w;
      threads.add(new Thread(() -> {
        try {
          if (seed == 0) { // the backfill: sorted batches of its own keys
            for (int from = 0; from < perThread; from += 4_096) {
              int n = Math.min(4_096, perThread - from);
              Key[] keys = new Key[n];
              VersionChain[] chains = new VersionChain[n];
              for (int i = 0; i < n; i++) {
                keys[i] = Key.of((long) (from + i) * 7 % perThread, seed);
                chains[i] = new VersionChain();
              }
              java.util.Arrays.sort(keys);
              tree.linkAll(keys, chains, 0, n, true);
            }
          } else { // writers: their own keys one at a time, removing some again
            for (int i = 0; i < perThread; i++) {
              Key k = Key.of((long) i, seed);
              VersionChain c = new VersionChain();
              assertEquals(null, tree.putIfAbsent(k, c));
              if (i % 3 == 0) {
                assertTrue(tree.remove(k, c));
              }
            }
          }
        } catch (Throwable t) {
          failure.set(t);
        }
      }));
    }
    runAll(threads, failure);
    List<Key> expected = new ArrayList<>();
    for (long i = 0; i < perThread; i++) {
      expected.add(Key.of(i, 0L));
      for (long w = 1; w < 3; w++) {
        if (i % 3 != 0) {
          expected.add(Key.of(i, w));
        }
      }
    }
    expected.sort(null);
    assertEquals(expected, keysOf(tree.entries(null, null, false)));
  }

  @Test
  void aRebuiltTreeHoldsItsKeysAndKeepsWorkingLikeTheModel() {
    Random r = new Random(17);
    for (int size : new int[] {0, 1, 47, 48, 49, 97, 2_305, 60_000}) {
      model.clear();
      java.util.TreeSet<Key> distinct = new java.util.TreeSet<>();
      while (distinct.size() < size) {
        distinct.add(Key.of((long) r.nextInt(5000), (long) r.nextInt(20)));
      }
      Key[] keys = distinct.toArray(new Key[0]);
      VersionChain[] chains = new VersionChain[keys.length];
      for (int i = 0; i < keys.length; i++) {
        chains[i] = new VersionChain();
        model.put(keys[i], chains[i]);
      }
      int[] order = new int[keys.length];
      long[] prefixes = new long[keys.length];
      for (int i = 0; i < order.length; i++) {
        order[i] = order.length - 1 - i; // the keys reversed, then read through the order
        prefixes[i] = keys[i].sortPrefix();
      }
      java.util.Collections.reverse(java.util.Arrays.asList(keys));
      java.util.Collections.reverse(java.util.Arrays.asList(chains));
      tree.rebuild(keys, chains, new ChainSorter.Sorted(order, prefixes), keys.length);
      assertSameAsModel(r);
      for (int i = 0; i < 5_000; i++) { // splits and removals on the built nodes
        Key k = Key.of((long) r.nextInt(5000), (long) r.nextInt(20));
        if (r.nextInt(3) == 0) {
          remove(k);
        } else {
          put(k);
        }
      }
      assertSameAsModel(r);
    }
  }
}
