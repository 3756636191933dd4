package org.morphdb.engine.sql.plan;

import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;

/**
 * A user table as Calcite sees it: one field per column of {@link TableDef#columns()}, plus a
 * trailing {@code $ROWKEY} (ANY, not null) when the plan is for DML. Scanned by
 * {@link MorphTableScan}, narrowed by {@link IndexAccessRule}.
 */
public final class MorphTable extends AbstractTable implements TranslatableTable {
  public static final String ROW_KEY = "$ROWKEY";

  private final TableDef def;
  private final boolean exposeRowKey;
  private final double rowCount;
  /** Built once: types are interned by value across type factories, and a planning run asks
   * for a table's row type several times (lookup, validation, templates). */
  private volatile RelDataType rowType;

  MorphTable(TableDef def, boolean exposeRowKey, double rowCount) {
    this.def = def;
    this.exposeRowKey = exposeRowKey;
    this.rowCount = Math.max(1, rowCount);
  }

  public TableDef def() {
    return def;
  }

  boolean exposeRowKey() {
    return exposeRowKey;
  }

  /** Fields in the row type: the columns, and the row key when exposed. */
  int width() {
    return def.columns().size() + (exposeRowKey ? 1 : 0);
  }

  String qualifiedName() {
    return def.qualifiedName();
  }

  double rowCount() {
    return rowCount;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataType type = rowType;
    if (type == null) {
      type = buildRowType(f);
      rowType = type;
    }
    return type;
  }

  private RelDataType buildRowType(RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (ColumnDef c : def.columns()) {
      b.add(c.name(), CalciteTypes.toRelType(f, c.type(), c.nullable()));
    }
    if (exposeRowKey) {
      b.add(ROW_KEY, f.createTypeWithNullability(f.createSqlType(SqlTypeName.ANY), false));
    }
    return b.build();
  }

  @Override
  public Statistic getStatistic() {
    return Statistics.of(rowCount, List.of());
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    return MorphTableScan.create(context.getCluster(), relOptTable, this);
  }
}
