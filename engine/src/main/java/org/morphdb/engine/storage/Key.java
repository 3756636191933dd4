package org.morphdb.engine.storage;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * An immutable composite key of a row KV or an index KV.
 *
 * <p>Parts are normalized by {@link #of}: {@code null}, {@link Boolean}, {@link Long}
 * (also from Integer, Short, Byte), {@link Double} (also from Float), {@link
 * java.math.BigDecimal} (also from BigInteger), {@link String} (also from Character) and
 * {@link org.apache.calcite.avatica.util.ByteString} (also from byte[], copied). Any other
 * type is an error. Numbers keep their class (the engine gets back what it stored) but
 * compare and hash by value, so {@code Key.of(1L)} equals {@code Key.of(new
 * BigDecimal("1.00"))} and {@code Key.of(1.0)}.
 *
 * <p>Order: part by part; within a part NULL &lt; booleans (false &lt; true) &lt; numbers
 * &lt; strings ({@link String#compareTo}) &lt; bytes; a key that is a prefix of a longer
 * one sorts before it.
 *
 * <p><b>Bounds.</b> {@link #lowerBound(Object...)} and {@link #upperBound(Object...)} are
 * keys that are never stored: {@code lowerBound(p)} sorts just before every key starting
 * with {@code p} (and before {@code Key.of(p)} itself), {@code upperBound(p)} just after
 * all of them. Used with {@link KeyRange} (both ends inclusive) they express every range:
 * <pre>
 *   keys starting with p    [lowerBound(p), upperBound(p)]
 *   first part &gt; 5          [upperBound(5), upperBound()]
 *   first part &gt;= 5         [lowerBound(5), upperBound()]
 *   first part &lt; 5          [lowerBound(), lowerBound(5)]
 *   first part &lt;= 5         [lowerBound(), upperBound(5)]
 *   a = 1 and b &gt; 5         [upperBound(1, 5), upperBound(1)]
 * </pre>
 * NULLs sort first, so the two "less than" ranges include them; start at {@code
 * upperBound((Object) null)} to skip them.
 */
public final class Key implements Comparable<Key> {
  private static final byte NOT_A_BOUND = 0;
  private static final byte BEFORE_ALL = 1;
  private static final byte AFTER_ALL = 2;

  /** The key with no parts. */
  public static final Key EMPTY = new Key(new Object[0], NOT_A_BOUND);

  private final Object[] parts;
  /**
   * {@link KeyParts#sortPrefix} of the first part (for a key with no parts, below or above
   * everything): keys compare by it first, so most comparisons never touch the parts.
   */
  private final long sortPrefix;
  /** For bounds: what the implicit part after the last one is (before or after all values). */
  private final byte bound;
  /** Cached hash code; 0 until computed. */
  private int hash;

  private Key(Object[] parts, byte bound) {
    this.parts = parts;
    this.bound = bound;
    this.sortPrefix = parts.length > 0 ? KeyParts.sortPrefix(parts[0])
        : bound == AFTER_ALL ? KeyParts.PREFIX_HIGHEST : KeyParts.PREFIX_LOWEST;
  }

  /** A key of the given parts, normalized (see the class comment). */
  public static Key of(Object... parts) {
    return new Key(normalized(parts), NOT_A_BOUND);
  }

  /** A key of the given parts, normalized. */
  public static Key ofList(List<?> parts) {
    return of(parts.toArray());
  }

  /** Sorts before every key starting with {@code prefix}; with no prefix, before every key. */
  public static Key lowerBound(Object... prefix) {
    return new Key(normalized(prefix), BEFORE_ALL);
  }

  /** Sorts after every key starting with {@code prefix}; with no prefix, after every key. */
  public static Key upperBound(Object... prefix) {
    return new Key(normalized(prefix), AFTER_ALL);
  }

  private static Object[] normalized(Object[] parts) {
    Object[] copy = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      copy[i] = KeyParts.normalize(parts[i]);
    }
    return copy;
  }

  /** This key followed by more parts (e.g. index columns followed by the primary key). */
  public Key append(Object... more) {
    requireNotBound();
    Object[] joined = Arrays.copyOf(parts, parts.length + more.length);
    for (int i = 0; i < more.length; i++) {
      joined[parts.length + i] = KeyParts.normalize(more[i]);
    }
    return new Key(joined, NOT_A_BOUND);
  }

  /** The first {@code n} parts of this key. */
  public Key prefix(int n) {
    requireNotBound();
    return n == parts.length ? this : new Key(Arrays.copyOf(parts, n), NOT_A_BOUND);
  }

  /** The number of parts (a bound counts only its prefix). */
  public int size() {
    return parts.length;
  }

  public Object part(int i) {
    return parts[i];
  }

  /** An unmodifiable view of the parts. */
  public List<Object> parts() {
    return Collections.unmodifiableList(Arrays.asList(parts));
  }

  /** True for a {@link #lowerBound} or {@link #upperBound} key, which is never stored. */
  public boolean isBound() {
    return bound != NOT_A_BOUND;
  }

  /** True if this key's first parts equal every part of {@code prefix}. */
  public boolean startsWith(Key prefix) {
    if (prefix.parts.length > parts.length) {
      return false;
    }
    for (int i = 0; i < prefix.parts.length; i++) {
      if (KeyParts.compare(parts[i], prefix.parts[i]) != 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int compareTo(Key other) {
    long pa = sortPrefix;
    long pb = other.sortPrefix;
    if (pa != pb) {
      return pa < pb ? -1 : 1;
    }
    return compareParts(other);
  }

  /** The order of {@link #compareTo}, computed from the parts alone (tests check they agree). */
  int compareParts(Key other) {
    Object[] a = parts;
    Object[] b = other.parts;
    int common = Math.min(a.length, b.length);
    for (int i = 0; i < common; i++) {
      int c = KeyParts.compare(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(tailRank(common), other.tailRank(common));
  }

  /** The rank of what follows part {@code i - 1}: a real part, the end, or a bound. */
  private int tailRank(int i) {
    if (i < parts.length) {
      return KeyParts.RANK_NULL; // any real value: above the end and BEFORE_ALL
    }
    switch (bound) {
      case BEFORE_ALL:
        return KeyParts.RANK_END - 1;
      case AFTER_ALL:
        return Integer.MAX_VALUE;
      default:
        return KeyParts.RANK_END;
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    return o instanceof Key other
        && other.parts.length == parts.length
        && other.bound == bound
        && (hash == 0 || other.hash == 0 || hash == other.hash)
        && compareTo(other) == 0;
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = bound;
      for (Object part : parts) {
        h = 31 * h + KeyParts.hash(part);
      }
      h = h == 0 ? 1 : h;
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < parts.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(KeyParts.format(parts[i]));
    }
    if (bound != NOT_A_BOUND) {
      sb.append(parts.length == 0 ? "" : ", ").append(bound == BEFORE_ALL ? "-inf" : "+inf");
    }
    return sb.append(')').toString();
  }

  private void requireNotBound() {
    if (bound != NOT_A_BOUND) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR,
          "a bound key cannot be extended or cut: %s", this);
    }
  }
}
