package org.morphdb.engine.storage;

import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * A range of keys, both ends inclusive. The ends are usually {@link Key#lowerBound} /
 * {@link Key#upperBound} keys, which are never stored, so "inclusive" only matters for
 * plain keys (a point range is {@code KeyRange.of(k, k)}). See {@link Key} for how to
 * express {@code >}, {@code >=}, {@code <}, {@code <=} and prefix ranges.
 */
public record KeyRange(Key low, Key high) {
  private static final KeyRange ALL = new KeyRange(Key.lowerBound(), Key.upperBound());

  public KeyRange {
    if (low == null || high == null) {
      throw new MorphException(ErrorCode.INTERNAL_ERROR,
          "a key range needs both ends; use KeyRange.all()");
    }
  }

  /** Every key of a space. */
  public static KeyRange all() {
    return ALL;
  }

  /** The keys from {@code low} to {@code high}, both included. */
  public static KeyRange of(Key low, Key high) {
    return new KeyRange(low, high);
  }

  /** Exactly the keys starting with {@code prefix} (every key, with no prefix). */
  public static KeyRange prefix(Object... prefix) {
    return prefix.length == 0 ? ALL : new KeyRange(Key.lowerBound(prefix), Key.upperBound(prefix));
  }

  /** Exactly the one key {@code key}. */
  public static KeyRange point(Key key) {
    return new KeyRange(key, key);
  }

  /** True when the range covers every key (scans then skip the bound checks). */
  public boolean isAll() {
    return this == ALL || (low.equals(ALL.low) && high.equals(ALL.high));
  }

  /** True when no key can be in the range (low sorts after high). */
  public boolean isEmpty() {
    return low.compareTo(high) > 0;
  }

  /** True if {@code key} is inside the range. */
  public boolean contains(Key key) {
    return low.compareTo(key) <= 0 && key.compareTo(high) <= 0;
  }
}
