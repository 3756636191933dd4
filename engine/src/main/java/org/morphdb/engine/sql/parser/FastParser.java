package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;

/**
 * A hand-written parser for the statements the sqllogictest corpus is made of (SELECT with
 * joins, sub-queries, set operations, ORDER BY / LIMIT; INSERT ... VALUES; DELETE), next to
 * Calcite's generated parser, whose syntactic lookahead costs about 1.5 µs a token.
 *
 * <p>It builds exactly the tree Calcite's parser builds for the same text (classes,
 * operators, literals, positions), or returns null whenever the statement uses anything
 * outside its subset or is not valid SQL: Calcite's parser stays the authority, and reports
 * the errors. {@code FastParserCorpusTest} holds it to Calcite's trees. It never throws.
 */
public final class FastParser extends FastExpressions {

  private FastParser(FastLexer lexer) {
    super(lexer);
  }

  /**
   * The statement's tree, as Calcite's parser with {@link MorphParser#CONFIG} makes it, or
   * null when the fast parser does not handle the text. One statement; a trailing semicolon
   * is allowed.
   */
  public static SqlNode parse(String sql) {
    try {
      FastLexer lexer = FastLexer.tokenize(sql);
      return lexer == null ? null : new FastParser(lexer).statement();
    } catch (Throwable e) { // BAIL, and anything else, e.g. StackOverflowError: not ours
      return null;
    }
  }

  private SqlNode statement() {
    SqlNode stmt;
    if (word("SELECT")) {
      stmt = orderedQuery();
    } else if (word("INSERT")) {
      stmt = insert();
    } else if (word("DELETE")) {
      stmt = delete();
    } else {
      return null;
    }
    if (sym(";")) {
      p++;
    }
    return t.kind[p] == FastLexer.EOF ? stmt : null;
  }

  @Override
  SqlNode orderedQuery() {
    SqlNode query = query();
    SqlNodeList orderBy = null;
    if (word("ORDER")) {
      orderBy = orderBy();
    }
    SqlNode offset = null;
    SqlNode fetch = null;
    if (word("LIMIT")) {
      p++;
      fetch = count();
      if (sym(",")) {
        p++;
        offset = fetch;
        fetch = count();
      } else if (word("OFFSET")) {
        p++;
        offset = count();
      }
    } else if (word("OFFSET") || word("FETCH")) {
      throw BAIL;
    }
    if (orderBy == null && offset == null && fetch == null) {
      return query;
    }
    return new SqlOrderBy(last(), query, orderBy == null ? SqlNodeList.EMPTY : orderBy,
        offset, fetch);
  }

  /** An unsigned integer, for LIMIT and OFFSET. */
  private SqlNode count() {
    if (t.kind[p] == FastLexer.INTEGER) {
      return SqlLiteral.createExactNumeric(t.text[p++], last());
    }
    throw BAIL;
  }

  private SqlNodeList orderBy() {
    Span s = Span.of(here());
    p++;
    expectWord("BY");
    List<SqlNode> items = commaSeparated(this::orderItem);
    return new SqlNodeList(items, s.addAll(items).pos());
  }

  private SqlNode orderItem() {
    SqlNode e = expression();
    if (word("ASC") || word("DESC")) {
      boolean desc = word("DESC");
      p++;
      if (desc) {
        e = SqlStdOperatorTable.DESC.createCall(e.getParserPosition().plus(last()), e);
      }
    }
    if (word("NULLS")) {
      p++;
      SqlOperator op = word("FIRST") ? SqlStdOperatorTable.NULLS_FIRST
          : word("LAST") ? SqlStdOperatorTable.NULLS_LAST : null;
      if (op == null) {
        throw BAIL;
      }
      p++;
      e = op.createCall(e.getParserPosition().plus(last()), e);
    }
    return e;
  }

