package org.morphdb.engine.tx;

import java.util.Arrays;

/**
 * How many row X locks one transaction took per table, to decide when it tries lock
 * escalation ({@link TableAccess}): at {@link #escalateAfter} row locks in a table, then at
 * twice, four times... that many, so a table that other transactions keep locked is not
 * tried at every row. Also counts range locks per table ({@link RangeLocks}). Owned by the
 * transaction's thread; most transactions write one table, so two fields and two small
 * arrays stand in for a map (the arrays were two allocations per auto-commit write).
 */
final class RowLockCounts {
  /**
   * Row X locks in one table after which a transaction first tries to lock the whole table:
   * system property {@code morph.lock.escalateAfter}, else 128 (docs/decisions.md, "Why a
   * big writer locks the table"); 0 turns escalation off.
   */
  static final int ESCALATE_AFTER = Integer.getInteger("morph.lock.escalateAfter", 128);

  private final int escalateAfter;
  /** The first table counted, in two fields: a transaction mostly writes one table. */
  private int firstTableId;
  private int firstCount;
  /** Tables after the first, in {@code moreIds[0 .. moreSize)}; null until needed. */
  private int[] moreIds;
  private int[] moreCounts;
  private int moreSize;

  RowLockCounts(int escalateAfter) {
    this.escalateAfter = escalateAfter;
  }

  /** Counts a row X lock taken in {@code tableId}; true when it is time to try escalating. */
  boolean countAndCheck(int tableId) {
    if (escalateAfter <= 0) {
      return false;
    }
    int count = count(tableId);
    return count % escalateAfter == 0 && Integer.bitCount(count / escalateAfter) == 1;
  }

  /** Counts one more lock in {@code tableId}; the count so far. */
  int count(int tableId) {
    if (firstCount == 0 || firstTableId == tableId) {
      firstTableId = tableId;
      return ++firstCount;
    }
    for (int i = 0; i < moreSize; i++) {
      if (moreIds[i] == tableId) {
        return ++moreCounts[i];
      }
    }
    if (moreIds == null) {
      moreIds = new int[2];
      moreCounts = new int[2];
    } else if (moreSize == moreIds.length) {
      moreIds = Arrays.copyOf(moreIds, moreSize * 2);
      moreCounts = Arrays.copyOf(moreCounts, moreSize * 2);
    }
    moreIds[moreSize] = tableId;
    moreCounts[moreSize] = 1;
    moreSize++;
    return 1;
  }
}
