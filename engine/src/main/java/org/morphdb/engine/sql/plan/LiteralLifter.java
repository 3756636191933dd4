package org.morphdb.engine.sql.plan;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlCollation;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Replaces numeric and character literals by parameters, so statements that differ only in
 * their constants share a plan. Each literal becomes {@code CAST(? AS type)}, typed as the
 * literal was (strings as VARCHAR, so CASE and UNION results are never blank-padded); equal
 * literals share one parameter, so {@code GROUP BY a + 1} still matches {@code SELECT a + 1}. Literals whose position gives them meaning stay: ORDER BY and GROUP
 * BY ordinals, LIMIT / OFFSET / FETCH, window frames, LIKE escapes. The result is a deep copy
 * of the calls and lists (validation mutates them), leaving the input untouched.
 */
final class LiteralLifter extends SqlShuttle {
  /**
   * The lifted statement, the lifted values (Calcite repr) and types, a cache key, and where
   * the names of the statement's identifiers lie in the key ({@link ShapeKey#write}).
   */
  record Lifted(SqlNode node, List<Object> values, List<RelDataType> types, String key,
      int[] names) {}

  static final int DECIMAL_PRECISION = 19;

  private final RelDataTypeFactory typeFactory;
  private final int firstIndex;
  private final boolean liftLiterals;
  private final Map<List<Object>, Integer> seen = new HashMap<>();
  private final List<Object> values = new ArrayList<>();
  private final List<RelDataType> types = new ArrayList<>();
  private final StringBuilder signature = new StringBuilder();
  private RelDataType intType;
  private RelDataType doubleType;

  private LiteralLifter(RelDataTypeFactory typeFactory, int firstIndex, boolean liftLiterals) {
    this.typeFactory = typeFactory;
    this.firstIndex = firstIndex;
    this.liftLiterals = liftLiterals;
  }

  /**
   * @param userParameters the number of {@code ?} in the statement: lifted ones come after
   * @param liftLiterals   false to only copy the statement and compute its key
   */
  static Lifted lift(SqlNode node, RelDataTypeFactory typeFactory, int userParameters,
      boolean liftLiterals) {
    LiteralLifter l = new LiteralLifter(typeFactory, userParameters, liftLiterals);
    SqlNode out = node.accept(l);
    StringBuilder key = new StringBuilder(liftLiterals ? "L" : "C");
    int[] names = ShapeKey.write(out, userParameters, key);
    key.append('\u0000').append(l.signature);
    for (RelDataType t : l.types) {
      key.append('\u0000').append(t.getFullTypeString());
    }
    return new Lifted(out, List.copyOf(l.values), List.copyOf(l.types), key.toString(), names);
  }

  /** A copy of the statement, literals and all (see {@link #copiesFully}). */
  static SqlNode copy(SqlNode node) {
    return node.accept(new LiteralLifter(null, 0, false));
  }

