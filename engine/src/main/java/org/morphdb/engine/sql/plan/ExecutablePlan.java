package org.morphdb.engine.sql.plan;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.apache.calcite.schema.SchemaPlus;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.TypeKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the plan cache holds: a compiled plan and everything needed to run it, independent of
 * the literal values lifted out of the statement. Immutable and shared between threads.
 *
 * @param userParameters the caller's parameters (the first ones); lifted literals follow
 * @param explainText    the plan running now, as text (rendered on demand: most plans are never
 *                       explained)
 * @param quickFirst     whether the plan runs a quick plan until its code is generated
 *                       (see {@link Planning#quick})
 */
record ExecutablePlan(MorphSchemaFactory schemas, boolean exposeRowKey, List<ColumnMeta> columns,
    List<TypeKind> columnKinds, List<ColumnMeta> userParameters, List<TypeKind> parameterKinds,
    Set<Integer> tableIds, Supplier<String> explainText, Map<String, Object> stash, Runner runner,
    boolean quickFirst) {

  /** The physical plan running now, as text. */
  String explain() {
    return explainText.get();
  }

  private static final Logger LOG = LoggerFactory.getLogger(ExecutablePlan.class);

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

  /** Executions a plan is interpreted for before its code is generated. */
  static final int GENERATE_AFTER = 16;

  /**
   * Interprets the plan for its first {@link #GENERATE_AFTER} executions, then generates code:
   * most statements run once or a few times (and compiling costs tens of milliseconds), while
   * a statement that keeps coming back runs faster compiled. Should generating code fail, the
   * plan stays interpreted.
   */
  static Runner tiered(Runner interpreted, Supplier<Runner> generate) {
    return new Tiered(interpreted, generate);
  }

  /** The runner of {@link #tiered}: interpreted first, generated code later. */
  static final class Tiered implements Runner {
    private final Runner interpreted;
    private final Supplier<Runner> generate;
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicReference<Runner> generated = new AtomicReference<>();

    Tiered(Runner interpreted, Supplier<Runner> generate) {
      this.interpreted = interpreted;
      this.generate = generate;
    }

    /** Whether the plan runs generated code by now. */
    boolean generated() {
      return generated.get() != null;
    }

    @Override
    public Enumerator<Object[]> open(MorphDataContext context) {
      Runner g = generated.get();
      if (g != null) {
        return g.open(context);
      }
      if (runs.incrementAndGet() == GENERATE_AFTER) {
        try {
          g = generate.get();
          generated.set(g);
          return g.open(context);
        } catch (RuntimeException | LinkageError e) {
          LOG.warn("generating code for a plan failed; it stays interpreted", e);
        }
      }
      return interpreted.open(context);
    }
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
