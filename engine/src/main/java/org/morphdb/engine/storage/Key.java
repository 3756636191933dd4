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
 *
 * <p><b>Footprint.</b> A table of a million rows holds a million keys, so a key is kept
 * small: a one-part key holds its part directly (no array), and the bound marker lives in a
 * subclass that is never stored.
 */
public class Key implements Comparable<Key> {
  private static final byte NOT_A_BOUND = 0;
  private static final byte BEFORE_ALL = 1;
  private static final byte AFTER_ALL = 2;
  private static final Object[] NO_PARTS = new Object[0];

  /** The key with no parts. */
  public static final Key EMPTY = new Key(NO_PARTS, KeyParts.PREFIX_LOWEST);

  /**
   * {@link KeyParts#sortPrefix} of the first part (for a key with no parts, below or above
   * everything): keys compare by it first, so most comparisons never touch the parts.
   */
  private final long sortPrefix;
  /**
   * The only part of a one-part key (any normalized part, null included), the first of a
   * two-part key ({@link Two}), else an Object[].
   */
  private final Object parts;
  /** Cached hash code; 0 until computed (a key is hashed by every map and lock it meets). */
  private int hash;

  private Key(Object parts, long sortPrefix) {
    this.parts = parts;
    this.sortPrefix = sortPrefix;
  }

  /**
   * Reads the key's first part (its header, for any type), bringing it into the cache: a scan
   * touches the keys of a leaf back to back so that their cache misses overlap.
   */
  int touch() {
    Object first = parts instanceof Object[] a ? (a.length > 0 ? a[0] : null) : parts;
    return first instanceof Long ? 1 : 0;
  }

  /** A key of normalized parts (an array this key may keep). */
  private static Key make(Object[] parts) {
    if (parts.length == 1) {
      return new Key(parts[0], KeyParts.sortPrefix(parts[0]));
    }
    if (parts.length == 2) {
      return new Two(parts[0], parts[1]);
    }
    return new Key(parts.length == 0 ? NO_PARTS : parts,
        parts.length == 0 ? KeyParts.PREFIX_LOWEST : KeyParts.sortPrefix(parts[0]));
  }

  /** A key of parts normalized already (a {@link SortedRun}'s); the key keeps the array. */
  static Key ofNormalized(Object[] parts) {
    return make(parts);
  }

  /** A key of the given parts, normalized (see the class comment). */
  public static Key of(Object... parts) {
    if (parts.length == 1) {
      Object p = KeyParts.normalize(parts[0]);
      return new Key(p, KeyParts.sortPrefix(p));
    }
    return make(normalized(parts));
  }

  /**
   * As {@link #of}, but the key takes over {@code parts} (normalized in place) instead of
   * copying it: for a caller that built the array for this key and never touches it again
   * (an index key built per row: one array less per key).
   */
  public static Key ofOwned(Object[] parts) {
    for (int i = 0; i < parts.length; i++) {
      parts[i] = KeyParts.normalize(parts[i]);
    }
    return make(parts);
  }

  /** A key of the given parts, normalized. */
  public static Key ofList(List<?> parts) {
    return of(parts.toArray());
  }

  /** Sorts before every key starting with {@code prefix}; with no prefix, before every key. */
  public static Key lowerBound(Object... prefix) {
    return new Bound(normalized(prefix), BEFORE_ALL);
  }

  /** Sorts after every key starting with {@code prefix}; with no prefix, after every key. */
  public static Key upperBound(Object... prefix) {
    return new Bound(normalized(prefix), AFTER_ALL);
  }