  /**
   * Whether {@link #lift} copies the whole statement: it leaves windows, OVER, MATCH_RECOGNIZE,
   * PIVOT, TABLESAMPLE and INTERVAL calls as they are, and validation may rewrite those.
   */
  static boolean copiesFully(SqlNode node) {
    boolean[] shared = {false};
    // a visitor, not a shuttle: a shuttle rebuilds the operand list of every call it passes
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        switch (call.getKind()) {
          case WINDOW, OVER, MATCH_RECOGNIZE, PIVOT, UNPIVOT, TABLESAMPLE, INTERVAL:
            shared[0] = true;
            return null;
          default:
            return shared[0] ? null : super.visit(call);
        }
      }
    });
    return !shared[0];
  }

  /** Number of {@code ?} in a statement. */
  static int countParameters(SqlNode node) {
    int[] max = {-1};
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlDynamicParam p) {
        max[0] = Math.max(max[0], p.getIndex());
        return null;
      }
    });
    return max[0] + 1;
  }

  @Override
  public SqlNode visit(SqlLiteral literal) {
    if (!liftLiterals) {
      return literal;
    }
    Object value;
    RelDataType type;
    if (literal instanceof SqlNumericLiteral n) {
      type = numericType(n);
      value = numericValue(n.getValueAs(BigDecimal.class), type.getSqlTypeName());
    } else if (literal instanceof SqlCharStringLiteral) {
      RelDataType varchar = typeFactory.createTypeWithNullability(
          typeFactory.createSqlType(SqlTypeName.VARCHAR), false);
      type = typeFactory.createTypeWithCharsetAndCollation(varchar,
          typeFactory.getDefaultCharset(), SqlCollation.IMPLICIT);
      value = literal.getValueAs(String.class);
    } else {
      return literal;
    }
    if (value == null) {
      return literal;
    }
    int index = seen.computeIfAbsent(List.of(value, type.getFullTypeString()), k -> {
      values.add(value);
      types.add(type);
      return firstIndex + values.size() - 1;
    });
    signature.append(index).append(',');
    SqlParserPos pos = literal.getParserPosition();
    return SqlStdOperatorTable.CAST.createCall(pos, new SqlDynamicParam(index, pos),
        SqlTypeUtil.convertTypeToSpec(type));
  }

  /**
   * The literal's type; DECIMALs get at least {@link #DECIMAL_PRECISION} digits so that
   * decimals of one scale share plans.
   */
  private RelDataType numericType(SqlNumericLiteral n) {
    RelDataType t = commonNumericType(n);
    if (t.getSqlTypeName() == SqlTypeName.DECIMAL && t.getPrecision() < DECIMAL_PRECISION) {
      return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL,
          DECIMAL_PRECISION, t.getScale()), t.isNullable());
    }
    return t;
  }

  /**
   * {@code n.createSqlType(typeFactory)}, with the types of integers and approximate numbers
   * made once per statement: the factory interns every type it makes, which was a good part
   * of lifting a long IN list. The same rules as Calcite's: an exact number without a scale is
   * INTEGER if it fits an int, else BIGINT if it fits a long; an approximate one is DOUBLE.
   */
  private RelDataType commonNumericType(SqlNumericLiteral n) {
    if (!n.isExact()) {
      return doubleType == null ? doubleType = n.createSqlType(typeFactory) : doubleType;
    }
    Integer scale = n.getScale();
    BigDecimal v = n.getValueAs(BigDecimal.class);
    // nine digits or fewer always fit an int
    if (scale != null && scale == 0 && v != null && v.precision() - v.scale() <= 9) {
      return intType == null ? intType = n.createSqlType(typeFactory) : intType;
    }
    return n.createSqlType(typeFactory);
  }

  private static Object numericValue(BigDecimal d, SqlTypeName type) {
    return switch (type) {
      case INTEGER -> d.intValueExact();
      case BIGINT -> d.longValueExact();
      case DOUBLE, FLOAT -> d.doubleValue();
      case REAL -> d.floatValue();
      case DECIMAL -> d;
      default -> null;
    };
  }

  /** Identifiers are copied too: validation may rewrite them, and the input stays intact. */
  @Override
  public SqlNode visit(SqlIdentifier id) {
    return id.clone(id.getParserPosition());
  }

  @Override
  public SqlNode visit(SqlDynamicParam param) {
    signature.append('u').append(param.getIndex()).append(',');
    return param;
  }

  @Override
  public SqlNode visit(SqlNodeList list) {
    List<SqlNode> copy = new ArrayList<>(list.size());
    for (SqlNode n : list) {
      copy.add(n == null ? null : n.accept(this));
    }
    return new SqlNodeList(copy, list.getParserPosition());
  }

  @Override
  public SqlNode visit(SqlCall call) {
    if (call instanceof SqlSelect select) {
      return select(select);
    }
    if (call instanceof SqlOrderBy orderBy) {
      return new SqlOrderBy(orderBy.getParserPosition(), orderBy.query.accept(this),
          ordinals(orderBy.orderList), orderBy.offset, orderBy.fetch);
    }
    switch (call.getKind()) {
      case WINDOW, OVER, MATCH_RECOGNIZE, PIVOT, UNPIVOT, TABLESAMPLE, INTERVAL:
        return call;
      case LIKE, SIMILAR:
        if (call.operandCount() == 3) {
          return copy(call, call.operandCount() - 1);
        }
        break;
      default:
        break;
    }
    return copy(call, call.operandCount());
  }

  /** A copy of the call with its first {@code visit} operands visited. */
  private SqlNode copy(SqlCall call, int visit) {
    List<SqlNode> ops = call.getOperandList();
    SqlNode[] out = new SqlNode[ops.size()];
    for (int i = 0; i < out.length; i++) {
      SqlNode op = ops.get(i);
      out[i] = op == null || i >= visit ? op : op.accept(this);
    }
    return call.getOperator().createCall(call.getFunctionQuantifier(), call.getParserPosition(), out);
  }

  private SqlNode select(SqlSelect s) {
    List<SqlNode> ops = s.getOperandList();
    SqlNode[] out = new SqlNode[ops.size()];
    for (int i = 0; i < out.length; i++) {
      SqlNode op = ops.get(i);
      if (op == null || op == s.getFetch() || op == s.getOffset() || op == s.getWindowList()) {
        out[i] = op;
      } else if (op == s.getGroup() || op == s.getOrderList()) {
        out[i] = ordinals((SqlNodeList) op);
      } else {
        out[i] = op.accept(this);
      }
    }
    return s.getOperator().createCall(s.getFunctionQuantifier(), s.getParserPosition(), out);
  }

  /** An ORDER BY or GROUP BY list: top-level literals are ordinals (or constants) and stay. */
  private SqlNodeList ordinals(SqlNodeList list) {
    if (list == null) {
      return null;
    }
    List<SqlNode> copy = new ArrayList<>(list.size());
    for (SqlNode n : list) {
      copy.add(isOrdinal(n) ? n : n.accept(this));
    }
    return new SqlNodeList(copy, list.getParserPosition());
  }

  private static boolean isOrdinal(SqlNode n) {
    if (n instanceof SqlLiteral) {
      return true;
    }
    if (n instanceof SqlCall c && (c.getKind() == SqlKind.DESCENDING
        || c.getKind() == SqlKind.NULLS_FIRST || c.getKind() == SqlKind.NULLS_LAST)) {
      return isOrdinal(c.operand(0));
    }
    return false;
  }
}
