package org.morphdb.engine.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.MorphException;

/** Tricky shapes: the fast parser's tree is Calcite's, or it declines (null), never throws. */
class FastParserTest {

  /** Parses {@code sql} with both parsers; the fast one must handle it and agree. */
  private static SqlNode same(String sql) {
    SqlNode fast = FastParser.parse(sql);
    assertNotNull(fast, "the fast parser declined " + sql);
    SqlNodeList calcite;
    try {
      calcite = SqlParser.create(sql, MorphParser.CONFIG).parseStmtList();
    } catch (Exception e) {
      throw new AssertionError("Calcite's parser fails on " + sql, e);
    }
    assertEquals(1, calcite.size());
    assertNull(SqlTreeDiff.difference(calcite.get(0), fast), sql);
    return fast;
  }

  /** The fast parser declines {@code sql}, and does not throw. */
  private static void declines(String sql) {
    assertNull(FastParser.parse(sql), sql);
  }

  private static SqlNode firstItem(SqlNode select) {
    return ((SqlSelect) select).getSelectList().get(0);
  }

  @Test
  void treeDiffSeesDifferences() throws Exception {
    String[][] pairs = {
        {"SELECT a FROM t", "SELECT  a FROM t"}, // a position
        {"SELECT 1 FROM t", "SELECT 2 FROM t"}, // a literal's value
        {"SELECT 1.0 FROM t", "SELECT 1.00 FROM t"}, // its scale
        {"SELECT a FROM t", "SELECT \"a\" FROM t"}, // a name
        {"SELECT f(a) FROM t", "SELECT g(a) FROM t"}, // a function
        {"SELECT a + b FROM t", "SELECT a - b FROM t"}, // an operator
        {"SELECT COUNT(a) FROM t", "SELECT COUNT(ALL a) FROM t"}, // a quantifier
        {"SELECT a FROM t", "SELECT a FROM t WHERE TRUE"}}; // a slot
    for (String[] pair : pairs) {
      SqlNode a = SqlParser.create(pair[0], MorphParser.CONFIG).parseStmtList().get(0);
      SqlNode b = SqlParser.create(pair[1], MorphParser.CONFIG).parseStmtList().get(0);
      assertNotNull(SqlTreeDiff.difference(a, b), pair[0] + " vs " + pair[1]);
      assertNull(SqlTreeDiff.difference(a, a), pair[0]);
    }
  }

  @Test
  void precedence() {
    same("SELECT a + b * c - d / e % f FROM t");
    same("SELECT a OR b AND NOT c = d FROM t WHERE a < b OR c >= d AND e <> f");
    same("SELECT a || b || 'x' FROM t WHERE a = b = c");
    same("SELECT * FROM t WHERE NOT a IS NULL AND b BETWEEN 1 + 2 AND 3 * 4 OR c LIKE 'x' || d");
    same("SELECT (a + b) * (c - (d)) FROM t");
  }

  @Test
  void unaryMinusFoldsIntoLiterals() {
    SqlNode minus = firstItem(same("SELECT - 5 FROM t"));
    assertInstanceOf(SqlNumericLiteral.class, minus);
    assertEquals("-5", minus.toString());
    assertEquals("5", firstItem(same("SELECT - - 5 FROM t")).toString());
    assertEquals(SqlKind.MINUS_PREFIX, firstItem(same("SELECT -col FROM t")).getKind());
    same("SELECT + 5, + - 5, - + 5, -(5), - 1.5, - 1e5, - NULL, - + - col FROM t");
    same("SELECT a - - 5, a - -5, 2 - - - 3 FROM t");
  }

  @Test
  void negatedPredicates() {
    same("SELECT * FROM t WHERE a NOT IN (1, 2, 3) AND b NOT BETWEEN 1 AND 2");
    same("SELECT * FROM t WHERE a NOT LIKE 'a%' AND NOT b IN (SELECT c FROM u)");
    same("SELECT * FROM t WHERE a IS NOT DISTINCT FROM b OR a IS DISTINCT FROM NULL");
    same("SELECT * FROM t WHERE a IS NOT NULL AND b IS NULL AND c IS NOT TRUE");
    same("SELECT * FROM t WHERE a != 1 AND NOT EXISTS (SELECT 1 FROM u WHERE u.x = t.a)");
  }

