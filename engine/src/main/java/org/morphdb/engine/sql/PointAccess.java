package org.morphdb.engine.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.storage.Key;

/**
 * The fast path for primary-key point reads: {@code SELECT cols FROM t WHERE pk = ? [AND …]}
 * covering every key column with one equality against a literal or a parameter. It skips
 * the planner and runs as one key lookup. Anything else returns null and is planned.
 */
final class PointAccess {
  /** Marks a key value that is parameter number {@code index}. */
  record Param(int index) {}

  private final TableDef table;
  private final Object[] keyItems;
  private final int[] projection;
  private final List<ColumnMeta> columns;
  private final List<ColumnMeta> parameters;

  private PointAccess(TableDef table, Object[] keyItems, int[] projection, List<ColumnMeta> columns,
      List<ColumnMeta> parameters) {
    this.table = table;
    this.keyItems = keyItems;
    this.projection = projection;
    this.columns = columns;
    this.parameters = parameters;
  }

  TableDef table() { return table; }

  List<ColumnMeta> columns() { return columns; }

  List<ColumnMeta> parameters() { return parameters; }

  /** Column positions (in {@link TableDef#columns()}) of the result columns. */
  int[] projection() { return projection; }

  /**
   * The stored key for these arguments, or null when no row can match: a NULL, a fraction
   * for an integer column, a string longer than the column.
   */
  Key key(List<Object> args) {
    Object[] calcite = new Object[keyItems.length];
    for (int i = 0; i < calcite.length; i++) {
      ColumnDef c = table.columnById(table.primaryKey().get(i));
      Object v = keyItems[i] instanceof Param p ? args.get(p.index()) : keyItems[i];
      if (v == null || c.type().kind().isInteger() && !isIntegral(v)) {
        return null;
      }
      if (v instanceof String str && c.type().precision() > 0 && str.length() > c.type().precision()) {
        return null;
      }
      calcite[i] = Coercion.toColumn(c.type(), v, c.name());
    }
    return TxTableSource.storedKey(table, table.primaryKey(), calcite);
  }

