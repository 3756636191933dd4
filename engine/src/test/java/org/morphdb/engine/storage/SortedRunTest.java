package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.clock.HybridClock;

/**
 * A backfill's sorted run: its entries sit one version below every later chain version of
 * their keys, and a tombstone that hides one of them stays as long as the run.
 */
class SortedRunTest {
  private static final long IX = 7;

  private final MvccStore store = new MvccStore(new HybridClock());

  private static Key key(long a, long id) {
    return Key.of(a, id);
  }

  /** Attaches a run at {@code ts} of the entries (a, id) -> "r" + id. */
  private void attach(long ts, long[][] entries) {
    RunBuilder b = RunBuilder.at(ts, 4);
    for (long[] e : entries) {
      b.add(key(e[0], e[1]), "r" + e[1]);
    }
    store.attachRun(IX, b, () -> { });
  }

  private List<String> scan(KeyRange range, long ts, boolean descending) {
    List<String> seen = new ArrayList<>();
    Iterator<Entry> it = descending ? store.scanDescending(IX, range, ts) : store.scan(IX, range, ts);
    it.forEachRemaining(e -> seen.add(e.key() + "=" + e.value()));
    return seen;
  }

  @Test
  void aScannedRunEntryHasTheRunsKeyValueAndTsAndKeepsTheKeyItMakes() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{5, 1}, {3, 2}});
    Iterator<Entry> it = store.scan(IX, KeyRange.all(), Long.MAX_VALUE);
    Entry first = it.next();
    assertEquals("r2", first.value(), "read without making the key");
    assertEquals(s, first.ts());
    assertEquals(key(3, 2), first.key());
    assertSame(first.key(), first.key(), "made once");
    assertEquals(new Entry(key(3, 2), "r2", s), first);
    assertEquals(new Entry(key(3, 2), "r2", s).hashCode(), first.hashCode());
    assertEquals(key(5, 1), it.next().key());
  }

  @Test
  void aRunsEntriesAreReadInKeyOrderFromItsTsOn() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{5, 1}, {3, 2}, {5, 0}, {9, 3}});
    assertEquals(List.of("(3, 2)=r2", "(5, 0)=r0", "(5, 1)=r1", "(9, 3)=r3"), scan(KeyRange.all(), s, false));
    assertEquals(List.of("(9, 3)=r3", "(5, 1)=r1", "(5, 0)=r0", "(3, 2)=r2"), scan(KeyRange.all(), s, true));
    assertEquals(List.of("(5, 0)=r0", "(5, 1)=r1"), scan(KeyRange.prefix(5L), s, false));
    assertEquals(List.of(), scan(KeyRange.all(), s - 1, false), "nothing below the run's ts");
    assertEquals("r1", store.get(IX, key(5, 1), s));
    assertNull(store.get(IX, key(5, 1), s - 1));
    assertEquals(s, store.newestVersionTs(IX, key(9, 3)));
    assertEquals(List.of("(9, 3)=r3"), scan(KeyRange.prefix(9L), Long.MAX_VALUE, false),
        "read-write transactions read the newest versions, at MAX_VALUE");
    assertEquals("r3", store.get(IX, key(9, 3), Long.MAX_VALUE));
  }

  @Test
  void aDeleteAfterTheRunsTsHidesItsEntryFromThenOn() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{1, 1}, {2, 2}});
    long deleted = store.commit(new CommitBatch().delete(IX, key(1, 1)));
    assertEquals(List.of("(2, 2)=r2"), scan(KeyRange.all(), deleted, false));
    assertEquals(List.of("(2, 2)=r2"), scan(KeyRange.all(), deleted, true));
    assertEquals(List.of("(1, 1)=r1", "(2, 2)=r2"), scan(KeyRange.all(), deleted - 1, false));
    assertNull(store.get(IX, key(1, 1), deleted));
    assertEquals("r1", store.get(IX, key(1, 1), deleted - 1));
    long again = store.commit(new CommitBatch().put(IX, key(1, 1), "back"));
    assertEquals(List.of("(1, 1)=back", "(2, 2)=r2"), scan(KeyRange.all(), again, false));
  }

  @Test
  void aChainVersionOlderThanTheRunLosesToTheRunsEntry() {
    // a delete while the index was DELETE_ONLY, then the row came back before the backfill's
    // snapshot: the run has the entry, and it is the newer version
    long tombstoned = store.commit(new CommitBatch().delete(IX, key(4, 4)));
    long s = store.snapshotTs();
    attach(s, new long[][] {{4, 4}});
    assertEquals("r4", store.get(IX, key(4, 4), s));
    assertNull(store.get(IX, key(4, 4), tombstoned));
    assertEquals(List.of("(4, 4)=r4"), scan(KeyRange.all(), s, false));
  }

  @Test
  void aDeleteOfARunEntryWithNoChainIsAMarkInTheRunNotAChain() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{1, 1}, {2, 2}});
    long deleted = store.commit(new CommitBatch().delete(IX, key(1, 1)));
    assertEquals(0, store.keysHeld(IX)[0], "no chain");
    assertEquals(deleted, store.newestVersionTs(IX, key(1, 1)));
    assertEquals("r1", store.get(IX, key(1, 1), deleted - 1));
    assertNull(store.get(IX, key(1, 1), deleted));
    assertNull(store.get(IX, key(1, 1), Long.MAX_VALUE));
    long back = store.commit(new CommitBatch().put(IX, key(1, 1), "back"));
    assertEquals(List.of("(1, 1)=back", "(2, 2)=r2"), scan(KeyRange.all(), back, false));
    assertEquals(List.of("(2, 2)=r2"), scan(KeyRange.all(), back - 1, false));
    long again = store.commit(new CommitBatch().delete(IX, key(1, 1)));
    assertEquals(List.of("(2, 2)=r2"), scan(KeyRange.all(), again, true));
    assertEquals(1, store.keysHeld(IX)[0], "the second delete is the chain's");
  }

  @Test
  void aTombstoneThatHidesARunEntryIsNeverReclaimedButOthersAre() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{1, 1}});
    store.commit(new CommitBatch().delete(IX, key(1, 1)));
    store.commit(new CommitBatch().put(IX, key(1, 1), "back")); // a chain from here on
    store.commit(new CommitBatch().delete(IX, key(1, 1)));
    store.commit(new CommitBatch().put(IX, key(8, 8), "writer's"));
    store.commit(new CommitBatch().delete(IX, key(8, 8)));
    store.reclaimDeletedKeys();
    store.vacuum();
    assertEquals(List.of(), scan(KeyRange.all(), Long.MAX_VALUE, false));
    assertNull(store.get(IX, key(1, 1), Long.MAX_VALUE));
    assertEquals(1, store.keysHeld(IX)[0], "the chain over the run's entry stays, the other went");
  }

  @Test
  void aSecondRunOfASpaceIsWrittenAsVersions() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{1, 1}});
    long later = store.commit(new CommitBatch().put(IX, key(0, 0), "x"));
    attach(later, new long[][] {{2, 2}, {1, 1}});
    assertEquals(List.of("(0, 0)=x", "(1, 1)=r1", "(2, 2)=r2"), scan(KeyRange.all(), later, false));
    assertEquals(3, store.keysHeld(IX)[0], "a chain for each key of the second run, and the writer's");
  }

  @Test
  void retiringARunDeletesEveryEntryAtOnceAndLeavesTheChains() {
    long s = store.snapshotTs();
    attach(s, new long[][] {{1, 1}, {2, 2}});
    long put = store.commit(new CommitBatch().put(IX, key(3, 3), "writer's"));
    long retired = store.retireRun(IX);
    assertEquals(List.of("(1, 1)=r1", "(2, 2)=r2", "(3, 3)=writer's"), scan(KeyRange.all(), retired - 1, false));
    assertEquals(List.of("(3, 3)=writer's"), scan(KeyRange.all(), retired, false));
    assertEquals(List.of("(3, 3)=writer's"), scan(KeyRange.all(), Long.MAX_VALUE, false));
    assertNull(store.get(IX, key(1, 1), retired));
    assertEquals("r1", store.get(IX, key(1, 1), put));
    assertEquals(0, new MvccStore(new HybridClock()).retireRun(IX), "no run, nothing to delete");
  }

  @Test
  void writesCommittedWhileTheLogIsOpenReachTheRunWithTheirOwnTs() {
    store.commit(new CommitBatch().put(IX, key(6, 6), "before the build"));
    long s = store.snapshotTs();
    store.openLog(IX, 1024);
    long deleted = store.commit(new CommitBatch().delete(IX, key(1, 1)).delete(IX, key(6, 6)));
    long moved = store.commit(new CommitBatch().delete(IX, key(2, 2)).put(IX, key(2, 2), "same commit, later"));
    long added = store.commit(new CommitBatch().put(IX, key(3, 3), "new"));
    assertEquals(List.of("(6, 6)=before the build"), scan(KeyRange.all(), added, false),
        "logged writes are in no chain");
    attach(s, new long[][] {{1, 1}, {2, 2}});
    long after = store.commit(new CommitBatch().put(IX, key(4, 4), "after"));
    assertEquals(List.of("(2, 2)=same commit, later", "(3, 3)=new", "(4, 4)=after"), scan(KeyRange.all(), after, false));
    assertEquals(List.of("(4, 4)=after", "(3, 3)=new", "(2, 2)=same commit, later"), scan(KeyRange.all(), after, true));
    assertNull(store.get(IX, key(6, 6), after), "a logged delete hides the older chain version");
    assertEquals(moved, store.newestVersionTs(IX, key(2, 2)));
    assertEquals(deleted, store.newestVersionTs(IX, key(1, 1)));
    assertEquals(added, store.newestVersionTs(IX, key(3, 3)));
  }

  @Test
  void whatWasLoggedLastBecomesTheNewestRunAndADeleteBeforeItIsAttachedStaysDeleted() {
    long s = store.snapshotTs();
    store.openLog(IX, 1024);
    store.commit(new CommitBatch().put(IX, key(1, 1), "logged while the run was sorted"));
    RunBuilder b = RunBuilder.at(s, 4);
    b.add(key(1, 1), "r1");
    b.add(key(2, 2), "r2");
    long[] deleted = {0};
    // while the log is open every write lands in some log (the last one for the last writes)
    store.logClosedHook = () -> deleted[0] = store.commit(new CommitBatch().delete(IX, key(1, 1)));
    store.attachRun(IX, b, () -> {
      if (store.logOpen(IX)) {
        store.commit(new CommitBatch().put(IX, key(1, 1), "logged last").put(IX, key(3, 3), "logged last"));
      }
    });
    assertTrue(deleted[0] != 0, "a delete between the close and the last run's attach");
    assertEquals(2, store.newerRuns(IX), "the runs of what was logged during the sorts and of what was logged last");
    assertNull(store.get(IX, key(1, 1), Long.MAX_VALUE), "the delete hides the last run's entry");
    assertEquals(List.of("(2, 2)=r2", "(3, 3)=logged last"), scan(KeyRange.all(), Long.MAX_VALUE, false));
    assertEquals(List.of("(3, 3)=logged last", "(2, 2)=r2"), scan(KeyRange.all(), Long.MAX_VALUE, true));
    long gone = store.commit(new CommitBatch().delete(IX, key(3, 3)));
    assertEquals(List.of("(2, 2)=r2"), scan(KeyRange.all(), gone, false));
    assertEquals(1, store.keysHeld(IX)[0], "the delete after the attach is a mark in the newest run, not a chain");
  }

  @Test
  void anAbandonedLogWritesWhatItHoldsIntoChains() {
    store.openLog(IX, 1024);
    store.commit(new CommitBatch().put(IX, key(1, 1), "kept"));
    long deleted = store.commit(new CommitBatch().put(IX, key(2, 2), "x").delete(IX, key(2, 2)));
    store.abandonLog(IX);
    assertEquals(List.of("(1, 1)=kept"), scan(KeyRange.all(), deleted, false));
    long later = store.commit(new CommitBatch().put(IX, key(5, 5), "a chain again"));
    assertEquals(List.of("(1, 1)=kept", "(5, 5)=a chain again"), scan(KeyRange.all(), later, false));
  }

  @Test
  void partsAddedWithoutAKeyAreNormalizedAsKeysAre() {
    long s = store.snapshotTs();
    RunBuilder b = RunBuilder.at(s, 1);
    b.addParts(new Object[] {7, 2L}, "int");
    b.addParts(new Object[] {(short) 3, 1L}, "short");
    b.addParts(new Object[] {null, 4L}, "null");
    b.addParts(new Object[] {2.5f, 5L}, "float");
    store.attachRun(IX, b, () -> { });
    assertEquals(List.of("(NULL, 4)=null", "(2.5, 5)=float", "(3, 1)=short", "(7, 2)=int"), scan(KeyRange.all(), s, false));
    assertEquals("int", store.get(IX, Key.of(7L, 2L), s));
    assertEquals("float", store.get(IX, Key.of(2.5, 5L), s));
  }

  @Test
  void entriesOfOnePrefixMoreThanTheSortsScratchHoldsComeOutInKeyOrderWithTheirValues() {
    RunBuilder b = RunBuilder.at(1, 4);
    int n = 1000; // one prefix, added in descending order: one run of ties, longer than the reused scratch
    for (int i = n - 1; i >= 0; i--) {
      b.add(Key.of(5L, (long) i, "s" + i), "v" + i);
    }
    b.add(Key.of(4L, 0L, "a"), "before");
    SortedRun run = b.build(() -> { });
    assertEquals(n + 1, run.size());
    assertEquals("before", run.value(0));
    for (int i = 0; i < n; i++) {
      assertEquals(Key.of(5L, (long) i, "s" + i), run.key(i + 1));
      assertEquals("v" + i, run.value(i + 1));
    }
  }

  @Test
  void keysOfOneRunHaveOneLength() {
    RunBuilder b = RunBuilder.at(1, 4);
    b.add(key(1, 1), "a");
    assertThrows(MorphException.class, () -> b.add(Key.of(1L), "b"));
    assertThrows(MorphException.class, () -> b.add(Key.upperBound(1L), "c"));
  }

  /** Parts of every kind keys hold, numbers of several classes among them. */
  private static Object randomPart(Random random) {
    switch (random.nextInt(6)) {
      case 0:
        return null;
      case 1:
        return "s" + random.nextInt(20);
      case 2:
        return random.nextInt(10) / 2.0;
      case 3:
        return new BigDecimal(random.nextInt(10)).movePointLeft(1);
      default:
        return (long) random.nextInt(12) - 3;
    }
  }

  @Test
  void aRunBigEnoughForEveryLevelOfItsSearchFindsEachKeyAndEachGap() {
    int n = 600_000; // past 64 x 64 x 64 entries: the top level is halved before it is scanned
    RunBuilder b = RunBuilder.at(1, n);
    for (long i = 0; i < n; i++) {
      b.add(Key.of(2 * i / 3, i), "v"); // each first part once or twice
    }
    SortedRun run = b.build(() -> { });
    for (int i = 0; i < n; i += 7) {
      long v = 2L * i / 3;
      assertEquals(i, run.search(Key.of(v, (long) i)));
      assertEquals(-(i + 1) - 1, run.search(Key.of(v, i + 0.5)), "between entries " + i + " and " + (i + 1));
    }
    assertEquals(-1, run.search(Key.of(-1L)));
    assertEquals(-(n + 1), run.search(Key.of(2L * n)));
    assertEquals(n - 1, run.floor(Key.upperBound()));
  }

  @Test
  void searchesAgreeWithKeyOrderForEveryKindOfPartAndBound() {
    Random random = new Random(11);
    for (int round = 0; round < 30; round++) {
      TreeMap<Key, Object> model = new TreeMap<>();
      RunBuilder b = RunBuilder.at(1, 2);
      boolean mixed = random.nextBoolean();
      int n = random.nextInt(400);
      for (int id = 0; id < n; id++) {
        Object first = mixed ? randomPart(random) : (Object) (long) random.nextInt(50);
        Key k = Key.of(first, (long) id);
        model.put(k, id);
        b.add(k, id);
      }
      SortedRun run = b.build(() -> { });
      List<Key> sorted = new ArrayList<>(model.keySet());
      for (int i = 0; i < sorted.size(); i++) {
        assertEquals(sorted.get(i), run.key(i));
        assertEquals(i, run.search(sorted.get(i)));
      }
      for (int probe = 0; probe < 200; probe++) {
        Object p = mixed ? randomPart(random) : (Object) ((long) random.nextInt(52) - 1);
        for (Key bound : List.of(Key.lowerBound(p), Key.upperBound(p), Key.of(p, (long) random.nextInt(n + 1)))) {
          int expected = Collections.binarySearch(sorted, bound);
          int ceiling = expected >= 0 ? expected : -expected - 1;
          assertEquals(ceiling, run.ceiling(bound), () -> "ceiling of " + bound);
          assertEquals(expected >= 0 ? expected : ceiling - 1, run.floor(bound), () -> "floor of " + bound);
        }
      }
    }
  }

  /** What a cursor over the keys unchanged since {@code ts} reads, as "key=value". */
  private List<String> unchangedSince(long space, long ts) {
    List<String> seen = new ArrayList<>();
    RowCursor rows = store.scanUnchangedSince(space, KeyRange.all(), ts);
    while (rows.advance()) {
      seen.add(rows.key() + "=" + rows.value());
    }
    return seen;
  }

  @Test
  void theBackfillsCursorSkipsKeysChangedAfterItsSnapshotWithOrWithoutARun() {
    long table = 8; // chains only, as a table's space
    store.commit(new CommitBatch().put(table, key(1, 1), "a").put(table, key(2, 2), "b")
        .put(table, key(3, 3), "c"));
    long s = store.snapshotTs();
    store.commit(new CommitBatch().put(table, key(2, 2), "b2"));
    store.commit(new CommitBatch().delete(table, key(3, 3)));
    assertEquals(List.of(key(1, 1) + "=a"), unchangedSince(table, s));
    assertEquals(List.of(), unchangedSince(99, s), "a space that does not exist");

    long r = store.snapshotTs(); // a space with a run: its entries and chains merged
    attach(r, new long[][] {{5, 1}, {6, 2}, {7, 3}});
    long t = store.snapshotTs();
    store.commit(new CommitBatch().put(IX, key(6, 2), "changed"));
    store.commit(new CommitBatch().put(IX, key(4, 4), "new"));
    assertEquals(List.of(key(5, 1) + "=r1", key(7, 3) + "=r3"), unchangedSince(IX, t));
    assertEquals(List.of(key(4, 4) + "=new", key(5, 1) + "=r1", key(6, 2) + "=changed", key(7, 3) + "=r3"),
        unchangedSince(IX, store.snapshotTs()));
  }

  @Test
  void aRunKeepsEveryLongOfItsFirstColumnUpToTheEndsOfTheRange() {
    // the first column is read back from the sort prefixes, which clamp at +-2^61
    long[] ends = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -(1L << 61) - 1, -(1L << 61), -(1L << 61) + 1, -1, 0, 1,
        (1L << 61) - 2, (1L << 61) - 1, 1L << 61, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    Random random = new Random(17);
    for (int n : new int[] {40, ChainSorter.RADIX_FROM + 500}) {
      TreeMap<Key, Object> model = new TreeMap<>();
      RunBuilder b = RunBuilder.at(1, 2);
      for (int id = 0; id < n; id++) {
        long first = random.nextBoolean() ? ends[random.nextInt(ends.length)] : random.nextLong();
        Key k = Key.of(first, (long) id);
        model.put(k, id);
        b.add(k, id);
      }
      SortedRun run = b.build(() -> { });
      List<Key> sorted = new ArrayList<>(model.keySet());
      assertEquals(sorted.size(), run.size());
      for (int i = 0; i < sorted.size(); i++) {
        assertEquals(sorted.get(i), run.key(i), "entry " + i + " of " + n);
        assertEquals(model.get(sorted.get(i)), run.value(i));
      }
    }
  }

  @Test
  void scansOfARunAndChainsMatchAModelOfEveryVersion() {
    Random random = new Random(5);
    int twoRuns = 0;
    for (int round = 0; round < 40; round++) {
      MvccStore st = new MvccStore(new HybridClock());
      SnapshotHandle pinned = st.openSnapshot(); // keeps every version for the reads below
      // model: key -> (ts -> value or null for a delete)
      TreeMap<Key, TreeMap<Long, Object>> model = new TreeMap<>();
      List<Long> times = new ArrayList<>();
      for (int i = 0; i < 30; i++) { // writers before the run's snapshot
        times.add(write(st, model, random));
      }
      long s = st.snapshotTs();
      times.add(s);
      RunBuilder b = RunBuilder.at(s, 8);
      for (long a = 0; a < 40; a++) {
        if (random.nextInt(3) > 0) {
          Key k = key(a % 13, a);
          b.add(k, "run" + a);
          model.computeIfAbsent(k, x -> new TreeMap<>()).putIfAbsent(s, "run" + a);
        }
      }
      // writers during the build: into the log, or (as for a UNIQUE index) into chains
      boolean logged = random.nextBoolean();
      if (logged) {
        st.openLog(IX, 1024);
      }
      for (int i = 0; i < 20; i++) {
        times.add(write(st, model, random));
      }
      // and while the run is sorted: logged into the next log, which becomes the newer run
      int[] duringSort = {0};
      st.attachRun(IX, b, () -> {
        if (duringSort[0]++ < 40) {
          times.add(write(st, model, random));
        }
      });
      twoRuns += st.newerRuns(IX) > 0 ? 1 : 0;
      if (logged) { // the run keeps each key's newest version only: no one reads below it
        long attached = st.snapshotTs();
        times.removeIf(t -> t < attached);
        times.add(attached);
      }
      for (int i = 0; i < 40; i++) {
        times.add(write(st, model, random));
      }
      boolean vacuumed = random.nextBoolean();
      if (vacuumed) {
        pinned.close();
        st.reclaimDeletedKeys();
        st.vacuum();
        long horizon = st.lowWaterMark();
        times.removeIf(t -> t < horizon);
        times.add(horizon);
      }
      times.add(Long.MAX_VALUE); // how read-write transactions read
      for (long t : times) {
        Key low = Key.lowerBound((long) random.nextInt(14));
        Key high = Key.upperBound((long) random.nextInt(14));
        KeyRange range = random.nextInt(4) == 0 ? KeyRange.all() : KeyRange.of(low, high);
        List<String> expected = new ArrayList<>();
        model.forEach((k, versions) -> {
          var v = versions.floorEntry(t);
          if (v != null && v.getValue() != null && range.contains(k)) {
            expected.add(k + "=" + v.getValue());
          }
        });
        List<String> asc = new ArrayList<>();
        st.scan(IX, range, t).forEachRemaining(e -> asc.add(e.key() + "=" + e.value()));
        assertEquals(expected, asc, "ascending at " + t + " in " + range);
        List<String> desc = new ArrayList<>();
        st.scanDescending(IX, range, t).forEachRemaining(e -> desc.add(e.key() + "=" + e.value()));
        Collections.reverse(desc);
        assertEquals(expected, desc, "descending at " + t + " in " + range);
        for (Key k : model.keySet()) {
          var v = model.get(k).floorEntry(t);
          assertEquals(v == null ? null : v.getValue(), st.get(IX, k, t), "get " + k + " at " + t);
        }
      }
      if (!vacuumed) {
        pinned.close();
      }
    }
    assertTrue(twoRuns > 5, "rounds with a newer run: " + twoRuns);
  }

  /** A committed put or delete of a random key, recorded in the model; returns its ts. */
  private static long write(MvccStore st, TreeMap<Key, TreeMap<Long, Object>> model, Random random) {
    long a = random.nextInt(40);
    Key k = key(a % 13, a);
    boolean delete = random.nextBoolean();
    CommitBatch batch = delete ? new CommitBatch().delete(IX, k) : new CommitBatch().put(IX, k, "w" + random.nextInt(100));
    long ts = st.commit(batch);
    model.computeIfAbsent(k, x -> new TreeMap<>()).put(ts, delete ? null : batch.writes().get(0).stored());
    return ts;
  }
}
