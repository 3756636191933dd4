package org.morphdb.engine.storage;

import java.util.ArrayList;
import java.util.List;

/**
 * The keyspaces of a store by id: a copy-on-write open-addressing table, so a lookup
 * (every read and write) takes no lock and boxes no {@code long}. Spaces are created and
 * dropped rarely; each change rebuilds the table under a lock.
 */
final class SpaceTable {

  /** An immutable probe table; {@code spaces[i] == null} marks a free slot. */
  private record Table(long[] ids, KeySpace[] spaces, int count) {
    KeySpace find(long id) {
      int mask = ids.length - 1;
      for (int i = slot(id, mask); ; i = (i + 1) & mask) {
        KeySpace s = spaces[i];
        if (s == null || ids[i] == id) {
          return s;
        }
      }
    }
  }

  private volatile Table table = build(List.of());

  KeySpace get(long id) {
    return table.find(id);
  }

  KeySpace getOrCreate(long id) {
    KeySpace s = table.find(id);
    return s != null ? s : create(id, 0);
  }

  /** As {@link #getOrCreate(long)}; a space it creates is sized for {@code expectedKeys}. */
  KeySpace getOrCreate(long id, int expectedKeys) {
    KeySpace s = table.find(id);
    return s != null ? s : create(id, expectedKeys);
  }

  private synchronized KeySpace create(long id, int expectedKeys) {
    Table t = table;
    KeySpace s = t.find(id);
    if (s == null) {
      s = new KeySpace(id, expectedKeys);
      List<KeySpace> all = all(t);
      all.add(s);
      table = build(all);
    }
    return s;
  }

  synchronized void remove(long id) {
    Table t = table;
    if (t.find(id) != null) {
      List<KeySpace> all = all(t);
      all.removeIf(s -> s.id == id);
      table = build(all);
    }
  }

  /** The spaces at the moment of the call. */
  List<KeySpace> all() {
    return all(table);
  }

  private static List<KeySpace> all(Table t) {
    List<KeySpace> all = new ArrayList<>(t.count() + 1);
    for (KeySpace s : t.spaces()) {
      if (s != null) {
        all.add(s);
      }
    }
    return all;
  }

  private static Table build(List<KeySpace> spaces) {
    int capacity = Integer.highestOneBit(Math.max(8, spaces.size() * 3)) << 1;
    long[] ids = new long[capacity];
    KeySpace[] slots = new KeySpace[capacity];
    int mask = capacity - 1;
    for (KeySpace s : spaces) {
      int i = slot(s.id, mask);
      while (slots[i] != null) {
        i = (i + 1) & mask;
      }
      ids[i] = s.id;
      slots[i] = s;
    }
    return new Table(ids, slots, spaces.size());
  }

  private static int slot(long id, int mask) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
