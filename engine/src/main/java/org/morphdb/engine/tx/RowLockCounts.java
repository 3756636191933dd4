package org.morphdb.engine.tx;

import java.util.Arrays;

/**
 * How many row X locks one transaction took per table, to decide when it tries lock
 * escalation ({@link TableAccess}): at {@link #escalateAfter} row locks in a table, then at
 * twice, four times... that many, so a table that other transactions keep locked is not
 * tried at every row. Owned by the transaction's thread; most transactions write one table,
 * so two small arrays stand in for a map.
 */
final class RowLockCounts {
  /**
   * Row X locks in one table after which a transaction first tries to lock the whole table:
   * system property {@code morph.lock.escalateAfter}, else 128 (docs/decisions.md, "Why a
   * big writer locks the table"); 0 turns escalation off.
   */
  static final int ESCALATE_AFTER = Integer.getInteger("morph.lock.escalateAfter", 128);

  private final int escalateAfter;
  private int[] tableIds;
  private int[] counts;
  private int size;

  RowLockCounts(int escalateAfter) {
    this.escalateAfter = escalateAfter;
  }

  /** Counts a row X lock taken in {@code tableId}; true when it is time to try escalating. */
  boolean countAndCheck(int tableId) {
    if (escalateAfter <= 0) {
      return false;
    }
    int slot = slotOf(tableId); // before reading counts: the first call allocates it
    int count = ++counts[slot];
    return count % escalateAfter == 0 && Integer.bitCount(count / escalateAfter) == 1;
  }

  /** Counts one more lock in {@code tableId} (range locks, {@link RangeLocks}); the count so far. */
  int count(int tableId) {
    int slot = slotOf(tableId); // first: the array reference is read before an index call
    return ++counts[slot];
  }

  private int slotOf(int tableId) {
    for (int i = 0; i < size; i++) {
      if (tableIds[i] == tableId) {
        return i;
      }
    }
    if (tableIds == null) {
      tableIds = new int[2];
      counts = new int[2];
    } else if (size == tableIds.length) {
      tableIds = Arrays.copyOf(tableIds, size * 2);
      counts = Arrays.copyOf(counts, size * 2);
    }
    tableIds[size] = tableId;
    return size++;
  }
}