  @Test
  void subQueries() {
    same("SELECT (SELECT MAX(b) FROM u WHERE u.a = t.a) AS m FROM t");
    same("SELECT * FROM (SELECT a, b FROM (SELECT * FROM t) AS x WHERE a > 1) y"
        + " WHERE a IN (SELECT a FROM t UNION SELECT b FROM u) AND b > (SELECT 1)");
    same("SELECT a FROM t UNION ALL SELECT b FROM u EXCEPT SELECT c FROM v"
        + " INTERSECT SELECT d FROM w ORDER BY 1 DESC NULLS LAST LIMIT 3 OFFSET 1");
    same("SELECT * FROM t1 JOIN t2 ON t1.a = t2.a LEFT OUTER JOIN t3 ON t3.b = t1.b"
        + " CROSS JOIN t4, t5 AS x INNER JOIN t6 ON TRUE");
    same("SELECT a FROM t ORDER BY a LIMIT 5, 10");
  }

  @Test
  void namesLiteralsAndCalls() {
    same("SELECT \"Quoted Name\", \"x\"\"y\", t.\"Col\", t.*, lower_case FROM \"T\" AS \"a b\"");
    same("SELECT 'it''s', '', 1.50, .5, 5., 1e5, 1.5E-3, TRUE, FALSE, NULL, ? FROM t"
        + " WHERE a = ?");
    same("SELECT COUNT(*), COUNT(DISTINCT a), SUM(ALL b), ABS(-c), COALESCE(a, b, 1),"
        + " NULLIF(a, 0), myfunc(), myfunc(a, b) FROM t GROUP BY a, b HAVING COUNT(*) > 1");
    same("SELECT CAST(a AS INTEGER), CAST(b AS VARCHAR(10)), CAST(c AS DECIMAL(5, 2)),"
        + " CAST(d AS DECIMAL), CAST(NULL AS REAL), CAST(e AS INT) FROM t");
    same("SELECT CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END,"
        + " CASE WHEN a > 1 THEN b END FROM t");
    same("SELECT DISTINCT a x, b AS y FROM t\n  WHERE\n a = 1");
  }

  @Test
  void moreShapes() {
    same("SELECT a$b, _x FROM t x WHERE x.a = 1 ORDER BY a ASC, b ASC NULLS FIRST");
    same("SELECT \"f\"(x), SUM(DISTINCT a) FROM (SELECT 1 AS x UNION SELECT 2) y");
    same("SELECT count(*) FROM t WHERE a IN (SELECT b FROM u ORDER BY 1 LIMIT 1)");
    same("SELECT 99999999999999999999999, 1.e5, 0.0, 00012, a AS \"select\" FROM t");
    same("select A from T where b not between - 1 and + 2 AND a = (SELECT 1) + 2");
    same("SELECT (SELECT 1) FROM t WHERE EXISTS (SELECT 1 UNION SELECT 2)");
    same("SELECT a FROM t GROUP BY a HAVING a > 1 ORDER BY a");
    same("SELECT a, b FROM t1 RIGHT JOIN t2 ON a=b");
    same("SELECT a FROM t UNION DISTINCT SELECT b FROM u EXCEPT ALL SELECT b FROM u LIMIT 1");
    same("SELECT a FROM ( tab1 AS cor0 CROSS JOIN tab1 AS cor1 ) WHERE x = 1");
    same("SELECT a FROM t0, ((t2 JOIN t3 ON TRUE) CROSS JOIN (SELECT 1) x), t4");
    declines("SELECT a FROM (t2, t3 CROSS JOIN t4)"); // Calcite's parser rejects these
    declines("SELECT a FROM (t2 JOIN t3 ON TRUE) AS x");
    declines("SELECT a FROM (t1)");
    declines("SELECT value FROM t"); // a reserved word: Calcite's parser reports it
    declines("INSERT INTO t VALUES ((SELECT 1))");
  }

  @Test
  void statements() {
    same("INSERT INTO t VALUES (1, 'a', NULL), (2, 'b', -3.5)");
    same("INSERT INTO t(a, b) VALUES (1, 2);");
    same("DELETE FROM t WHERE a > 5");
    same("DELETE FROM t");
  }

