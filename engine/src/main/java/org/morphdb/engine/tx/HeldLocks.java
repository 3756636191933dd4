package org.morphdb.engine.tx;

/**
 * The locks one transaction holds: each name with its mode and the lock manager's entry for
 * it, so that releasing a lock does not look its entry up again. An open-addressing table in
 * three parallel arrays instead of a {@code ConcurrentHashMap}: a transaction that inserts
 * 1,000 rows takes 1,000 row locks, and the map made a node per lock, grew its table eight
 * times, and cost a hash-map insert and removal per row on top of the lock table's own.
 *
 * <p>Thread safety: the owner thread adds and reads; a lock release may also run on another
 * thread (an eager abort), so every method takes this object's monitor, uncontended in the
 * common case. {@link #drain} takes all at once: of two releases running together, each lock
 * is released by exactly one.
 */
final class HeldLocks {
  private static final int FIRST_CAPACITY = 4; // a power of two: an auto-commit write holds 2

  /** Slot → lock name; null: an empty slot. */
  private Object[] names;
  /** Slot → mode; null where the name was removed (the slot stays taken, see {@link #remove}). */
  private LockMode[] modes;
  private LockManager.LockEntry[] entries;
  /** Taken slots, removed names included. */
  private int used;

  /**
   * What {@link #drain} took: the held locks are the slots {@code i} with a non-null {@code
   * modes[i]}, whose entry is {@code entries[i]}. The table's own arrays, handed over, not
   * copied: the drain leaves this empty, so no one else writes them.
   */
  record Drained(LockManager.LockEntry[] entries, LockMode[] modes) {
    /** How many locks were taken. */
    int count() {
      int n = 0;
      for (LockMode m : modes) {
        n += m != null ? 1 : 0;
      }
      return n;
    }
  }

  private static final Drained NOTHING = new Drained(new LockManager.LockEntry[0], new LockMode[0]);

  /** The mode held on {@code name}, or null. */
  synchronized LockMode get(Object name) {
    int i = slotOf(name);
    return i < 0 ? null : modes[i];
  }

  synchronized boolean containsKey(Object name) {
    return get(name) != null;
  }

  /** Records {@code mode} on {@code name} (replacing the mode held), granted through {@code entry}. */
  synchronized void put(Object name, LockMode mode, LockManager.LockEntry entry) {
    if (names == null) {
      names = new Object[FIRST_CAPACITY];
      modes = new LockMode[FIRST_CAPACITY];
      entries = new LockManager.LockEntry[FIRST_CAPACITY];
    } else if (2 * (used + 1) > names.length) {
      grow();
    }
    int mask = names.length - 1;
    for (int i = spread(name.hashCode()) & mask; ; i = (i + 1) & mask) {
      Object n = names[i];
      if (n == null) {
        names[i] = name;
        used++;
      } else if (!n.equals(name)) {
        continue;
      }
      modes[i] = mode;
      entries[i] = entry;
      return;
    }
  }

  /**
   * Forgets {@code name}; returns the mode held, or null. The slot keeps the name with no
   * mode (only table locks of the fast path are removed singly, just before a release drains
   * the rest), so probing stays simple.
   */
  synchronized LockMode remove(Object name) {
    int i = slotOf(name);
    if (i < 0) {
      return null;
    }
    LockMode mode = modes[i];
    modes[i] = null;
    entries[i] = null;
    return mode;
  }

  /** Takes every held lock out at once (see the class comment); this is then empty. */
  synchronized Drained drain() {
    if (names == null) {
      return NOTHING;
    }
    Drained taken = new Drained(entries, modes);
    names = null;
    modes = null;
    entries = null;
    used = 0;
    return taken;
  }

  /** How many locks are held (tests). */
  synchronized int size() {
    int n = 0;
    for (int i = 0; names != null && i < names.length; i++) {
      n += modes[i] != null ? 1 : 0;
    }
    return n;
  }

  private int slotOf(Object name) {
    if (names == null) {
      return -1;
    }
    int mask = names.length - 1;
    for (int i = spread(name.hashCode()) & mask; ; i = (i + 1) & mask) {
      Object n = names[i];
      if (n == null) {
        return -1;
      }
      if (n.equals(name)) {
        return i;
      }
    }
  }

  /** Four times the room, dropping removed names: a big transaction's table grows a few times only. */
  private void grow() {
    Object[] oldNames = names;
    LockMode[] oldModes = modes;
    LockManager.LockEntry[] oldEntries = entries;
    int capacity = oldNames.length * 4;
    names = new Object[capacity];
    modes = new LockMode[capacity];
    entries = new LockManager.LockEntry[capacity];
    used = 0;
    int mask = capacity - 1;
    for (int j = 0; j < oldNames.length; j++) {
      if (oldModes[j] == null) {
        continue;
      }
      int i = spread(oldNames[j].hashCode()) & mask;
      while (names[i] != null) {
        i = (i + 1) & mask;
      }
      names[i] = oldNames[j];
      modes[i] = oldModes[j];
      entries[i] = oldEntries[j];
      used++;
    }
  }

  /** Mixes the high bits in: keys of one table differ mostly in their low bits, or not at all there. */
  private static int spread(int h) {
    h *= 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
