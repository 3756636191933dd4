package org.morphdb.engine.sql.plan;

import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.morphdb.engine.catalog.ColumnType;

/** A system table; rows come from {@link TableSource#systemRows} at run time. */
final class MorphSystemTable extends AbstractTable implements TranslatableTable {
  private final SystemTables.Table table;

  MorphSystemTable(SystemTables.Table table) {
    this.table = table;
  }

  SystemTables.Table table() {
    return table;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (SystemTables.Column c : table.columns()) {
      b.add(c.name(), CalciteTypes.toRelType(f, ColumnType.of(c.kind()), true));
    }
    return b.build();
  }

  @Override
  public Statistic getStatistic() {
    return Statistics.of(100, java.util.List.of());
  }

  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.SYSTEM_TABLE;
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    return new MorphSystemScan(context.getCluster(), relOptTable, this);
  }
}
