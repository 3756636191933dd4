package org.morphdb.engine.sql.plan;

import java.util.List;
import java.util.function.Function;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ViewDef;

/**
 * A view, expanded from its SQL wherever it is used. Its row type is derived once per catalog
 * version by validating the SQL (always against the schema without row keys).
 */
final class MorphViewTable extends AbstractTable implements TranslatableTable {
  private final ViewDef view;
  private final Function<ViewDef, RelDataType> typer;
  private volatile RelDataType rowType;
  private boolean typing;

  MorphViewTable(ViewDef view, Function<ViewDef, RelDataType> typer) {
    this.view = view;
    this.typer = typer;
  }

  ViewDef view() {
    return view;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataType t = rowType;
    if (t == null) {
      synchronized (this) {
        if (rowType == null) {
          if (typing) {
            throw MorphException.of(ErrorCode.INVALID_STATEMENT, "View '%s' refers to itself", view.name());
          }
          typing = true;
          try {
            rowType = typer.apply(view);
          } finally {
            typing = false;
          }
        }
        t = rowType;
      }
    }
    return t;
  }

  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.VIEW;
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    RelDataType type = relOptTable.getRowType();
    RelRoot root = context.expandView(type, view.sql(), List.of(view.schema()),
        List.of(view.schema(), view.name()));
    return RelOptUtil.createCastRel(root.project(), type, true);
  }
}
