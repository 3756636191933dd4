package org.morphdb.engine.sql.parser;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;

/**
 * Compares two parse trees node by node: class, kind, operator (the same instance, or for
 * unresolved functions the same name and category), function quantifier, literal type and
 * value, identifier names and component positions, data types, and the position of every
 * node; finally the unparsed SQL. The tests hold {@link FastParser} to Calcite's parser with
 * it.
 */
public final class SqlTreeDiff {
  private SqlTreeDiff() {}

  /** The first difference between the trees, or null when they are the same. */
  public static String difference(SqlNode expected, SqlNode actual) {
    String d = diff("", expected, actual);
    if (d != null || expected == null) {
      return d;
    }
    String a = expected.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    String b = actual.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    return a.equals(b) ? null : "unparsed: " + a + " vs " + b;
  }

  private static String diff(String path, SqlNode a, SqlNode b) {
    if (a == null || b == null) {
      return a == b ? null : path + ": " + a + " vs " + b;
    }
    String here = path + "/" + a.getClass().getSimpleName();
    if (a.getClass() != b.getClass() || a.getKind() != b.getKind()) {
      return here + ": " + a.getClass().getSimpleName() + " " + a.getKind() + " vs "
          + b.getClass().getSimpleName() + " " + b.getKind();
    }
    if (!samePos(a.getParserPosition(), b.getParserPosition())) {
      return here + " position " + a.getParserPosition() + " vs " + b.getParserPosition()
          + " at " + a;
    }
    if (a instanceof SqlLiteral x) {
      SqlLiteral y = (SqlLiteral) b;
      return x.getTypeName() == y.getTypeName() && Objects.equals(x.getValue(), y.getValue())
          && x.toString().equals(y.toString()) ? null
          : here + ": literal " + x.getTypeName() + " " + x + " vs " + y.getTypeName() + " " + y;
    }
    if (a instanceof SqlIdentifier x) {
      return identifier(here, x, (SqlIdentifier) b);
    }
    if (a instanceof SqlDynamicParam x) {
      return x.getIndex() == ((SqlDynamicParam) b).getIndex() ? null : here + ": index";
    }
    if (a instanceof SqlDataTypeSpec x) {
      SqlDataTypeSpec y = (SqlDataTypeSpec) b;
      return x.equalsDeep(y, Litmus.IGNORE) && x.toString().equals(y.toString())
          && Objects.equals(x.getNullable(), y.getNullable())
          ? diff(here + "[name]", x.getTypeNameSpec().getTypeName(),
              y.getTypeNameSpec().getTypeName())
          : here + ": type " + x + " vs " + y;
    }
    if (a instanceof SqlNodeList x) {
      return list(here, x.getList(), ((SqlNodeList) b).getList());
    }
    if (a instanceof SqlCall x) {
      SqlCall y = (SqlCall) b;
      String op = operator(here, x.getOperator(), y.getOperator());
      if (op != null) {
        return op;
      }
      String q = diff(here + "[quantifier]", x.getFunctionQuantifier(), y.getFunctionQuantifier());
      return q != null ? q : list(here, x.getOperandList(), y.getOperandList());
    }
    return a.equalsDeep(b, Litmus.IGNORE) ? null : here + ": " + a + " vs " + b;
  }

  private static String identifier(String here, SqlIdentifier x, SqlIdentifier y) {
    if (!x.names.equals(y.names) || !Objects.equals(x.getCollation(), y.getCollation())) {
      return here + ": names " + x.names + " vs " + y.names;
    }
    for (int i = 0; i < x.names.size(); i++) {
      if (!samePos(x.getComponentParserPosition(i), y.getComponentParserPosition(i))) {
        return here + ": component " + i + " position of " + x;
      }
    }
    return null;
  }

  private static String operator(String here, SqlOperator x, SqlOperator y) {
    if (x == y) {
      return null;
    }
    if (x instanceof SqlUnresolvedFunction f && y instanceof SqlUnresolvedFunction g
        && f.getName().equals(g.getName()) && f.getFunctionType() == g.getFunctionType()
        && f.getKind() == g.getKind()) {
      return diff(here + "[function name]", f.getSqlIdentifier(), g.getSqlIdentifier());
    }
    return here + ": operator " + x.getName() + " (" + x.getClass().getSimpleName() + ") vs "
        + y.getName() + " (" + y.getClass().getSimpleName() + ")";
  }

  private static String list(String here, List<SqlNode> a, List<SqlNode> b) {
    if (a.size() != b.size()) {
      return here + ": " + a.size() + " operands vs " + b.size();
    }
    for (int i = 0; i < a.size(); i++) {
      String d = diff(here + "[" + i + "]", a.get(i), b.get(i));
      if (d != null) {
        return d;
      }
    }
    return null;
  }

  private static boolean samePos(SqlParserPos a, SqlParserPos b) {
    return a.getLineNum() == b.getLineNum() && a.getColumnNum() == b.getColumnNum()
        && a.getEndLineNum() == b.getEndLineNum() && a.getEndColumnNum() == b.getEndColumnNum();
  }
}
