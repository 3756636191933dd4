package org.morphdb.engine.sql.plan;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The metadata a cluster answers while SqlToRel converts a statement: no uniqueness and no
 * row-count bounds. Calcite's RelBuilder asks both for every DISTINCT and aggregate it builds,
 * only to leave out an Aggregate over input already known unique; answering them walks the
 * whole input and pulls up its predicates, about a quarter of converting a SELECT DISTINCT.
 * "Not known" keeps the Aggregate, which gives the same rows; the optimizer of the full plan
 * (with the cluster's usual metadata again) removes it where it is redundant.
 */
final class ConversionMetadata extends RelMetadataQuery {
  @Override
  public Boolean areColumnsUnique(RelNode rel, ImmutableBitSet columns) {
    return null;
  }

  @Override
  public Boolean areColumnsUnique(RelNode rel, ImmutableBitSet columns, boolean ignoreNulls) {
    return null;
  }

  @Override
  public Double getMaxRowCount(RelNode rel) {
    return null;
  }
}
