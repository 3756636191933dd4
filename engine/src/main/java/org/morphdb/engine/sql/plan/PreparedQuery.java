package org.morphdb.engine.sql.plan;

import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.TypeKind;

/** A validated, planned and compiled query bound to one catalog version; thread-safe. */
public interface PreparedQuery {

  /** Result columns. */
  List<ColumnMeta> columns();

  /** Per result column, the kind to convert its values with ({@code Values.toApi}). */
  List<TypeKind> columnKinds();

  /** One per {@code ?} in the statement, types as inferred by the validator. */
  List<ColumnMeta> parameters();

  /** Ids of the user tables the query reads (views expanded). */
  Set<Integer> tableIds();

  /**
   * Runs the query. Rows are in Calcite's representation, one value per result column.
   * Failures are thrown as {@code MorphException}, from this call or from the iterator.
   */
  Iterator<Object[]> execute(TableSource source, Object[] parameters);

  /** The physical plan, as EXPLAIN PLAN FOR shows it. */
  String explain();

  int catalogVersion();
}
