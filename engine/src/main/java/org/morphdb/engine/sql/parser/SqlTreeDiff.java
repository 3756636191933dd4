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
    String d = diff(expected, actual);
    if (d != null || expected == null) {
      return d;
    }
    String a = expected.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    String b = actual.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    return a.equals(b) ? null : "unparsed: " + a + " vs " + b;
  }

  /** The first difference, as a path from {@code a} down ("/SqlSelect[3]/..."), or null. */
  private static String diff(SqlNode a, SqlNode b) {
    if (a == null || b == null) {
      return a == b ? null : ": " + a + " vs " + b;
    }
    String d = node(a, b);
    return d == null ? null : "/" + a.getClass().getSimpleName() + d;
  }

  private static String node(SqlNode a, SqlNode b) {
    if (a.getClass() != b.getClass() || a.getKind() != b.getKind()) {
      return ": " + a.getClass().getSimpleName() + " " + a.getKind() + " vs "
          + b.getClass().getSimpleName() + " " + b.getKind();
    }
    if (!samePos(a.getParserPosition(), b.getParserPosition())) {
      return " position " + a.getParserPosition() + " vs " + b.getParserPosition() + " at " + a;
    }
    if (a instanceof SqlLiteral x) {
      SqlLiteral y = (SqlLiteral) b; // the text is compared at the end, with the whole tree
      return x.getTypeName() == y.getTypeName() && Objects.equals(x.getValue(), y.getValue())
          ? null : ": literal " + x.getTypeName() + " " + x + " vs " + y.getTypeName() + " " + y;
    }
    if (a instanceof SqlIdentifier x) {
      return identifier(x, (SqlIdentifier) b);
    }
    if (a instanceof SqlDynamicParam x) {
      return x.getIndex() == ((SqlDynamicParam) b).getIndex() ? null : ": index";
    }
    if (a instanceof SqlDataTypeSpec x) {
      SqlDataTypeSpec y = (SqlDataTypeSpec) b;
      return x.equalsDeep(y, Litmus.IGNORE) && x.toString().equals(y.toString())
          && Objects.equals(x.getNullable(), y.getNullable())
          ? prefix("[name]", diff(x.getTypeNameSpec().getTypeName(),
              y.getTypeNameSpec().getTypeName()))
          : ": type " + x + " vs " + y;
    }
    if (a instanceof SqlNodeList x) {
      return list(x.getList(), ((SqlNodeList) b).getList());
    }
    if (a instanceof SqlCall x) {
      SqlCall y = (SqlCall) b;
      String op = operator(x.getOperator(), y.getOperator());
      if (op != null) {
        return op;
      }
      String q = diff(x.getFunctionQuantifier(), y.getFunctionQuantifier());
      return q != null ? "[quantifier]" + q : list(x.getOperandList(), y.getOperandList());
    }
    return a.equalsDeep(b, Litmus.IGNORE) ? null : ": " + a + " vs " + b;
  }

  private static String prefix(String segment, String d) {
    return d == null ? null : segment + d;
  }

  private static String identifier(SqlIdentifier x, SqlIdentifier y) {
    if (!x.names.equals(y.names) || !Objects.equals(x.getCollation(), y.getCollation())) {
      return ": names " + x.names + " vs " + y.names;
    }
    for (int i = 0; i < x.names.size(); i++) {
      if (!samePos(x.getComponentParserPosition(i), y.getComponentParserPosition(i))) {
        return ": component " + i + " position of " + x;
      }
    }
    return null;
  }

  private static String operator(SqlOperator x, SqlOperator y) {
    if (x == y) {
      return null;
    }
    if (x instanceof SqlUnresolvedFunction f && y instanceof SqlUnresolvedFunction g
        && f.getName().equals(g.getName()) && f.getFunctionType() == g.getFunctionType()
        && f.getKind() == g.getKind()) {
      return prefix("[function name]", diff(f.getSqlIdentifier(), g.getSqlIdentifier()));
    }
    return ": operator " + x.getName() + " (" + x.getClass().getSimpleName() + ") vs "
        + y.getName() + " (" + y.getClass().getSimpleName() + ")";
  }

  private static String list(List<SqlNode> a, List<SqlNode> b) {
    if (a.size() != b.size()) {
      return ": " + a.size() + " operands vs " + b.size();
    }
    for (int i = 0; i < a.size(); i++) {
      String d = diff(a.get(i), b.get(i));
      if (d != null) {
        return "[" + i + "]" + d;
      }
    }
    return null;
  }

  private static boolean samePos(SqlParserPos a, SqlParserPos b) {
    return a.getLineNum() == b.getLineNum() && a.getColumnNum() == b.getColumnNum()
        && a.getEndLineNum() == b.getEndLineNum() && a.getEndColumnNum() == b.getEndColumnNum();
  }
}
