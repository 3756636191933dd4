package org.morphdb.engine.tx;

import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * One table's buffered writes in a {@link WriteSet}: row key → stored row or {@link
 * WriteSet#DELETED}, in the order first written. The first key is kept in two fields and a
 * {@link LinkedHashMap} is made only for a second: an auto-commit write buffers one row, and
 * the map, its table and its entry were a tenth of what such a write allocated.
 */
final class TableWrites extends AbstractMap<Object, Object> {
  /** The only key while {@code more} is null; null: no write. */
  private Object onlyKey;
  private Object onlyValue;
  private LinkedHashMap<Object, Object> more;

  @Override
  public Object put(Object key, Object value) {
    if (more != null) {
      return more.put(key, value);
    }
    if (onlyKey == null || onlyKey.equals(key)) {
      Object previous = onlyValue;
      onlyKey = key;
      onlyValue = value;
      return previous;
    }
    more = new LinkedHashMap<>(4);
    more.put(onlyKey, onlyValue);
    onlyKey = null;
    onlyValue = null;
    return more.put(key, value);
  }

  @Override
  public Object get(Object key) {
    if (more != null) {
      return more.get(key);
    }
    return onlyKey != null && onlyKey.equals(key) ? onlyValue : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null; // values are never null: a deletion is DELETED
  }

  @Override
  public Object remove(Object key) {
    if (more != null) {
      return more.remove(key);
    }
    if (onlyKey == null || !onlyKey.equals(key)) {
      return null;
    }
    Object previous = onlyValue;
    onlyKey = null;
    onlyValue = null;
    return previous;
  }

  @Override
  public int size() {
    return more != null ? more.size() : onlyKey != null ? 1 : 0;
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  @Override
  public void forEach(BiConsumer<? super Object, ? super Object> action) {
    if (more != null) {
      more.forEach(action);
    } else if (onlyKey != null) {
      action.accept(onlyKey, onlyValue);
    }
  }

  @Override
  public Set<Map.Entry<Object, Object>> entrySet() {
    if (more != null) {
      return more.entrySet();
    }
    return onlyKey == null ? Set.of() : Set.of(new SimpleImmutableEntry<>(onlyKey, onlyValue));
  }
}
