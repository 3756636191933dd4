package org.morphdb.engine.sql.plan;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.calcite.linq4j.Enumerator;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.TypeKind;

/** A cached {@link ExecutablePlan} bound to the literal values lifted from one statement. */
final class PreparedQueryImpl implements PreparedQuery {
  private final ExecutablePlan plan;
  private final Object[] lifted;

  PreparedQueryImpl(ExecutablePlan plan, List<Object> lifted) {
    this.plan = plan;
    this.lifted = lifted.toArray();
  }

  ExecutablePlan plan() {
    return plan;
  }

  @Override
  public List<ColumnMeta> columns() {
    return plan.columns();
  }

  @Override
  public List<TypeKind> columnKinds() {
    return plan.columnKinds();
  }

  @Override
  public List<ColumnMeta> parameters() {
    return plan.userParameters();
  }

  @Override
  public Set<Integer> tableIds() {
    return plan.tableIds();
  }

  @Override
  public String explain() {
    return plan.explain();
  }

  @Override
  public int catalogVersion() {
    return plan.catalogVersion();
  }

  @Override
  public Iterator<Object[]> execute(TableSource source, Object[] parameters) {
    Object[] all = bind(parameters == null ? new Object[0] : parameters);
    MorphDataContext context = new MorphDataContext(plan.rootSchema(), source, all, plan.stash());
    try {
      return new RowIterator(plan.runner().open(context));
    } catch (Throwable e) {
      throw ErrorTranslator.execution(e);
    }
  }

  private Object[] bind(Object[] parameters) {
    List<TypeKind> kinds = plan.parameterKinds();
    if (parameters.length != kinds.size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "Statement has %d parameters, %d given", kinds.size(), parameters.length);
    }
    Object[] all = new Object[kinds.size() + lifted.length];
    for (int i = 0; i < parameters.length; i++) {
      all[i] = Coercions.parameter(kinds.get(i), parameters[i]);
    }
    System.arraycopy(lifted, 0, all, parameters.length, lifted.length);
    return all;
  }

  /** Iterates an enumerator, translating failures and closing it at the end. */
  private static final class RowIterator implements Iterator<Object[]> {
    private final Enumerator<Object[]> rows;
    private Boolean hasNext;

    RowIterator(Enumerator<Object[]> rows) {
      this.rows = rows;
    }

    @Override
    public boolean hasNext() {
      if (hasNext == null) {
        try {
          hasNext = rows.moveNext();
        } catch (Throwable e) {
          hasNext = false;
          close();
          throw ErrorTranslator.execution(e);
        }
        if (!hasNext) {
          close();
        }
      }
      return hasNext;
    }

    @Override
    public Object[] next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      hasNext = null;
      try {
        return rows.current();
      } catch (Throwable e) {
        close();
        throw ErrorTranslator.execution(e);
      }
    }

    private void close() {
      try {
        rows.close();
      } catch (RuntimeException ignored) {
        // the rows are finished either way
      }
    }
  }
}
