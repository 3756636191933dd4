package org.morphdb.engine.storage;

import java.util.Objects;

/**
 * One key as a scan sees it: the key, its visible value, and the ts of that version.
 *
 * <p>An entry of a {@link SortedRun} makes its key object only when asked: the run keeps keys
 * in columns, and building one is an array, a box per part and the key. An index scan that
 * follows plain index entries to their rows reads only the values (each is its row's key), so
 * it never pays for them.
 */
public final class Entry {
  private Key key;
  private final SortedRun run;
  private final int at;
  private final Object value;
  private final long ts;

  public Entry(Key key, Object value, long ts) {
    this(key, null, -1, value, ts);
  }

  private Entry(Key key, SortedRun run, int at, Object value, long ts) {
    this.key = key;
    this.run = run;
    this.at = at;
    this.value = value;
    this.ts = ts;
  }

  /** Entry {@code at} of {@code run}, its key made on first use. */
  static Entry ofRun(SortedRun run, int at) {
    return new Entry(null, run, at, run.value(at), run.ts(at));
  }

  public Key key() {
    Key k = key;
    if (k == null) {
      k = run.key(at);
      key = k;
    }
    return k;
  }

  public Object value() {
    return value;
  }

  public long ts() {
    return ts;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Entry e && ts == e.ts && key().equals(e.key()) && Objects.equals(value, e.value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(key(), value, ts);
  }

  @Override
  public String toString() {
    return "Entry[key=" + key() + ", value=" + value + ", ts=" + ts + "]";
  }
}
