package org.morphdb.slt;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.morphdb.slt.SltRecord.Condition;
import org.morphdb.slt.SltRecord.ExpectedError;
import org.morphdb.slt.SltRecord.ExpectedResult;
import org.morphdb.slt.SltRecord.SortMode;

/**
 * Parses the sqllogictest format (SQLite's, as in the sql-logic-test corpus) plus two extensions:
 *
 * <ul>
 *   <li>DuckDB-style connection labels: a token {@code con…} ({@code con1}, {@code con2}, …)
 *       after {@code statement ok}, {@code statement error} or a query's type and sort tokens
 *       runs the record on that connection of the file's database;
 *   <li>{@code statement error SQLSTATE[/VENDOR]} asserts the exception's SQLState (and vendor
 *       code); lines after a {@code ----} line in a {@code statement error} record must occur in
 *       the exception's message.
 * </ul>
 *
 * <p>Records are separated by blank lines; lines starting with {@code #} are comments (except in
 * a results section). Expected values are one per line, or one row per line with values
 * separated by tabs. Any other token on a query line that is not a sort mode is the query's
 * label.
 */
public final class SltParser {
  private static final Pattern CONNECTION = Pattern.compile("con[A-Za-z0-9_]*");
  private static final Pattern SQL_STATE = Pattern.compile("([0-9A-Z]{5})(?:/(-?\\d+))?");
  private static final Pattern TYPES = Pattern.compile("[IRT]+");
  private static final Pattern HASH = Pattern.compile("(\\d+) values hashing to ([0-9a-f]{32})");
  private static final String RESULTS_SEPARATOR = "----";

  private final String file;
  private final List<String> lines;
  private int pos;

  private SltParser(String file, List<String> lines) {
    this.file = file;
    this.lines = lines;
  }