  private static Object[] normalized(Object[] parts) {
    Object[] copy = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      copy[i] = KeyParts.normalize(parts[i]);
    }
    return copy;
  }

  /** The parts as an array (a copy for a one-part key; never modify it). */
  private Object[] array() {
    return parts instanceof Object[] a ? a
        : this instanceof Two two ? new Object[] {parts, two.second} : new Object[] {parts};
  }

  /** This key followed by more parts (e.g. index columns followed by the primary key). */
  public Key append(Object... more) {
    requireNotBound();
    int n = size();
    Object[] joined = new Object[n + more.length];
    for (int i = 0; i < n; i++) {
      joined[i] = part(i);
    }
    for (int i = 0; i < more.length; i++) {
      joined[n + i] = KeyParts.normalize(more[i]);
    }
    return make(joined);
  }

  /** This key followed by every part of {@code other}. */
  public Key append(Key other) {
    other.requireNotBound();
    int n = size();
    Object[] joined = new Object[n + other.size()];
    for (int i = 0; i < joined.length; i++) {
      joined[i] = i < n ? part(i) : other.part(i - n);
    }
    return make(joined);
  }

  /** The first {@code n} parts of this key. */
  public Key prefix(int n) {
    requireNotBound();
    return n == size() ? this : make(Arrays.copyOf(array(), n));
  }

  /** The parts from {@code from} on (e.g. the primary key at the end of an index key). */
  public Key suffix(int from) {
    requireNotBound();
    return from == 0 ? this : make(Arrays.copyOfRange(array(), from, size()));
  }

  /** The number of parts (a bound counts only its prefix). */
  public int size() {
    return parts instanceof Object[] a ? a.length : this instanceof Two ? 2 : 1;
  }

  public Object part(int i) {
    if (parts instanceof Object[] a) {
      return a[i];
    }
    if (i == 0) {
      return parts;
    }
    if (i == 1 && this instanceof Two two) {
      return two.second;
    }
    throw new IndexOutOfBoundsException(i);
  }

  /** An unmodifiable view of the parts. */
  public List<Object> parts() {
    return Collections.unmodifiableList(Arrays.asList(array()));
  }

  /** True for a {@link #lowerBound} or {@link #upperBound} key, which is never stored. */
  public boolean isBound() {
    return bound() != NOT_A_BOUND;
  }

  /** For bounds: what the implicit part after the last one is (before or after all values). */
  byte bound() {
    return NOT_A_BOUND;
  }

  /** True if this key's first parts equal every part of {@code prefix}. */
  public boolean startsWith(Key prefix) {
    int n = prefix.size();
    if (n > size()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (KeyParts.compare(part(i), prefix.part(i)) != 0) {
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

  /** The sort prefix of the first part (see {@link KeyParts#sortPrefix}). */
  long sortPrefix() {
    return sortPrefix;
  }

  /** The order of {@link #compareTo}, computed from the parts alone (tests check they agree). */
  int compareParts(Key other) {
    int na = size();
    int nb = other.size();
    int common = Math.min(na, nb);
    for (int i = 0; i < common; i++) {
      int c = KeyParts.compare(part(i), other.part(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(tailRank(common), other.tailRank(common));
  }

  /** The rank of what follows part {@code i - 1}: a real part, the end, or a bound. */
  int tailRank(int i) {
    if (i < size()) {
      return KeyParts.RANK_NULL; // any real value: above the end and BEFORE_ALL
    }
    switch (bound()) {
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
        && other.sortPrefix == sortPrefix
        && (hash == 0 || other.hash == 0 || hash == other.hash)
        && other.size() == size()
        && other.bound() == bound()
        && compareParts(other) == 0;
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      // the same for every representation of the same parts
      if (parts instanceof Object[] a) {
        h = bound();
        for (Object part : a) {
          h = 31 * h + KeyParts.hash(part);
        }
      } else if (this instanceof Two two) {
        h = 31 * (31 * bound() + KeyParts.hash(parts)) + KeyParts.hash(two.second);
      } else {
        h = 31 * bound() + KeyParts.hash(parts);
      }
      h = h == 0 ? 1 : h;
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("(");
    int n = size();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append(KeyParts.format(part(i)));
    }
    if (isBound()) {
      sb.append(n == 0 ? "" : ", ").append(bound() == BEFORE_ALL ? "-inf" : "+inf");
    }
    return sb.append(')').toString();
  }

  private void requireNotBound() {
    if (isBound()) {
      throw MorphException.of(ErrorCode.INTERNAL_ERROR,
          "a bound key cannot be extended or cut: %s", this);
    }
  }

  /**
   * A key of two parts (an index key of one column and a one-column primary key, a composite
   * key of two columns) holds both without an array: 24 bytes and one object less per key, at
   * no cost to the key itself (the field fits the 8-byte alignment a {@link Key} pads to).
   */
  private static final class Two extends Key {
    private final Object second;

    Two(Object first, Object second) {
      super(first, KeyParts.sortPrefix(first));
      this.second = second;
    }
  }

  /** A {@link #lowerBound} or {@link #upperBound} key: never stored, always kept as an array. */
  private static final class Bound extends Key {
    private final byte bound;

    Bound(Object[] parts, byte bound) {
      super(parts, parts.length > 0 ? KeyParts.sortPrefix(parts[0])
          : bound == AFTER_ALL ? KeyParts.PREFIX_HIGHEST : KeyParts.PREFIX_LOWEST);
      this.bound = bound;
    }

    @Override
    byte bound() {
      return bound;
    }
  }
}
