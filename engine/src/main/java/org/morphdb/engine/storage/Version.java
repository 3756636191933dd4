package org.morphdb.engine.storage;

/**
 * One version of a key. Immutable once published except for {@code next}, which writers
 * change only to splice in an older version or to cut off versions no reader can reach,
 * and {@code value}, which {@link VersionChain} clears on its own embedded version once it
 * is cut off (so that a key's first row image is not kept alive by the chain object).
 */
class Version {
  final long ts;
  Object value;
  volatile Version next;

  Version(long ts, Object value, Version next) {
    this.ts = ts;
    this.value = value;
    this.next = next;
  }

  boolean isTombstone() {
    return value == VersionChain.TOMBSTONE;
  }
}
