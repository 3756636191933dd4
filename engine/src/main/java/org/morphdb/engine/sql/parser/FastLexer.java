package org.morphdb.engine.sql.parser;

import java.io.StringReader;
import java.util.Arrays;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The tokens of a statement for {@link FastParser}, or null when the text has anything the
 * fast parser leaves to Calcite's (comments, tabs, backslashes, characters outside ASCII,
 * unknown symbols, over-long identifiers). Tokens live in parallel arrays; positions are
 * 1-based lines and columns, ends inclusive, as Calcite's parser reports them.
 */
final class FastLexer {
  static final int EOF = 0;
  /** An unquoted word; {@link #text} is upper-cased. */
  static final int WORD = 1;
  /** A double-quoted identifier; {@link #text} is its name. */
  static final int QUOTED = 2;
  static final int INTEGER = 3;
  static final int DECIMAL = 4;
  static final int APPROX = 5;
  /** A string literal; {@link #text} is its value. */
  static final int STRING = 6;
  /** A symbol; {@link #text} is its spelling ({@code !=} and {@code <>} stay apart). */
  static final int SYMBOL = 7;

  /** Calcite's limit on the length of an identifier. */
  private static final int MAX_IDENTIFIER = 128;

  private static final SqlAbstractParserImpl.Metadata METADATA =
      MorphSqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

  /** What {@link #METADATA} says of words seen before (at most {@link #MAX_KNOWN_WORDS}). */
  private static final java.util.concurrent.ConcurrentHashMap<String, Integer> KNOWN_WORDS =
      new java.util.concurrent.ConcurrentHashMap<>();
  /**
   * Statements name few distinct words (keywords, tables, columns, aliases); generated names
   * beyond this many are classified afresh each time instead of filling memory.
   */
  static final int MAX_KNOWN_WORDS = 10_000;
  private static final int RESERVED = 1;
  private static final int KEYWORD = 2;

  int count;
  int[] kind = new int[32];
  String[] text = new String[32];
  /** Whether a word is a reserved word of MorphDB's grammar. */
  boolean[] reserved = new boolean[32];
  /** Whether a word is a keyword (reserved or not) of MorphDB's grammar. */
  boolean[] keyword = new boolean[32];
  private int[] line = new int[32];
  private int[] col = new int[32];
  private int[] endLine = new int[32];
  private int[] endCol = new int[32];

  private final String sql;
  private int at;
  private int curLine = 1;
  private int lineStart;

  private FastLexer(String sql) {
    this.sql = sql;
  }

  /** The tokens of {@code sql}, ending with an {@link #EOF} token, or null. */
  static FastLexer tokenize(String sql) {
    FastLexer lexer = new FastLexer(sql);
    return lexer.run() ? lexer : null;
  }

  SqlParserPos pos(int i) {
    return new SqlParserPos(line[i], col[i], endLine[i], endCol[i]);
  }

  private boolean run() {
    int n = sql.length();
    while (true) {
      while (at < n && (sql.charAt(at) == ' ' || sql.charAt(at) == '\n')) {
        if (sql.charAt(at) == '\n') {
          curLine++;
          lineStart = at + 1;
        }
        at++;
      }
      if (at >= n) {
        add(EOF, "", at, at);
        return true;
      }
      if (!next()) {
        return false;
      }
    }
  }

  /** Reads the token at {@link #at}; false when the fast parser does not handle it. */
  private boolean next() {
    char c = sql.charAt(at);
    int start = at;
    if (isLetter(c)) {
      while (at < sql.length() && isWordChar(sql.charAt(at))) {
        at++;
      }
      if (at - start > MAX_IDENTIFIER) {
        return false;
      }
      String word = sql.substring(start, at).toUpperCase(Locale.ROOT);
      add(WORD, word, start, at - 1);
      int kinds = wordKinds(word);
      reserved[count - 1] = (kinds & RESERVED) != 0;
      keyword[count - 1] = (kinds & KEYWORD) != 0;
      return true;
    }
    if (isDigit(c) || (c == '.' && at + 1 < sql.length() && isDigit(sql.charAt(at + 1)))) {
      return number(start);
    }
    if (c == '\'' || c == '"') {
      return quoted(c, start);
    }
    String sym = symbol(c);
    if (sym == null) {
      return false;
    }
    at += sym.length();
    add(SYMBOL, sym, start, at - 1);
    return true;
  }

