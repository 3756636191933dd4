package org.morphdb.engine.sql.plan;

import java.util.List;
import org.morphdb.engine.catalog.ColumnType;

/**
 * How to plan one statement.
 *
 * @param exposeRowKey   every user table gets a trailing {@code $ROWKEY} column (type ANY, not
 *                       null) holding the row key from {@link TableSource}; used by DML plans
 * @param parameterTypes the types of the statement's {@code ?} parameters in order, or null to
 *                       let the validator infer them
 */
public record QueryOptions(boolean exposeRowKey, List<ColumnType> parameterTypes) {
  public static final QueryOptions DEFAULT = new QueryOptions(false, null);
  public static final QueryOptions ROW_KEY = new QueryOptions(true, null);

  public QueryOptions {
    parameterTypes = parameterTypes == null ? null : List.copyOf(parameterTypes);
  }
}