  /** SELECTs joined by UNION, EXCEPT, INTERSECT. */
  private SqlNode query() {
    List<Object> list = new ArrayList<>();
    list.add(select());
    while (word("UNION") || word("EXCEPT") || word("INTERSECT") || word("MINUS")) {
      String w = t.text[p];
      p++;
      boolean all = word("ALL");
      if (all || word("DISTINCT")) {
        p++;
      }
      SqlOperator op;
      switch (w) {
        case "UNION": op = all ? SqlStdOperatorTable.UNION_ALL : SqlStdOperatorTable.UNION; break;
        case "EXCEPT": op = all ? SqlStdOperatorTable.EXCEPT_ALL : SqlStdOperatorTable.EXCEPT;
          break;
        case "INTERSECT": op = all ? SqlStdOperatorTable.INTERSECT_ALL
            : SqlStdOperatorTable.INTERSECT; break;
        default: throw BAIL;
      }
      list.add(new SqlParserUtil.ToTreeListItem(op, last()));
      list.add(select());
    }
    return list.size() == 1 ? (SqlNode) list.get(0) : SqlParserUtil.toTree(list);
  }

  private SqlSelect select() {
    Span s = Span.of(here());
    expectWord("SELECT");
    List<SqlNode> keywords = new ArrayList<>(1);
    if (word("DISTINCT") || word("ALL")) {
      keywords.add((word("ALL") ? SqlSelectKeyword.ALL : SqlSelectKeyword.DISTINCT)
          .symbol(here()));
      p++;
    }
    SqlNodeList keywordList = new SqlNodeList(keywords, s.addAll(keywords).pos());
    List<SqlNode> items = commaSeparated(this::selectItem);
    SqlNode from = null;
    SqlNode where = null;
    SqlNodeList groupBy = null;
    SqlNode having = null;
    if (word("FROM")) {
      p++;
      from = from();
      if (word("WHERE")) {
        p++;
        where = expression();
      }
      if (word("GROUP")) {
        groupBy = groupBy();
      }
      if (word("HAVING")) {
        p++;
        having = expression();
      }
    }
    if (word("WINDOW") || word("QUALIFY")) {
      throw BAIL;
    }
    return new SqlSelect(s.add(last()).pos(), keywordList,
        new SqlNodeList(items, Span.of(items).pos()), from, where, groupBy, having, null, null,
        null, null, null, new SqlNodeList(List.of(), last()));
  }

  private SqlNode selectItem() {
    SqlNode e;
    if (sym("*")) {
      e = SqlIdentifier.star(here());
      p++;
      return e;
    }
    if (isName() && t.kind[p + 1] == FastLexer.SYMBOL && t.text[p + 1].equals(".")) {
      int save = p;
      SqlIdentifier id = compoundName(true);
      if (id.isStar()) {
        return id;
      }
      p = save;
    }
    e = expression();
    return alias(e);
  }

  /** {@code e [AS] alias}, or {@code e}. */
  private SqlNode alias(SqlNode e) {
    SqlIdentifier alias;
    if (word("AS")) {
      p++;
      alias = simpleName();
    } else if (isAlias()) {
      alias = simpleName();
    } else {
      return e;
    }
    if (sym("(")) {
      throw BAIL; // column aliases
    }
    return SqlStdOperatorTable.AS.createCall(e.getParserPosition().plus(last()), e, alias);
  }

  private SqlNodeList groupBy() {
    Span s = Span.of(here());
    p++;
    expectWord("BY");
    List<SqlNode> items = commaSeparated(() -> {
      if (sym("(") || word("ALL") || word("DISTINCT")) {
        throw BAIL; // grouping sets, GROUP BY ALL/DISTINCT
      }
      return expression();
    });
    return new SqlNodeList(items, s.add(last()).pos());
  }

  private SqlNode from() {
    SqlNode e = tableRef();
    while (true) {
      if (sym(",")) {
        SqlParserPos pos = here();
        p++;
        e = new SqlJoin(pos, e, SqlLiteral.createBoolean(false, pos),
            JoinType.COMMA.symbol(pos), tableRef(),
            JoinConditionType.NONE.symbol(SqlParserPos.ZERO), null);
      } else if (word("JOIN") || word("INNER") || word("LEFT") || word("RIGHT")
          || word("CROSS")) {
        e = join(e);
      } else {
        return e;
      }
    }
  }