  /**
   * Whether {@code word} is a reserved word and a keyword of the grammar, as bits. Calcite's
   * parser metadata answers from hash sets whose lookups showed up at 1-2% of planning a new
   * statement (several per word); the answer never changes, so it is remembered.
   */
  static int wordKinds(String word) {
    Integer known = KNOWN_WORDS.get(word);
    if (known != null) {
      return known;
    }
    int kinds = (METADATA.isReservedWord(word) ? RESERVED : 0) | (METADATA.isKeyword(word) ? KEYWORD : 0);
    if (KNOWN_WORDS.size() < MAX_KNOWN_WORDS) {
      KNOWN_WORDS.put(word, kinds);
    }
    return kinds;
  }

  /** How many words' kinds are remembered (tests check the bound). */
  static int knownWords() {
    return KNOWN_WORDS.size();
  }

  private String symbol(char c) {
    char d = at + 1 < sql.length() ? sql.charAt(at + 1) : 0;
    switch (c) {
      case '(': case ')': case ',': case ';': case '+': case '*': case '%': case '=': case '?':
        return String.valueOf(c);
      case '.':
        return ".";
      case '-':
        return d == '-' ? null : "-"; // a comment
      case '/':
        return d == '*' ? null : "/";
      case '<':
        return d == '>' ? "<>" : d == '=' ? "<=" : "<";
      case '>':
        return d == '=' ? ">=" : ">";
      case '!':
        return d == '=' ? "!=" : null;
      case '|':
        return d == '|' ? "||" : null;
      default:
        return null;
    }
  }

  private boolean number(int start) {
    int n = sql.length();
    boolean dot = false;
    while (at < n && (isDigit(sql.charAt(at)) || (sql.charAt(at) == '.' && !dot))) {
      dot |= sql.charAt(at) == '.';
      at++;
    }
    int type = dot ? DECIMAL : INTEGER;
    if (at < n && (sql.charAt(at) == 'e' || sql.charAt(at) == 'E')) {
      int e = at + 1;
      if (e < n && (sql.charAt(e) == '+' || sql.charAt(e) == '-')) {
        e++;
      }
      if (e >= n || !isDigit(sql.charAt(e))) {
        return false;
      }
      while (e < n && isDigit(sql.charAt(e))) {
        e++;
      }
      at = e;
      type = APPROX;
    }
    if (at < n && (isWordChar(sql.charAt(at)) || sql.charAt(at) == '.')) {
      return false; // 0x1F, 1.2.3, 12abc: left to Calcite
    }
    add(type, sql.substring(start, at), start, at - 1);
    return true;
  }

  private boolean quoted(char quote, int start) {
    StringBuilder b = new StringBuilder();
    int i = start + 1;
    int n = sql.length();
    while (true) {
      if (i >= n) {
        return false;
      }
      char c = sql.charAt(i);
      if (c == quote) {
        if (i + 1 < n && sql.charAt(i + 1) == quote) {
          b.append(quote);
          i += 2;
          continue;
        }
        break;
      }
      if (c == '\n' || c == '\r' || c == '\\' || c > 0x7e || c < 0x20) {
        return false; // line counting and escapes inside quotes are left to Calcite
      }
      b.append(c);
      i++;
    }
    at = i + 1;
    if (quote == '"' && (b.length() == 0 || b.length() > MAX_IDENTIFIER)) {
      return false;
    }
    add(quote == '"' ? QUOTED : STRING, b.toString(), start, at - 1);
    return true;
  }

  private void add(int k, String t, int start, int end) {
    if (count == kind.length) {
      int size = count * 2;
      kind = Arrays.copyOf(kind, size);
      text = Arrays.copyOf(text, size);
      reserved = Arrays.copyOf(reserved, size);
      keyword = Arrays.copyOf(keyword, size);
      line = Arrays.copyOf(line, size);
      col = Arrays.copyOf(col, size);
      endLine = Arrays.copyOf(endLine, size);
      endCol = Arrays.copyOf(endCol, size);
    }
    kind[count] = k;
    text[count] = t;
    line[count] = curLine;
    col[count] = start - lineStart + 1;
    endLine[count] = curLine;
    endCol[count] = Math.max(end, start) - lineStart + 1;
    count++;
  }

  private static boolean isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isWordChar(char c) {
    return isLetter(c) || isDigit(c) || c == '$';
  }
}
