package org.morphdb.engine.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * The writes of one commit (or of one {@link MvccStore#putAllAt} call): puts and deletes
 * over any spaces, applied together at one timestamp. A later put or delete of the same
 * (space, key) replaces the earlier one. Not thread safe; values are stored as given,
 * never copied or inspected.
 */
public final class CommitBatch {

  /** One write: a put of {@code value}, or a delete. */
  public record Write(long space, Key key, Object value) {
    /** True for a delete (the value is then not meaningful). */
    public boolean isDelete() {
      return value == VersionChain.TOMBSTONE;
    }

    /** The value put, or null for a delete. */
    @Override
    public Object value() {
      return isDelete() ? null : value;
    }

    Object stored() {
      return value;
    }
  }

  private record Target(long space, Key key) {
    // Written out: a record's generated methods go through method handles (seen in profiles).
    @Override
    public boolean equals(Object o) {
      return o instanceof Target t && t.space == space && t.key.equals(key);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(space) * 31 + key.hashCode();
    }
  }

  /**
   * Up to this many writes, a repeated (space, key) is found by looking through the writes:
   * most commits write a row and its index entries, a handful of keys, for which a hash map
   * and a {@link Target} per write cost more than the look.
   */
  private static final int SCAN_UP_TO = 8;

  private final List<Write> writes = new ArrayList<>(4); // a row and its index entries, mostly
  private final boolean distinctKeys;
  /** Where each (space, key) was first written, once the batch has more than a few writes. */
  private Map<Target, Integer> positions;

  public CommitBatch() {
    this(false);
  }

  private CommitBatch(boolean distinctKeys) {
    this.distinctKeys = distinctKeys;
  }

  /**
   * A batch whose caller writes each (space, key) at most once (the backfill): it keeps no
   * record of what it holds. Writing a key twice into it is a bug (which of the two lands is
   * not defined).
   */
  public static CommitBatch ofDistinctKeys() {
    return new CommitBatch(true);
  }

  /** Puts {@code value} (not null) under {@code key} in {@code space}. */
  public CommitBatch put(long space, Key key, Object value) {
    if (value == null) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR, "null value put under %s in space %d",
          key, space);
    }
    return add(space, key, value);
  }

  /** Deletes {@code key} from {@code space} (a tombstone version). */
  public CommitBatch delete(long space, Key key) {
    return add(space, key, VersionChain.TOMBSTONE);
  }

  /**
   * Adds every write of {@code later} after this batch's: where both write a key, {@code
   * later}'s write is the one kept. The writes are shared, not copied.
   */
  public CommitBatch addAll(CommitBatch later) {
    for (Write w : later.writes) {
      add(w);
    }
    return this;
  }

  private CommitBatch add(long space, Key key, Object value) {
    if (key == null || key.isBound()) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR, "cannot write key %s", key);
    }
    return add(new Write(space, key, value));
  }

  private CommitBatch add(Write write) {
    long space = write.space();
    Key key = write.key();
    int at = distinctKeys ? -1 : positionOf(space, key);
    if (at < 0) {
      writes.add(write);
    } else {
      writes.set(at, write);
    }
    return this;
  }

  /** Where (space, key) was written, or -1; records it as written next when it was not. */
  private int positionOf(long space, Key key) {
    if (positions == null) {
      int n = writes.size();
      for (int i = 0; i < n; i++) {
        Write w = writes.get(i);
        if (w.space() == space && w.key().equals(key)) {
          return i;
        }
      }
      if (n < SCAN_UP_TO) {
        return -1;
      }
      positions = new HashMap<>();
      for (int i = 0; i < n; i++) {
        positions.put(new Target(writes.get(i).space(), writes.get(i).key()), i);
      }
    }
    Integer at = positions.putIfAbsent(new Target(space, key), writes.size());
    return at == null ? -1 : at;
  }

  /** The writes, one per (space, key), in the order their keys were first written. */
  public List<Write> writes() {
    return Collections.unmodifiableList(writes);
  }

  /**
   * Write {@code i} of {@link #size()}, in {@link #writes()}'s order: the commit path walks
   * them by index (a view and an iterator per commit showed in allocation profiles).
   */
  public Write write(int i) {
    return writes.get(i);
  }

  public int size() {
    return writes.size();
  }

  public boolean isEmpty() {
    return writes.isEmpty();
  }
}
