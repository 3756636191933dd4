package org.morphdb.engine.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnDef;

/**
 * The fast path of INSERT … VALUES whose items are literals or parameters: no planner, no
 * code generation. Each item is a constant or a reference to a parameter; the values are
 * then assigned to the target columns like any other source row.
 */
final class InsertValues {
  /** Marks an item that is parameter number {@code index}. */
  private record Param(int index) {}

  /** An item written as {@code DEFAULT}: the column takes its default (or IDENTITY) value. */
  static final Object DEFAULT = new Object() {
    @Override
    public String toString() {
      return "DEFAULT";
    }
  };

  private final List<Object[]> rows;
  private final List<ColumnMeta> parameters;

  private InsertValues(List<Object[]> rows, List<ColumnMeta> parameters) {
    this.rows = rows;
    this.parameters = parameters;
  }

  /** The fast path for this source, or null when it needs the planner. */
  static InsertValues tryFastPath(SqlNode source, List<ColumnDef> targets) {
    if (!DmlRunner.isValues(source)) {
      return null;
    }
    List<Object[]> rows = new ArrayList<>();
    List<ColumnMeta> params = new ArrayList<>();
    for (SqlNode rowNode : ((SqlBasicCall) source).getOperandList()) {
      if (!(rowNode instanceof SqlCall row) || row.getKind() != SqlKind.ROW) {
        return null;
      }
      if (row.operandCount() != targets.size()) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT,
            "INSERT names %d columns but a VALUES row has %d values", targets.size(), row.operandCount());
      }
      Object[] values = new Object[targets.size()];
      for (int i = 0; i < values.length; i++) {
        SqlNode item = row.operand(i);
        if (item instanceof SqlDynamicParam p) {
          values[i] = new Param(p.getIndex());
          while (params.size() <= p.getIndex()) {
            params.add(null);
          }
          params.set(p.getIndex(), paramMeta(targets.get(i), p.getIndex()));
        } else {
          Object[] constant = constant(item);
          if (constant == null) {
            return null;
          }
          values[i] = constant[0];
        }
      }
      rows.add(values);
    }
    if (params.contains(null)) {
      return null;
    }
    return new InsertValues(rows, params);
  }

  List<ColumnMeta> parameters() { return parameters; }

  /**
   * The rows with parameters filled in (values as given; the caller coerces them and does
   * not change them). One row, the common INSERT, comes back in a one-element list.
   */
  List<Object[]> rows(List<Object> args) {
    if (args.size() != parameters.size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "The statement has %d parameters but %d values were given", parameters.size(), args.size());
    }
    if (parameters.isEmpty()) {
      return rows;
    }
    if (rows.size() == 1) {
      return List.<Object[]>of(filled(rows.get(0), args));
    }
    List<Object[]> out = new ArrayList<>(rows.size());
    for (Object[] r : rows) {
      out.add(filled(r, args));
    }
    return out;
  }

  private static Object[] filled(Object[] row, List<Object> args) {
    Object[] filled = row.clone();
    for (int i = 0; i < filled.length; i++) {
      if (filled[i] instanceof Param p) {
        filled[i] = args.get(p.index());
      }
    }
    return filled;
  }

  /** {value} for a literal (or a negated numeric literal), null when not a plain constant. */
  private static Object[] constant(SqlNode item) {
    if (item.getKind() == SqlKind.DEFAULT) {
      return new Object[] {DEFAULT};
    }
    if (item instanceof SqlLiteral lit) {
      SqlTypeName t = lit.getTypeName();
      return switch (t) {
        case NULL -> new Object[] {null};
        case BOOLEAN -> new Object[] {lit.booleanValue()};
        case DECIMAL, INTEGER, BIGINT, DOUBLE, REAL, FLOAT -> new Object[] {lit.getValueAs(BigDecimal.class)};
        case CHAR, VARCHAR -> new Object[] {lit.getValueAs(String.class)};
        default -> null;
      };
    }
    if (item.getKind() == SqlKind.MINUS_PREFIX) {
      Object[] inner = constant(((SqlCall) item).operand(0));
      if (inner != null && inner[0] instanceof BigDecimal d) {
        return new Object[] {d.negate()};
      }
    }
    return null;
  }

  private static ColumnMeta paramMeta(ColumnDef c, int index) {
    return new ColumnMeta("?" + (index + 1), "", "", c.type().kind().jdbcType(), c.type().kind().name(),
        c.type().precision(), c.type().scale(), true, c.type().kind().javaClass());
  }
}
