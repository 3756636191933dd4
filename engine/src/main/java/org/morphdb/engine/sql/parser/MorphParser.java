package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.Span;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Parses MorphDB SQL: Calcite's grammar plus MorphDB's DDL
 * ({@link MorphSqlParserImpl}, generated from {@code src/main/codegen}). A single common
 * statement is first tried with {@link FastParser}, which makes the same tree much faster or
 * declines, and then this parser decides.
 *
 * <p>Identifiers: unquoted ones are folded to upper case, double-quoted ones
 * kept as written, and names are case sensitive. Conformance is Calcite's
 * {@link SqlConformanceEnum#LENIENT}: {@code !=}, {@code LIMIT n OFFSET m},
 * {@code LIMIT m, n}, SELECT without FROM, GROUP BY alias and ordinal.
 *
 * <p>Every failure is a {@link MorphException} with
 * {@link ErrorCode#SYNTAX_ERROR}; nothing else escapes, not even a
 * {@link StackOverflowError} from a very deeply nested statement.
 */
public final class MorphParser {

  /** The parser settings; the validator and planner should use the same. */
  public static final SqlParser.Config CONFIG = SqlParser.config()
      .withParserFactory(MorphSqlParserImpl.FACTORY)
      .withQuoting(Quoting.DOUBLE_QUOTE)
      .withUnquotedCasing(Casing.TO_UPPER)
      .withQuotedCasing(Casing.UNCHANGED)
      .withCaseSensitive(true)
      .withConformance(SqlConformanceEnum.LENIENT);

  /** How many expected tokens a message lists before it stops. */
  private static final int MAX_EXPECTED = 8;

  /** Identifier tokens of quoting styles MorphDB does not use; not worth listing. */
  private static final Set<String> OTHER_QUOTING_TOKENS = Set.of(
      "<BACK_QUOTED_IDENTIFIER>", "<BIG_QUERY_BACK_QUOTED_IDENTIFIER>",
      "<BRACKET_QUOTED_IDENTIFIER>", "<HYPHENATED_IDENTIFIER>", "<UNICODE_QUOTED_IDENTIFIER>");

  /** How much source text a message quotes. */
  private static final int MAX_NEAR = 40;

  static {
    // Load and initialize the parser's classes (operator tables, error
    // reporting) at a shallow stack depth: a class whose static initializer
    // overflows the stack is unusable for the life of the JVM.
    parseList("SELECT a + 1, -b, NOT c, CAST(d AS INT), CASE WHEN e THEN 1 END, f(g)"
        + " FROM t WHERE a = 1 AND b IN (SELECT 1) OR c LIKE 'x'"
        + " ORDER BY 1 DESC LIMIT 1 OFFSET 1; CREATE TABLE t (a INT NOT NULL PRIMARY KEY);"
        + " ALTER TABLE t ADD COLUMN b INT");
    FastParser.parse("SELECT a FROM t WHERE b IN (1) ORDER BY 1"); // its classes too
    try {
      parse("SELECT FROM");
    } catch (MorphException expected) {
      // warms up the error path
    }
  }

  private MorphParser() {}

  /** Parses one statement; a trailing semicolon is allowed. */
  public static SqlNode parse(String sql) {
    final SqlNodeList list = parseList(sql);
    if (list.size() != 1) {
      throw new MorphException(ErrorCode.SYNTAX_ERROR, list.size() == 0
          ? "empty statement"
          : "expected one statement, found " + list.size());
    }
    return list.get(0);
  }

  /** Parses statements separated by semicolons (one after the last is allowed). */
  public static SqlNodeList parseList(String sql) {
    if (sql == null) {
      throw new MorphException(ErrorCode.SYNTAX_ERROR, "no SQL statement");
    }
    if (sql.isEmpty()) {
      return SqlNodeList.EMPTY; // Calcite's character stream fails on an empty string
    }
    if (SqlCheckpoint.matches(sql)) {
      return new SqlNodeList(List.of(new SqlCheckpoint(SqlParserPos.ZERO)), SqlParserPos.ZERO);
    }
    try {
      String marked = ParseRewrites.mark(sql);
      // the common statements skip Calcite's parser (its lookahead costs ~1.5 µs a token);
      // the fast one makes the same tree, or null and Calcite's parser decides
      SqlNode fast = FastParser.parse(marked);
      SqlNodeList list = fast != null
          ? new SqlNodeList(List.of(fast), Span.of(List.of(fast)).pos())
          : SqlParser.create(marked, CONFIG).parseStmtList();
      String upper = sql.toUpperCase(java.util.Locale.ROOT);
      boolean rewrite = sql.indexOf('+') >= 0 || upper.contains("COALESCE")
          || upper.contains("CASE");
      if (marked != sql || rewrite) {
        List<SqlNode> replaced = new ArrayList<>();
        for (SqlNode n : list) {
          SqlNode r = marked != sql ? ParseRewrites.replace(n) : n;
          replaced.add(rewrite ? ParseRewrites.rewriteQuery(r) : r);
        }
        list = new SqlNodeList(replaced, list.getParserPosition());
      }
      return list;
    } catch (SqlParseException e) {
      throw syntaxError(sql, e);
    } catch (StackOverflowError e) {
      throw tooDeep(e);
    } catch (Throwable e) {
      // TokenMgrError, or a bug in a parser action: still the statement's fault.
      throw isStackOverflow(e) ? tooDeep(e) : new MorphException(ErrorCode.SYNTAX_ERROR,
          "Syntax error: " + (e.getMessage() == null ? e.toString() : e.getMessage()), e);
    }
  }

  private static MorphException syntaxError(String sql, SqlParseException e) {
    if (isStackOverflow(e)) {
      return tooDeep(e);
    }
    String message = e.getMessage() == null ? "syntax error" : e.getMessage().strip();
    final int newline = message.indexOf('\n');
    if (newline >= 0) {
      message = message.substring(0, newline).strip();
    }
    if (message.endsWith(".")) {
      message = message.substring(0, message.length() - 1);
    }
    final StringBuilder b = new StringBuilder("Syntax error: ").append(message);
    final SqlParserPos pos = e.getPos();
    if (pos != null && !message.contains("Encountered") && !message.contains("near")) {
      final String near = textAt(sql, pos);
      if (!near.isEmpty()) {
        b.append(" near \"").append(near).append('"');
      }
    }
    if (pos != null && !message.contains("line ")) {
      b.append(" at line ").append(pos.getLineNum())
          .append(", column ").append(pos.getColumnNum());
    }
    final List<String> expected = new ArrayList<>(e.getExpectedTokenNames());
    expected.removeAll(OTHER_QUOTING_TOKENS);
    if (!expected.isEmpty()) {
      b.append(". Was expecting ")
          .append(expected.size() == 1 ? "" : "one of: ")
          .append(String.join(", ", expected.subList(0, Math.min(MAX_EXPECTED, expected.size()))));
      if (expected.size() > MAX_EXPECTED) {
        b.append(", ... (").append(expected.size() - MAX_EXPECTED).append(" more)");
      }
    }
    return new MorphException(ErrorCode.SYNTAX_ERROR, b.toString(), e);
  }

  /** The source text at {@code pos}, cut to {@value #MAX_NEAR} characters. */
  private static String textAt(String sql, SqlParserPos pos) {
    try {
      final int start = SqlParserUtil.lineColToIndex(sql, pos.getLineNum(), pos.getColumnNum());
      int end = SqlParserUtil.lineColToIndex(sql, pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
      if (start < 0 || start >= sql.length()) {
        return "";
      }
      end = Math.min(Math.max(end, start + 1), Math.min(sql.length(), start + MAX_NEAR));
      return sql.substring(start, end).replaceAll("\\s+", " ").strip();
    } catch (RuntimeException e) {
      return "";
    }
  }

  private static MorphException tooDeep(Throwable e) {
    return new MorphException(ErrorCode.SYNTAX_ERROR, "statement too deeply nested", e);
  }

  private static boolean isStackOverflow(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof StackOverflowError) {
        return true;
      }
    }
    return false;
  }
}