  @Test
  void declinesWhatItDoesNotCover() {
    declines("CREATE TABLE t (a INT)");
    declines("SELECT a FROM t -- comment");
    declines("SELECT /* comment */ a FROM t");
    declines("WITH x AS (SELECT 1) SELECT * FROM x");
    declines("SELECT a FROM t WHERE b > ALL (SELECT c FROM u)");
    declines("SELECT CAST(a AS SIGNED) FROM t");
    declines("SELECT 'a' 'b' FROM t");
    declines("SELECT a\tFROM t");
    declines("SELECT 1; SELECT 2");
    declines("SELECT ROW_NUMBER() OVER (ORDER BY a) FROM t");
    declines("SELECT INTERVAL '1' DAY FROM t");
    declines("SELECT x'303132' FROM t");
    declines("UPDATE t SET a = 1");
  }

  @Test
  void garbageIsDeclinedAndNeverThrows() {
    for (String sql : new String[] {"", ";", "SELECT", "SELECT FROM", "SELECT a FROM",
        "SELECT (", "SELECT a +", "SELECT CASE END", "SELECT 'unterminated", "SELECT \"",
        "SELECT a FROM t WHERE", "SELECT a,, b", "SELECT 1.2.3", "SELECT 12abc", "))))",
        "SELECT a FROM t ORDER BY", "INSERT INTO t VALUES", "SELECT COUNT(*", "SELECT ?+"}) {
      declines(sql);
    }
    Random random = new Random(42);
    String alphabet = "SELECT FROM WHERE()+-*/,.'\"?=<>!|0123456789abc ";
    for (int i = 0; i < 20_000; i++) {
      StringBuilder b = new StringBuilder("SELECT ");
      int n = random.nextInt(30);
      for (int j = 0; j < n; j++) {
        b.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      SqlNode fast = FastParser.parse(b.toString()); // must not throw
      if (fast != null) {
        same(b.toString());
      }
    }
  }

  @Test
  void deepNestingIsDeclinedOrRight() {
    String deep = "SELECT " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + " FROM t";
    declines(deep); // the stack overflows: declined, Calcite's parser reports it
    assertThrows(MorphException.class, () -> MorphParser.parse(deep));
    String nested = "SELECT " + "(".repeat(50) + "a" + ")".repeat(50) + " FROM t";
    same(nested);
    String minus = "SELECT " + "- ".repeat(200) + "5 FROM t";
    same(minus);
  }

  @Test
  void longStatements() {
    StringBuilder where = new StringBuilder("SELECT pk FROM tab0 WHERE col0 = 1");
    for (int i = 0; i < 400; i++) { // a left-deep tree: the comparison recurses down it
      where.append(i % 2 == 0 ? " AND " : " OR ").append("col").append(i % 5)
          .append(i % 3 == 0 ? " > " : " <= ").append(i);
    }
    same(where.toString());
    StringBuilder insert = new StringBuilder("INSERT INTO t VALUES (0, 'x')");
    for (int i = 1; i < 2_000; i++) {
      insert.append(", (").append(i).append(", 'v").append(i).append("')");
    }
    SqlNode node = same(insert.toString());
    assertEquals(2_000, ((SqlBasicCall) ((org.apache.calcite.sql.SqlInsert) node).getSource())
        .operandCount());
  }

  @Test
  void wordsAreClassifiedAsTheGrammarDoesAndTheMemoryOfThemIsBounded() {
    org.apache.calcite.sql.parser.SqlAbstractParserImpl.Metadata grammar =
        MorphSqlParserImpl.FACTORY.getParser(new java.io.StringReader("")).getMetadata();
    for (String word : new String[] {"SELECT", "FROM", "ABS", "COL0", "DATA", "ZONE", "INDEX"}) {
      for (int pass = 0; pass < 2; pass++) { // the second answer comes from memory
        int kinds = FastLexer.wordKinds(word);
        assertEquals(grammar.isReservedWord(word), (kinds & 1) != 0, word);
        assertEquals(grammar.isKeyword(word), (kinds & 2) != 0, word);
      }
    }
    for (int i = 0; i < FastLexer.MAX_KNOWN_WORDS + 100; i++) {
      FastLexer.wordKinds("W" + i);
    }
    assertEquals(FastLexer.MAX_KNOWN_WORDS, FastLexer.knownWords());
    same("SELECT w1, \"SELECT\" FROM t");
  }
}
