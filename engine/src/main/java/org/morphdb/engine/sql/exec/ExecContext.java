package org.morphdb.engine.sql.exec;

import java.util.Arrays;
import org.apache.calcite.DataContext;

/**
 * The state of one execution: the DataContext (parameters, table source, clock) and the
 * current row of each correlation variable, indexed by correlation id.
 */
final class ExecContext {
  final DataContext root;
  private Object[][] correlated = new Object[4][];
  /** Parameter values read so far (they are fixed for the execution). */
  private Object[] parameters = new Object[0];
  private static final Object UNREAD = new Object();

  ExecContext(DataContext root) {
    this.root = root;
  }

  Object parameter(int index) {
    if (index >= parameters.length) {
      int old = parameters.length;
      parameters = Arrays.copyOf(parameters, Math.max(index + 1, old * 2));
      Arrays.fill(parameters, old, parameters.length, UNREAD);
    }
    Object v = parameters[index];
    if (v == UNREAD) {
      v = root.get("?" + index);
      parameters[index] = v;
    }
    return v;
  }

  Object[] correlated(int id) {
    return id < correlated.length ? correlated[id] : null;
  }

  void bind(int id, Object[] row) {
    if (id >= correlated.length) {
      correlated = Arrays.copyOf(correlated, Math.max(id + 1, correlated.length * 2));
    }
    correlated[id] = row;
  }
}
