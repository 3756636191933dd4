package org.morphdb.engine.tx;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * The granted holders of one lock: transaction ids with their modes. Almost every lock has
 * one holder (a row written by one transaction), so the first holder lives in two fields and
 * only further holders (shared locks) go to arrays: granting and releasing the common lock
 * allocate nothing and box no id. Not thread safe: used under the lock entry's monitor. The
 * lock manager's entry extends it, so a row lock allocates one object, not two.
 */
class LockHolders {
  private static final long NONE = Long.MIN_VALUE;

  private long firstId = NONE;
  private LockMode firstMode;
  /** Holders after the first, in {@code moreIds[0 .. moreCount)}; null until needed. */
  private long[] moreIds;
  private LockMode[] moreModes;
  private int moreCount;

  boolean isEmpty() {
    return firstId == NONE && moreCount == 0;
  }

  /** True unless a holder other than {@code txId} holds a mode incompatible with {@code mode}. */
  boolean grantable(long txId, LockMode mode) {
    if (firstId != NONE && firstId != txId && !firstMode.compatibleWith(mode)) {
      return false;
    }
    for (int i = 0; i < moreCount; i++) {
      if (moreIds[i] != txId && !moreModes[i].compatibleWith(mode)) {
        return false;
      }
    }
    return true;
  }

  /** Records that {@code txId} holds {@code mode} (replacing the mode it held). */
  void put(long txId, LockMode mode) {
    if (firstId == txId || firstId == NONE) {
      firstId = txId;
      firstMode = mode;
      return;
    }
    for (int i = 0; i < moreCount; i++) {
      if (moreIds[i] == txId) {
        moreModes[i] = mode;
        return;
      }
    }
    if (moreIds == null) {
      moreIds = new long[2];
      moreModes = new LockMode[2];
    } else if (moreCount == moreIds.length) {
      moreIds = Arrays.copyOf(moreIds, moreCount * 2);
      moreModes = Arrays.copyOf(moreModes, moreCount * 2);
    }
    moreIds[moreCount] = txId;
    moreModes[moreCount++] = mode;
  }

  /** Forgets {@code txId}'s hold, if any. */
  void remove(long txId) {
    if (firstId == txId) {
      if (moreCount == 0) {
        firstId = NONE;
        firstMode = null;
        return;
      }
      firstId = moreIds[moreCount - 1]; // the last of the others moves up
      firstMode = moreModes[moreCount - 1];
      moreModes[--moreCount] = null;
      return;
    }
    for (int i = 0; i < moreCount; i++) {
      if (moreIds[i] == txId) {
        moreIds[i] = moreIds[moreCount - 1];
        moreModes[i] = moreModes[moreCount - 1];
        moreModes[--moreCount] = null;
        return;
      }
    }
  }

  /** Calls {@code action} with each holder's id. */
  void forEachId(LongConsumer action) {
    if (firstId != NONE) {
      action.accept(firstId);
    }
    for (int i = 0; i < moreCount; i++) {
      action.accept(moreIds[i]);
    }
  }
}
