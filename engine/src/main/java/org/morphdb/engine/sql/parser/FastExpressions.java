package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Expressions for {@link FastParser}: the token cursor, and expressions built as Calcite's
 * grammar builds them, a flat list of operands and operators handed to
 * {@link SqlParserUtil#toTree}, so precedence, sign folding ({@code - 5} is the literal
 * {@code -5}) and positions come out as Calcite's parser makes them.
 *
 * <p>Anything outside the subset throws {@link #BAIL}, and the caller falls back to
 * Calcite's parser.
 */
abstract class FastExpressions {
  /** Thrown (never escapes {@link FastParser}) when the statement is outside the subset. */
  static final RuntimeException BAIL = new RuntimeException("not in the fast subset", null,
      false, false) { };

  /** Reserved words that are called like plain functions, {@code COUNT(*)}. */
  private static final Set<String> RESERVED_FUNCTIONS = Set.of(
      "ABS", "AVG", "COUNT", "MAX", "MIN", "SUM", "COALESCE", "NULLIF");

  /**
   * Non-reserved words that are never taken as an alias: they may start a clause or a
   * modifier of Calcite's grammar, which the fast parser leaves to Calcite's.
   */
  private static final Set<String> NOT_ALIASES = Set.of("ASC", "DESC", "NULLS", "FIRST",
      "LAST", "RESPECT", "IGNORE", "ROW", "ROWS", "A", "FORMAT", "PASSING", "EMPTY",
      "MATCH_RECOGNIZE", "PIVOT", "UNPIVOT", "SEMI", "ANTI", "MATCH_CONDITION");

  final FastLexer t;
  int p;
  private int dynamicParams;

  FastExpressions(FastLexer lexer) {
    this.t = lexer;
  }

  /** A query (SELECT, set operations, ORDER BY / LIMIT), e.g. inside parentheses. */
  abstract SqlNode orderedQuery();

  // ---- the cursor

  final boolean word(String w) {
    return t.kind[p] == FastLexer.WORD && t.text[p].equals(w);
  }

  final boolean wordAt(int i, String w) {
    return i < t.count && t.kind[i] == FastLexer.WORD && t.text[i].equals(w);
  }

  final boolean sym(String s) {
    return t.kind[p] == FastLexer.SYMBOL && t.text[p].equals(s);
  }

  final void expectWord(String w) {
    if (!word(w)) {
      throw BAIL;
    }
    p++;
  }

  final void expectSym(String s) {
    if (!sym(s)) {
      throw BAIL;
    }
    p++;
  }

  /** The position of the current token. */
  final SqlParserPos here() {
    return t.pos(p);
  }

  /** The position of the last token consumed (Calcite's {@code getPos()}). */
  final SqlParserPos last() {
    return t.pos(p - 1);
  }

  /** Whether the current token is a name: a quoted identifier or a non-reserved word. */
  final boolean isName() {
    return t.kind[p] == FastLexer.QUOTED || (t.kind[p] == FastLexer.WORD && !t.reserved[p]);
  }

  /** Whether the current token can be an alias without AS. */
  final boolean isAlias() {
    return isAliasAt(p);
  }

  final boolean isAliasAt(int i) {
    return t.kind[i] == FastLexer.QUOTED
        || (t.kind[i] == FastLexer.WORD && !t.reserved[i] && !NOT_ALIASES.contains(t.text[i]));
  }

  final SqlIdentifier simpleName() {
    if (!isName()) {
      throw BAIL;
    }
    SqlIdentifier id = new SqlIdentifier(t.text[p], here());
    p++;
    return id;
  }

  /** {@code a}, {@code a.b}, {@code a.*} (the star only when {@code star} allows it). */
  final SqlIdentifier compoundName(boolean star) {
    List<String> names = new ArrayList<>(2);
    List<SqlParserPos> positions = new ArrayList<>(2);
    SqlParserPos start = here();
    names.add(simpleName().getSimple());
    positions.add(last());
    while (sym(".")) {
      p++;
      if (star && sym("*")) {
        p++;
        names.add("");
        positions.add(last());
        return SqlIdentifier.star(names, start.plus(last()), positions);
      }
      names.add(simpleName().getSimple());
      positions.add(last());
    }
    return new SqlIdentifier(names, null, start.plus(last()), positions);
  }

  // ---- expressions

  final SqlNode expression() {
    List<Object> list = new ArrayList<>();
    expression2(list);
    return SqlParserUtil.toTree(list);
  }

  private void expression2(List<Object> list) {
    expression2b(list);
    while (true) {
      if (sym("=") || sym("<>") || sym("!=") || sym("<") || sym("<=") || sym(">")
          || sym(">=") || sym("+") || sym("-") || sym("*") || sym("/") || sym("%")
          || sym("||") || word("AND") || word("OR")) {
        SqlOperator op = binary(t.text[p]);
        p++;
        list.add(new SqlParserUtil.ToTreeListItem(op, last()));
        expression2b(list);
      } else if (word("IN") || (word("NOT") && wordAt(p + 1, "IN"))) {
        in(list);
      } else if (word("BETWEEN") || (word("NOT") && wordAt(p + 1, "BETWEEN"))) {
        SqlOperator op = word("NOT") ? SqlStdOperatorTable.NOT_BETWEEN
            : SqlStdOperatorTable.BETWEEN;
        p += word("NOT") ? 2 : 1;
        list.add(new SqlParserUtil.ToTreeListItem(op, last()));
        expression2b(list);
      } else if (word("LIKE") || (word("NOT") && wordAt(p + 1, "LIKE"))) {
        SqlParserPos pos = last();
        SqlOperator op = word("NOT") ? SqlStdOperatorTable.NOT_LIKE : SqlStdOperatorTable.LIKE;
        p += word("NOT") ? 2 : 1;
        list.add(new SqlParserUtil.ToTreeListItem(op, pos));
        expression2(list);
      } else if (word("IS")) {
        is(list);
      } else {
        return;
      }
    }
  }

  private static SqlOperator binary(String op) {
    switch (op) {
      case "=": return SqlStdOperatorTable.EQUALS;
      case "<>": case "!=": return SqlStdOperatorTable.NOT_EQUALS;
      case "<": return SqlStdOperatorTable.LESS_THAN;
      case "<=": return SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
      case ">": return SqlStdOperatorTable.GREATER_THAN;
      case ">=": return SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
      case "+": return SqlStdOperatorTable.PLUS;
      case "-": return SqlStdOperatorTable.MINUS;
      case "*": return SqlStdOperatorTable.MULTIPLY;
      case "/": return SqlStdOperatorTable.DIVIDE;
      case "%": return SqlStdOperatorTable.PERCENT_REMAINDER;
      case "||": return SqlStdOperatorTable.CONCAT;
      case "AND": return SqlStdOperatorTable.AND;
      case "OR": return SqlStdOperatorTable.OR;
      default: throw BAIL;
    }
  }

  /** {@code [NOT] IN (list)} or {@code [NOT] IN (query)}. */
  private void in(List<Object> list) {
    SqlOperator op = word("NOT") ? SqlStdOperatorTable.NOT_IN : SqlStdOperatorTable.IN;
    p += word("NOT") ? 2 : 1;
    list.add(new SqlParserUtil.ToTreeListItem(op, last()));
    SqlNodeList items = parenthesizedList();
    if (items.size() == 1 && items.get(0).isA(SqlKind.QUERY)) {
      list.add(items.get(0));
    } else {
      list.add(items);
    }
  }

  /** {@code IS [NOT] NULL|TRUE|FALSE|UNKNOWN}, {@code IS [NOT] DISTINCT FROM}. */
  private void is(List<Object> list) {
    p++;
    boolean not = word("NOT");
    if (not) {
      p++;
    }
    SqlOperator op;
    if (word("DISTINCT") && wordAt(p + 1, "FROM")) {
      p += 2;
      op = not ? SqlStdOperatorTable.IS_NOT_DISTINCT_FROM : SqlStdOperatorTable.IS_DISTINCT_FROM;
      list.add(new SqlParserUtil.ToTreeListItem(op, last()));
      expression2b(list);
      return;
    }
    if (word("NULL")) {
      op = not ? SqlStdOperatorTable.IS_NOT_NULL : SqlStdOperatorTable.IS_NULL;
    } else if (word("TRUE")) {
      op = not ? SqlStdOperatorTable.IS_NOT_TRUE : SqlStdOperatorTable.IS_TRUE;
    } else if (word("FALSE")) {
      op = not ? SqlStdOperatorTable.IS_NOT_FALSE : SqlStdOperatorTable.IS_FALSE;
    } else {
      throw BAIL;
    }
    p++;
    list.add(new SqlParserUtil.ToTreeListItem(op, last()));
  }

  /** Prefix operators, then one operand. */
  private void expression2b(List<Object> list) {
    while (true) {
      SqlOperator op;
      if (sym("-")) {
        op = SqlStdOperatorTable.UNARY_MINUS;
      } else if (sym("+")) {
        op = SqlStdOperatorTable.UNARY_PLUS;
      } else if (word("NOT")) {
        op = SqlStdOperatorTable.NOT;
      } else if (word("EXISTS") && t.kind[p + 1] == FastLexer.SYMBOL && t.text[p + 1].equals("(")
          && wordAt(p + 2, "SELECT")) {
        op = SqlStdOperatorTable.EXISTS;
      } else {
        break;
      }
      p++;
      list.add(new SqlParserUtil.ToTreeListItem(op, last()));
    }
    list.add(expression3());
    if (sym(".")) {
      throw BAIL;
    }
  }

  /** An operand: literal, parameter, name, call, CASE, CAST, or parenthesized. */
  private SqlNode expression3() {
    SqlParserPos pos = here();
    switch (t.kind[p]) {
      case FastLexer.INTEGER:
      case FastLexer.DECIMAL:
        return SqlLiteral.createExactNumeric(t.text[p++], pos);
      case FastLexer.APPROX:
        return SqlLiteral.createApproxNumeric(t.text[p++], pos);
      case FastLexer.STRING:
        if (t.kind[p + 1] == FastLexer.STRING) {
          throw BAIL; // 'a' 'b': continued literals
        }
        return SqlLiteral.createCharString(t.text[p++], pos);
      case FastLexer.QUOTED:
        return nameOrCall();
      case FastLexer.SYMBOL:
        if (sym("(")) {
          SqlNodeList items = parenthesizedList();
          if (items.size() != 1) {
            throw BAIL; // a row
          }
          return items.get(0).clone(items.getParserPosition());
        }
        if (sym("?")) {
          p++;
          return new SqlDynamicParam(dynamicParams++, pos);
        }
        throw BAIL;
      case FastLexer.WORD:
        return wordOperand(pos);
      default:
        throw BAIL;
    }
  }

  private SqlNode wordOperand(SqlParserPos pos) {
    if (!t.reserved[p]) {
      return nameOrCall();
    }
    switch (t.text[p]) {
      case "NULL":
        p++;
        return SqlLiteral.createNull(pos);
      case "TRUE":
      case "FALSE":
        return SqlLiteral.createBoolean(t.text[p++].equals("TRUE"), pos);
      case "CASE":
        return caseExpression();
      case "CAST":
        return cast();
      default:
        if (RESERVED_FUNCTIONS.contains(t.text[p]) && t.text[p + 1].equals("(")
            && t.kind[p + 1] == FastLexer.SYMBOL) {
          SqlIdentifier name = new SqlIdentifier(t.text[p], pos);
          p++;
          return call(name);
        }
        throw BAIL;
    }
  }

  private SqlNode nameOrCall() {
    if (t.kind[p + 1] == FastLexer.SYMBOL && t.text[p + 1].equals("(")) {
      if (t.kind[p] == FastLexer.WORD && t.keyword[p]) {
        throw BAIL; // GROUP_CONCAT(... SEPARATOR ...), JSON_OBJECT(...): special syntax
      }
      return call(simpleName());
    }
    return compoundName(false);
  }

  /** {@code name ( [ALL|DISTINCT] args )}, {@code name(*)}, {@code name()}. */
  private SqlNode call(SqlIdentifier name) {
    expectSym("(");
    SqlLiteral quantifier = null;
    if (word("DISTINCT") || word("ALL")) {
      quantifier = (word("ALL") ? SqlSelectKeyword.ALL : SqlSelectKeyword.DISTINCT)
          .symbol(here());
      p++;
    }
    List<SqlNode> args = new ArrayList<>();
    if (quantifier == null && sym("*") && t.kind[p + 1] == FastLexer.SYMBOL && t.text[p + 1].equals(")")) {
      args.add(SqlIdentifier.star(here()));
      p++;
    } else if (!sym(")")) {
      args.addAll(commaSeparated(this::expression));
    }
    expectSym(")");
    SqlOperator fun = new SqlUnresolvedFunction(name, null, null, null, null,
        SqlFunctionCategory.USER_DEFINED_FUNCTION);
    return fun.createCall(quantifier, name.getParserPosition().plus(last()), args);
  }

  private SqlNode caseExpression() {
    Span s = Span.of(here());
    p++;
    SqlNode value = word("WHEN") ? null : expression();
    Span whenSpan = Span.of();
    Span thenSpan = Span.of();
    List<SqlNode> whens = new ArrayList<>();
    List<SqlNode> thens = new ArrayList<>();
    do {
      expectWord("WHEN");
      whenSpan.add(last());
      whens.add(expression());
      expectWord("THEN");
      thenSpan.add(last());
      thens.add(expression());
    } while (word("WHEN"));
    SqlNode otherwise = null;
    if (word("ELSE")) {
      p++;
      otherwise = expression();
    }
    expectWord("END");
    return SqlCase.createSwitched(s.add(last()).pos(), value,
        new SqlNodeList(whens, whenSpan.addAll(whens).pos()),
        new SqlNodeList(thens, thenSpan.addAll(thens).pos()), otherwise);
  }

  private SqlNode cast() {
    SqlParserPos start = here();
    p++;
    expectSym("(");
    SqlNode e = expression();
    expectWord("AS");
    SqlDataTypeSpec type = dataType();
    expectSym(")");
    return SqlStdOperatorTable.CAST.createCall(start.plus(last()), e, type);
  }

  /** INTEGER, INT, BIGINT, SMALLINT, REAL, DOUBLE, FLOAT, VARCHAR(n), CHAR(n), DECIMAL(p[,s]). */
  private SqlDataTypeSpec dataType() {
    SqlParserPos start = here();
    if (t.kind[p] != FastLexer.WORD) {
      throw BAIL;
    }
    SqlTypeName type;
    boolean sized = false;
    switch (t.text[p]) {
      case "INTEGER": case "INT": type = SqlTypeName.INTEGER; break;
      case "BIGINT": type = SqlTypeName.BIGINT; break;
      case "SMALLINT": type = SqlTypeName.SMALLINT; break;
      case "REAL": type = SqlTypeName.REAL; break;
      case "FLOAT": type = SqlTypeName.FLOAT; break;
      case "VARCHAR": type = SqlTypeName.VARCHAR; sized = true; break;
      case "DECIMAL": case "DEC": case "NUMERIC": type = SqlTypeName.DECIMAL; sized = true; break;
      default: throw BAIL;
    }
    p++;
    int precision = RelDataType.PRECISION_NOT_SPECIFIED;
    int scale = RelDataType.SCALE_NOT_SPECIFIED;
    if (sized && sym("(")) {
      p++;
      precision = smallInt();
      if (sym(",") && type == SqlTypeName.DECIMAL) {
        p++;
        scale = smallInt();
      }
      expectSym(")");
    }
    SqlParserPos pos = start.plus(last());
    return new SqlDataTypeSpec(new SqlBasicTypeNameSpec(type, precision, scale, null, pos), pos);
  }

  private int smallInt() {
    if (t.kind[p] != FastLexer.INTEGER || t.text[p].length() > 6) {
      throw BAIL;
    }
    return Integer.parseInt(t.text[p++]);
  }

  /**
   * {@code ( item, ... )} where the first item may be a query; the list's position spans
   * the parentheses.
   */
  final SqlNodeList parenthesizedList() {
    SqlParserPos start = here();
    expectSym("(");
    List<SqlNode> items = new ArrayList<>();
    if (word("SELECT")) {
      items.add(orderedQuery());
    } else {
      items.addAll(commaSeparated(this::expression));
    }
    expectSym(")");
    return new SqlNodeList(items, start.plus(last()));
  }

  /** One item, then more after each comma. */
  final <T> List<T> commaSeparated(Supplier<T> item) {
    List<T> items = new ArrayList<>();
    items.add(item.get());
    while (sym(",")) {
      p++;
      items.add(item.get());
    }
    return items;
  }
}