  /** Parses a whole file; {@code file} names it in error messages. */
  public static SltScript parse(String file, Reader reader) throws IOException, SltParseException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(reader)) {
      for (String l = r.readLine(); l != null; l = r.readLine()) {
        lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
      }
    }
    return new SltParser(file, lines).parseAll();
  }

  /** Parses a file held in a string. */
  public static SltScript parse(String file, String text) throws SltParseException {
    return new SltParser(file, List.of(text.split("\r?\n", -1))).parseAll();
  }

  private SltScript parseAll() throws SltParseException {
    List<SltRecord> records = new ArrayList<>();
    List<Condition> conditions = new ArrayList<>();
    int conditionLine = 0;
    while (pos < lines.size()) {
      String line = lines.get(pos);
      if (line.isBlank()) {
        if (!conditions.isEmpty()) {
          throw error(conditionLine,
              "skipif/onlyif must be followed by a record in the same block");
        }
        pos++;
        continue;
      }
      if (line.startsWith("#")) {
        pos++;
        continue;
      }
      int lineNo = pos + 1;
      String[] tokens = line.trim().split("\\s+");
      switch (tokens[0]) {
        case "skipif", "onlyif" -> {
          if (tokens.length < 2 || tokens[1].startsWith("#")) {
            throw error(lineNo, tokens[0] + " needs an engine name, e.g. '" + tokens[0] + " h2'");
          }
          conditions.add(new Condition(tokens[0].equals("skipif"), tokens[1]));
          conditionLine = lineNo;
          pos++;
          continue;
        }
        case "hash-threshold" -> {
          records.add(new SltRecord.HashThreshold(lineNo, List.copyOf(conditions),
              parseThreshold(tokens, lineNo)));
          pos++;
        }
        case "halt" -> {
          records.add(new SltRecord.Halt(lineNo, List.copyOf(conditions)));
          pos++;
        }
        case "statement" -> records.add(parseStatement(tokens, lineNo, List.copyOf(conditions)));
        case "query" -> records.add(parseQuery(tokens, lineNo, List.copyOf(conditions)));
        default -> throw error(lineNo, "unknown record type '" + tokens[0]
            + "' (expected statement, query, hash-threshold, halt, skipif or onlyif)");
      }
      conditions.clear();
    }
    if (!conditions.isEmpty()) {
      throw error(conditionLine,
          "skipif/onlyif at the end of the file, with no record to apply to");
    }
    return new SltScript(file, records);
  }

  private int parseThreshold(String[] tokens, int lineNo) throws SltParseException {
    try {
      if (tokens.length == 2) {
        int n = Integer.parseInt(tokens[1]);
        if (n >= 0) {
          return n;
        }
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(lineNo, "hash-threshold needs one non-negative number, e.g. 'hash-threshold 8'");
  }

  private SltRecord.Statement parseStatement(String[] tokens, int lineNo,
                                             List<Condition> conditions) throws SltParseException {
    if (tokens.length < 2 || !(tokens[1].equals("ok") || tokens[1].equals("error"))) {
      throw error(lineNo, "expected 'statement ok' or 'statement error'");
    }
    boolean expectError = tokens[1].equals("error");
    String connection = null;
    String sqlState = null;
    Integer vendorCode = null;
    for (int i = 2; i < tokens.length; i++) {
      String t = tokens[i];
      Matcher state = SQL_STATE.matcher(t);
      if (CONNECTION.matcher(t).matches() && connection == null) {
        connection = t;
      } else if (expectError && sqlState == null && state.matches()) {
        sqlState = state.group(1);
        vendorCode = state.group(2) == null ? null : Integer.valueOf(state.group(2));
      } else {
        throw error(lineNo, "unexpected '" + t + "' (expected a connection label like con1"
            + (expectError ? ", or a SQLSTATE like 40001 or 40001/1002)" : ")"));
      }
    }
    pos++;
    String sql = readSql(lineNo, "statement");
    String message = null;
    if (pos < lines.size() && lines.get(pos).equals(RESULTS_SEPARATOR)) {
      if (!expectError) {
        throw error(pos + 1, "'statement ok' has no results section; use 'query' for a result");
      }
      pos++;
      List<String> text = readBlock();
      if (text.isEmpty()) {
        throw error(pos,
            "'----' in a statement error record must be followed by the expected message");
      }
      message = String.join("\n", text);
    }
    ExpectedError error = expectError
        ? (sqlState == null && message == null ? ExpectedError.ANY
            : new ExpectedError(sqlState, vendorCode, message))
        : null;
    return new SltRecord.Statement(lineNo, conditions, connectionOrMain(connection), sql, error);
  }

  private SltRecord.Query parseQuery(String[] tokens, int lineNo, List<Condition> conditions)
      throws SltParseException {
    if (tokens.length < 2 || !TYPES.matcher(tokens[1]).matches()) {
      throw error(lineNo, "query needs its column types, one letter per column (I integer, "
          + "R real, T text), e.g. 'query IIT rowsort'");
    }
    String types = tokens[1];
    SortMode sort = null;
    String connection = null;
    String label = null;
    for (int i = 2; i < tokens.length; i++) {
      String t = tokens[i];
      SortMode mode = sortMode(t);
      if (mode != null) {
        if (sort != null) {
          throw error(lineNo, "two sort modes: '" + sort.keyword() + "' and '" + t + "'");
        }
        sort = mode;
      } else if (CONNECTION.matcher(t).matches()) {
        if (connection != null) {
          throw error(lineNo, "two connection labels: '" + connection + "' and '" + t + "'");
        }
        connection = t;
      } else {
        if (label != null) {
          throw error(lineNo, "unexpected '" + t + "' after label '" + label
              + "' (expected nosort, rowsort, valuesort, a label, or a connection like con1)");
        }
        label = t;
      }
    }
    pos++;
    String sql = readSql(lineNo, "query");
    ExpectedResult expected = ExpectedResult.ofValues(List.of());
    if (pos < lines.size() && lines.get(pos).equals(RESULTS_SEPARATOR)) {
      pos++;
      int resultsLine = pos + 1;
      expected = parseResults(readBlock(), types.length(), resultsLine);
    }
    return new SltRecord.Query(lineNo, conditions, connectionOrMain(connection), sql, types,
        sort == null ? SortMode.NOSORT : sort, label, expected);
  }

  private ExpectedResult parseResults(List<String> block, int columns, int firstLine)
      throws SltParseException {
    if (block.size() == 1 && block.get(0).contains("values hashing to")) {
      Matcher m = HASH.matcher(block.get(0).trim());
      if (!m.matches()) {
        throw error(firstLine, "malformed hash result, expected 'N values hashing to "
            + "<32 lowercase hex digits>'");
      }
      return ExpectedResult.ofHash(Integer.parseInt(m.group(1)), m.group(2));
    }
    List<String> values = new ArrayList<>();
    for (String l : block) {
      values.addAll(List.of(l.split("\t", -1)));
    }
    if (values.size() % columns != 0) {
      throw error(firstLine, values.size() + " expected values do not fill rows of " + columns
          + " column" + (columns == 1 ? "" : "s"));
    }
    return ExpectedResult.ofValues(values);
  }

  /** SQL lines up to a blank line, {@code ----} or the end; comment lines are dropped. */
  private String readSql(int recordLine, String kind) throws SltParseException {
    StringBuilder sql = new StringBuilder();
    while (pos < lines.size()) {
      String l = lines.get(pos);
      if (l.isBlank() || l.equals(RESULTS_SEPARATOR)) {
        break;
      }
      pos++;
      if (l.startsWith("#")) {
        continue;
      }
      if (sql.length() > 0) {
        sql.append('\n');
      }
      sql.append(l);
    }
    if (sql.length() == 0) {
      throw error(recordLine, kind + " without SQL: the SQL goes on the lines below '"
          + lines.get(recordLine - 1).trim() + "'");
    }
    return sql.toString();
  }

  /** Lines up to a blank line or the end, kept as written. */
  private List<String> readBlock() {
    List<String> block = new ArrayList<>();
    while (pos < lines.size() && !lines.get(pos).isBlank()) {
      block.add(lines.get(pos++));
    }
    return block;
  }

  private static SortMode sortMode(String token) {
    for (SortMode m : SortMode.values()) {
      if (m.keyword().equals(token.toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    return null;
  }

  private static String connectionOrMain(String connection) {
    return connection == null ? SltRecord.MAIN_CONNECTION : connection;
  }

  private SltParseException error(int line, String problem) {
    return new SltParseException(file, line, problem);
  }
}
