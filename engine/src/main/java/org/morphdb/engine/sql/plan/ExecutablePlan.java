package org.morphdb.engine.sql.plan;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.apache.calcite.schema.SchemaPlus;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.TypeKind;

/**
 * What the plan cache holds: a compiled plan and everything needed to run it, independent of
 * the literal values lifted out of the statement. Immutable and shared between threads.
 *
 * @param userParameters the caller's parameters (the first ones); lifted literals follow
 */
record ExecutablePlan(MorphSchemaFactory schemas, boolean exposeRowKey, List<ColumnMeta> columns,
    List<TypeKind> columnKinds, List<ColumnMeta> userParameters, List<TypeKind> parameterKinds,
    Set<Integer> tableIds, String explain, Map<String, Object> stash, Runner runner) {

  int catalogVersion() {
    return schemas.catalog().version();
  }

  SchemaPlus rootSchema() {
    return schemas.root(exposeRowKey).plus();
  }

  /** Opens the rows of one execution. */
  interface Runner {
    Enumerator<Object[]> open(MorphDataContext context);
  }

  /** Runs generated code; single-column results may come as bare values and are wrapped. */
  static Runner bindable(Bindable<?> bindable, int fieldCount) {
    boolean scalar = fieldCount == 1 && bindable instanceof Typed typed
        && typed.getElementType() != Object[].class;
    return context -> {
      @SuppressWarnings("unchecked")
      Enumerator<Object> e = (Enumerator<Object>) bindable.bind(context).enumerator();
      return scalar ? new WrappingEnumerator(e) : castRows(e);
    };
  }

  /** Returns fixed rows (EXPLAIN). */
  static Runner constant(List<Object[]> rows) {
    return context -> Linq4j.enumerator(rows);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Enumerator<Object[]> castRows(Enumerator<Object> e) {
    return (Enumerator) e;
  }

  /** Wraps each bare value in a one-element row. */
  private record WrappingEnumerator(Enumerator<Object> inner) implements Enumerator<Object[]> {
    @Override
    public Object[] current() {
      return new Object[] {inner.current()};
    }

    @Override
    public boolean moveNext() {
      return inner.moveNext();
    }

    @Override
    public void reset() {
      inner.reset();
    }

    @Override
    public void close() {
      inner.close();
    }
  }
}