  private SqlNode join(SqlNode left) {
    SqlLiteral natural = SqlLiteral.createBoolean(false, last());
    JoinType type;
    if (word("JOIN")) {
      type = JoinType.INNER;
    } else {
      String w = t.text[p++];
      type = w.equals("INNER") ? JoinType.INNER : w.equals("LEFT") ? JoinType.LEFT
          : w.equals("RIGHT") ? JoinType.RIGHT : JoinType.CROSS;
      if (word("OUTER") && (type == JoinType.LEFT || type == JoinType.RIGHT)) {
        p++;
      }
    }
    expectWord("JOIN");
    SqlLiteral joinType = type.symbol(last());
    SqlNode right = tableRef();
    SqlParserPos pos = joinType.getParserPosition();
    if (word("ON")) {
      p++;
      SqlLiteral on = JoinConditionType.ON.symbol(last());
      return new SqlJoin(pos, left, natural, joinType, right, on, expression());
    }
    if (word("USING")) {
      throw BAIL;
    }
    return new SqlJoin(pos, left, natural, joinType, right, JoinConditionType.NONE.symbol(pos),
        null);
  }

  private SqlNode tableRef() {
    SqlNode e;
    if (sym("(")) {
      p++;
      if (word("SELECT")) {
        e = orderedQuery();
      } else {
        e = from(); // ( t1 AS a CROSS JOIN t2 ): the join keeps its own position
        if (!isJoinWithoutComma(e) || !sym(")") || wordAt(p + 1, "AS") || isAliasAt(p + 1)) {
          throw BAIL;
        }
      }
      expectSym(")");
    } else {
      e = compoundName(false);
      if (sym("(")) {
        throw BAIL; // a table function
      }
    }
    return alias(e);
  }

  /** A join, not a comma list (which Calcite's parser rejects in parentheses). */
  private static boolean isJoinWithoutComma(SqlNode e) {
    if (!(e instanceof SqlJoin)) {
      return false;
    }
    for (SqlNode n = e; n instanceof SqlJoin j; n = j.getLeft()) {
      if (j.getJoinType() == JoinType.COMMA) {
        return false;
      }
    }
    return true;
  }

  private SqlNode insert() {
    SqlParserPos start = here();
    p++;
    expectWord("INTO");
    SqlNodeList keywords = new SqlNodeList(start);
    SqlIdentifier table = compoundName(false);
    SqlNodeList columns = null;
    if (sym("(")) {
      SqlParserPos open = here();
      p++;
      List<SqlNode> names = commaSeparated(this::simpleName);
      expectSym(")");
      columns = new SqlNodeList(names, open.plus(last()));
    }
    if (!word("VALUES")) {
      throw BAIL;
    }
    SqlParserPos values = here();
    p++;
    List<SqlNode> rows = commaSeparated(() -> {
      SqlNodeList row = parenthesizedList();
      if (row.size() == 1 && row.get(0).isA(SqlKind.QUERY)) {
        throw BAIL;
      }
      return (SqlNode) SqlStdOperatorTable.ROW.createCall(row.getParserPosition(), row.getList());
    });
    SqlNode source = SqlStdOperatorTable.VALUES.createCall(values.plus(last()), rows);
    return new SqlInsert(start.plus(last()), keywords, table, source, columns);
  }

  private SqlNode delete() {
    SqlParserPos start = here();
    p++;
    expectWord("FROM");
    SqlIdentifier table = compoundName(false);
    if (word("AS") || isAlias()) {
      throw BAIL;
    }
    SqlNode where = null;
    if (word("WHERE")) {
      p++;
      where = expression();
    }
    return new SqlDelete(start.plus(last()), table, where, null, null);
  }
}
