package org.morphdb.engine.api;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Table id → table version, as requests and responses carry them. Most statements name one
 * table; their map is a {@link One}, which the engine reads through its fields: the JDK's
 * one-entry map makes an entry set and an entry each time it is walked, once per statement.
 */
public final class TableVersions {
  private TableVersions() {}

  /** The versions of a statement on one table. */
  public static Map<Integer, Integer> of(int tableId, int version) {
    return new One(tableId, version);
  }

  /** An immutable map of one table's version. */
  public static final class One extends AbstractMap<Integer, Integer> {
    private final Integer tableId;
    private final Integer version;

    One(int tableId, int version) {
      this.tableId = tableId;
      this.version = version;
    }

    public int tableId() {
      return tableId;
    }

    public int version() {
      return version;
    }

    @Override
    public int size() {
      return 1;
    }

    @Override
    public boolean containsKey(Object key) {
      return tableId.equals(key);
    }

    @Override
    public Integer get(Object key) {
      return tableId.equals(key) ? version : null;
    }

    @Override
    public void forEach(BiConsumer<? super Integer, ? super Integer> action) {
      action.accept(tableId, version);
    }

    @Override
    public Set<Entry<Integer, Integer>> entrySet() {
      return Set.of(Map.entry(tableId, version));
    }
  }
}
