package org.morphdb.engine.sql.exec;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rex.RexNode;

/**
 * How the interpreter reads one table leaf of a plan (a full scan, a key lookup or an index
 * range): the key expressions to evaluate (they read no input row, only parameters, literals
 * and correlation variables), and what opens the rows given their values.
 *
 * @param scalarRows whether the rows come as bare values (one column) rather than arrays
 */
public record Leaf(List<RexNode> keys, boolean scalarRows, Opener opener) {
  /** Opens the leaf's rows for the given key values. */
  @FunctionalInterface
  public interface Opener {
    Enumerable<Object> open(DataContext root, Object[] keyValues);
  }
}