  private static boolean isIntegral(Object v) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return true;
    }
    if (v instanceof BigDecimal d) {
      return d.stripTrailingZeros().scale() <= 0;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return d == Math.rint(d) && !Double.isInfinite(d);
    }
    return false; // strings and others: let the planner's CAST semantics decide
  }

  /** The fast path for this query against this table version, or null. */
  static PointAccess of(SqlNode node, java.util.function.Function<SqlIdentifier, TableDef> tables) {
    if (!(node instanceof SqlSelect s) || s.isDistinct() || s.getGroup() != null || s.getHaving() != null
        || s.getOrderList() != null || s.getOffset() != null || s.getFetch() != null
        || s.getWindowList() != null && !s.getWindowList().isEmpty()
        || !(s.getFrom() instanceof SqlIdentifier from) || s.getWhere() == null) {
      return null;
    }
    TableDef t = tables.apply(from);
    int[] projection = t == null ? null : projection(s.getSelectList(), t, from);
    PointAccess access = projection == null ? null : of(t, from, s.getWhere(), projection);
    return access == null || access.parameters.contains(null) ? null : access;
  }

  /**
   * Key access to {@code t} when {@code where} fixes exactly its primary key (for point
   * reads, and for the point UPDATE and DELETE of {@link DmlRunner}), else null.
   */
  static PointAccess of(TableDef t, SqlIdentifier from, SqlNode where, int[] projection) {
    if (where == null || t.hasHiddenRowId() || !t.primaryKey().stream()
        .map(id -> t.columnById(id).type().kind()).allMatch(k -> k.isInteger() || k.isString())) {
      return null;
    }
    Object[] items = keyItems(where, t, from);
    if (items == null) {
      return null;
    }
    List<ColumnMeta> columns = new ArrayList<>();
    for (int p : projection) {
      columns.add(meta(t.columns().get(p), t));
    }
    List<ColumnMeta> params = new ArrayList<>();
    for (int i = 0; i < items.length; i++) {
      ColumnDef c = t.columnById(t.primaryKey().get(i));
      if (items[i] instanceof Param p) {
        while (params.size() <= p.index()) {
          params.add(null);
        }
        params.set(p.index(), meta(c, t));
      } else if (items[i] instanceof String && c.type().kind().isInteger()) {
        return null; // a string compared with a number: the planner's CAST rules decide
      }
    }
    return new PointAccess(t, items, projection, columns, params);
  }

  /** Metadata of parameter {@code index} if it is a key value, else null. */
  ColumnMeta parameter(int index) {
    return index < parameters.size() ? parameters.get(index) : null;
  }

  private static int[] projection(SqlNodeList list, TableDef t, SqlIdentifier from) {
    List<Integer> out = new ArrayList<>();
    for (SqlNode item : list) {
      if (item instanceof SqlIdentifier id && id.isStar() && (id.names.size() == 1 || qualifies(id, from, 1))) {
        for (int i = 0; i < t.columns().size(); i++) {
          out.add(i);
        }
      } else if (item instanceof SqlIdentifier id && !id.isStar()) {
        int pos = column(id, t, from);
        if (pos < 0) {
          return null;
        }
        out.add(pos);
      } else {
        return null;
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** One item per primary-key column: a constant or a Param; null when the WHERE is not exactly that. */
  private static Object[] keyItems(SqlNode where, TableDef t, SqlIdentifier from) {
    List<SqlNode> conjuncts = new ArrayList<>();
    flattenAnd(where, conjuncts);
    List<Integer> pk = t.primaryKey();
    if (conjuncts.size() != pk.size()) {
      return null;
    }
    Object[] items = new Object[pk.size()];
    for (SqlNode c : conjuncts) {
      if (!(c instanceof SqlBasicCall call) || call.getKind() != SqlKind.EQUALS) {
        return null;
      }
      SqlNode left = call.operand(0);
      SqlNode right = call.operand(1);
      if (!(left instanceof SqlIdentifier)) {
        SqlNode tmp = left;
        left = right;
        right = tmp;
      }
      if (!(left instanceof SqlIdentifier id)) {
        return null;
      }
      int pos = column(id, t, from);
      int k = pos < 0 ? -1 : pk.indexOf(t.columns().get(pos).id());
      Object value = value(right);
      if (k < 0 || items[k] != null || value == null) {
        return null;
      }
      items[k] = value;
    }
    return items;
  }

  private static void flattenAnd(SqlNode n, List<SqlNode> out) {
    if (n instanceof SqlCall call && call.getKind() == SqlKind.AND) {
      for (SqlNode o : call.getOperandList()) {
        flattenAnd(o, out);
      }
    } else {
      out.add(n);
    }
  }

  /** A Param, or a non-null numeric or string literal; null for anything else. */
  static Object value(SqlNode n) {
    if (n instanceof SqlDynamicParam p) {
      return new Param(p.getIndex());
    }
    if (n instanceof SqlLiteral lit) {
      SqlTypeName type = lit.getTypeName();
      if (type == SqlTypeName.DECIMAL || type == SqlTypeName.INTEGER || type == SqlTypeName.BIGINT) {
        return lit.getValueAs(BigDecimal.class);
      }
      if (type == SqlTypeName.CHAR || type == SqlTypeName.VARCHAR) {
        return lit.getValueAs(String.class);
      }
    }
    return null;
  }

  private static int column(SqlIdentifier id, TableDef t, SqlIdentifier from) {
    if (id.names.size() == 2 && !qualifies(id, from, 1)) {
      return -1;
    }
    if (id.names.size() > 2) {
      return -1;
    }
    String name = id.names.get(id.names.size() - 1);
    for (int i = 0; i < t.columns().size(); i++) {
      if (t.columns().get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the qualifier of {@code id} (all but its last {@code tail} names) names the table. */
  private static boolean qualifies(SqlIdentifier id, SqlIdentifier from, int tail) {
    List<String> qualifier = id.names.subList(0, id.names.size() - tail);
    List<String> table = from.names;
    return table.size() >= qualifier.size()
        && table.subList(table.size() - qualifier.size(), table.size()).equals(qualifier);
  }

  static ColumnMeta meta(ColumnDef c, TableDef t) {
    TypeKind kind = c.type().kind().resultKind(); // as a planned query describes it
    return new ColumnMeta(c.name(), t.schema(), t.name(), kind.jdbcType(), kind.sqlName(),
        c.type().precision(), c.type().scale(), c.nullable(), kind.javaClass());
  }
}
