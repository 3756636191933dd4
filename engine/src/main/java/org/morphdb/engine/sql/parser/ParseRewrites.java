package org.morphdb.engine.sql.parser;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Rewrites around the parser for SQL the sqllogictest corpus uses. Unary plus: see
 * {@link #rewriteQuery}. Empty IN lists:
 * {@code x IN ()} and {@code x NOT IN ()} (SQLite, and the sqllogictest corpus): an empty list
 * matches nothing, so {@code IN ()} is FALSE and {@code NOT IN ()} is TRUE, even when
 * {@code x} is NULL. Calcite's grammar wants at least one element, so the text is marked
 * before parsing ({@code IN ("$EMPTY_IN_LIST$")}) and the marked calls are replaced by the
 * boolean literal after it.
 */
final class ParseRewrites {
  static final String MARKER = "$EMPTY_IN_LIST$";
  private static final String MARKED = "(\"" + MARKER + "\")";

  private ParseRewrites() {}

  /** The SQL with every empty IN list marked, or the same string when there is none. */
  static String mark(String sql) {
    if (sql.indexOf('(') < 0 || !sql.toUpperCase(Locale.ROOT).contains("IN")) {
      return sql;
    }
    StringBuilder out = null;
    int copied = 0;
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        i = skipQuoted(sql, i, c);
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? n : eol + 1;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if ((c == 'i' || c == 'I') && i + 1 < n
          && (sql.charAt(i + 1) == 'n' || sql.charAt(i + 1) == 'N')
          && (i == 0 || !isWordChar(sql.charAt(i - 1)))
          && (i + 2 >= n || !isWordChar(sql.charAt(i + 2)))) {
        int j = skipSpace(sql, i + 2);
        if (j < n && sql.charAt(j) == '(') {
          int k = skipSpace(sql, j + 1);
          if (k < n && sql.charAt(k) == ')') {
            if (out == null) {
              out = new StringBuilder(n + 32);
            }
            out.append(sql, copied, j).append(MARKED);
            copied = k + 1;
            i = k + 1;
            continue;
          }
        }
        i += 2;
      } else {
        i++;
      }
    }
    return out == null ? sql : out.append(sql, copied, n).toString();
  }

  /** Replaces the marked IN calls of a parsed statement by their boolean values. */
  static SqlNode replace(SqlNode node) {
    SqlNode r = node.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlCall call) {
        if ((call.getKind() == SqlKind.IN || call.getKind() == SqlKind.NOT_IN)
            && call.operandCount() == 2 && isMarker(call.operand(1))) {
          return SqlLiteral.createBoolean(call.getKind() == SqlKind.NOT_IN,
              call.getParserPosition());
        }
        return super.visit(call);
      }
    });
    return r == null ? node : r;
  }

  /**
   * Drops unary plus from queries: {@code +x} is {@code x} whatever its type (SQLite,
   * H2), where Calcite would cast a string to a number. Also reduces {@code COALESCE} whose
   * first argument is a non-null literal to that literal.
   */
  static SqlNode rewriteQuery(SqlNode node) {
    if (!node.getKind().belongsTo(SqlKind.QUERY)) {
      return node;
    }
    SqlNode r = node.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlCall call) {
        SqlNode n = super.visit(call); // bottom-up: COALESCE(COALESCE(5, x), y) folds twice
        if (n == null) {
          n = call;
        }
        // each step makes the tree smaller; the bound is only a guard against a rewrite
        // that would undo another
        for (int i = 0; i < 64; i++) {
          SqlNode next = simplify(n);
          if (next == n) {
            break;
          }
          n = next;
        }
        return n;
      }
    });
    return r == null ? node : r;
  }

  /** One step of {@link #rewriteQuery}'s simplifications, or {@code n} itself. */
  private static SqlNode simplify(SqlNode n) {
    if (!(n instanceof SqlCall c)) {
      return n;
    }
    if (c.getKind() == SqlKind.PLUS_PREFIX && c.operandCount() == 1) {
      return c.operand(0);
    }
    if (c instanceof SqlCase sc) {
      return pruneConstantCase(sc);
    }
    if (c.getOperator().getName().equalsIgnoreCase("COALESCE")) {
      // COALESCE(x, 5, y) is COALESCE(x, 5): y is never read (SQLite and the corpus accept an
      // ungrouped y in a GROUP BY query, which the validator would reject); COALESCE(5, x) is 5
      List<SqlNode> args = c.getOperandList();
      for (int i = 0; i < args.size() - 1; i++) {
        if (isConstant(args.get(i))) {
          return i == 0 ? args.get(0)
              : c.getOperator().createCall(c.getParserPosition(), args.subList(0, i + 1));
        }
      }
    }
    return n;
  }

  /**
   * {@code CASE 8 WHEN 76 THEN x WHEN y THEN z ELSE w END}: a WHEN that is a number unequal to
   * the number compared is never taken, so it is dropped (with its THEN, which SQLite and the
   * corpus may let read an ungrouped column); an equal one ends the CASE.
   */
  private static SqlNode pruneConstantCase(SqlCase c) {
    List<SqlNode> whens = new ArrayList<>();
    List<SqlNode> thens = new ArrayList<>();
    SqlNode otherwise = c.getElseOperand();
    int typed = -1; // a dropped branch that reads no column, kept if only NULL would be left
    boolean changed = false;
    for (int i = 0; i < c.getWhenOperands().size(); i++) {
      SqlNode when = c.getWhenOperands().get(i);
      Boolean known = constantEquality(c.getValueOperand(), when);
      if (Boolean.TRUE.equals(known) && SqlUtil.isNullLiteral(c.getThenOperands().get(i), false)) {
        // taking a NULL branch would leave a bare NULL, whose type only the other branches
        // give (SUM(CASE 52 WHEN 52 THEN NULL ELSE -10 END) could not be implemented)
        known = null;
      }
      if (known == null) {
        whens.add(when);
        thens.add(c.getThenOperands().get(i));
      } else if (known) {
        otherwise = c.getThenOperands().get(i); // taken unless an earlier WHEN was
        changed = true;
        break;
      } else {
        if (typed < 0 && !readsColumns(c.getThenOperands().get(i))) {
          typed = i;
        }
        changed = true;
      }
    }
    if (!changed) {
      return c;
    }
    SqlParserPos pos = c.getParserPosition();
    boolean nullLeft = otherwise == null || SqlUtil.isNullLiteral(otherwise, false);
    if (otherwise == null) {
      otherwise = SqlLiteral.createNull(pos);
    }
    if (whens.isEmpty() && nullLeft && typed >= 0) {
      // a bare NULL would lose the CASE's type (- NULL cannot be typed): keep one branch
      if (c.getWhenOperands().size() == 1) {
        return c;
      }
      whens.add(c.getWhenOperands().get(typed));
      thens.add(c.getThenOperands().get(typed));
    }
    if (whens.isEmpty()) {
      return otherwise;
    }
    return new SqlCase(pos, c.getValueOperand(), new SqlNodeList(whens, pos),
        new SqlNodeList(thens, pos), otherwise);
  }

  /** Whether an expression mentions any column. */
  private static boolean readsColumns(SqlNode n) {
    boolean[] found = {false};
    n.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlIdentifier id) {
        found[0] = true;
        return id;
      }
    });
    return found[0];
  }

  /**
   * Whether a WHEN compares two numbers ({@code CASE 8 WHEN 76}, which the parser turns into
   * {@code WHEN 8 = 76}), and if so its value; null when it depends on the row.
   */
  private static Boolean constantEquality(SqlNode value, SqlNode when) {
    SqlNode left = value;
    SqlNode right = when;
    if (value == null) {
      if (!(when instanceof SqlCall eq) || eq.getKind() != SqlKind.EQUALS) {
        return null;
      }
      left = eq.operand(0);
      right = eq.operand(1);
    }
    BigDecimal a = numericValue(left);
    BigDecimal b = numericValue(right);
    return a == null || b == null ? null : a.compareTo(b) == 0;
  }

  /** The value of a numeric literal, maybe signed, or null. */
  private static BigDecimal numericValue(SqlNode n) {
    if (n instanceof SqlNumericLiteral lit) {
      return lit.getValueAs(BigDecimal.class);
    }
    if (n instanceof SqlCall c && c.operandCount() == 1
        && (c.getKind() == SqlKind.MINUS_PREFIX || c.getKind() == SqlKind.PLUS_PREFIX)) {
      BigDecimal v = numericValue(c.operand(0));
      return v == null || c.getKind() == SqlKind.PLUS_PREFIX ? v : v.negate();
    }
    return null;
  }

  /**
   * Never NULL and reads no column: a non-null literal, maybe signed, a sum, difference or
   * product of such, or a CAST of one ({@code - 62 * - 77}, {@code CAST(52 AS INTEGER) + 63}).
   * Not a quotient: SQLite's {@code x / 0} is NULL. (Such an expression may still fail, on
   * overflow or a bad cast; it fails the same way as the first argument of COALESCE.)
   */
  private static boolean isConstant(SqlNode n) {
    if (n instanceof SqlLiteral lit) {
      return lit.getValue() != null;
    }
    if (!(n instanceof SqlCall c)) {
      return false;
    }
    switch (c.getKind()) {
      case MINUS_PREFIX:
      case PLUS_PREFIX:
        return c.operandCount() == 1 && isConstant(c.operand(0));
      case PLUS:
      case MINUS:
      case TIMES:
        return c.operandCount() == 2 && isConstant(c.operand(0)) && isConstant(c.operand(1));
      case CAST:
        return c.operandCount() == 2 && isConstant(c.operand(0));
      default:
        return false;
    }
  }

  private static boolean isMarker(SqlNode n) {
    return n instanceof SqlNodeList list && list.size() == 1
        && list.get(0) instanceof SqlIdentifier id && id.isSimple()
        && id.getSimple().equals(MARKER);
  }

  private static int skipQuoted(String sql, int start, char quote) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return i;
  }

  private static int skipSpace(String sql, int i) {
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
