package org.morphdb.engine.sql.parser;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * {@code SELECT ... FOR UPDATE [OF c, ...]}: Calcite's grammar has no such clause, so it is
 * taken off the end of the text before parsing and travels beside the parsed query. The rows
 * the query reads are then locked for writing (see {@code TableAccess}). {@code NOWAIT} and
 * {@code SKIP LOCKED} are refused (0A000): a lock here always waits, up to lockTimeout.
 *
 * @param query     the statement without the clause
 * @param forUpdate whether the clause was there
 */
public record ForUpdate(String query, boolean forUpdate) {
  private static final Pattern CLAUSE = Pattern.compile(
      "(?is)^(.*\\S)\\s+FOR\\s+UPDATE(\\s+OF\\s+[\\w\\s,.\"]+?)?(\\s+(?:NOWAIT|SKIP\\s+LOCKED|WAIT\\s+\\d+))?\\s*;?\\s*$");

  /** Splits a statement's text; cheap when the text does not mention UPDATE near its end. */
  public static ForUpdate split(String sql) {
    if (!tailMentionsUpdate(sql)) {
      return new ForUpdate(sql, false);
    }
    Matcher m = CLAUSE.matcher(sql);
    if (!m.matches() || !isQuery(m.group(1))) {
      return new ForUpdate(sql, false);
    }
    if (m.group(3) != null) {
      throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED,
          "FOR UPDATE %s is not supported: the lock waits (up to lockTimeout)",
          m.group(3).strip().toUpperCase(Locale.ROOT));
    }
    return new ForUpdate(m.group(1), true);
  }

  private static boolean tailMentionsUpdate(String sql) {
    int from = Math.max(0, sql.length() - 300);
    return sql.substring(from).toUpperCase(Locale.ROOT).contains("UPDATE");
  }

  private static boolean isQuery(String sql) {
    String s = sql.stripLeading();
    return s.regionMatches(true, 0, "SELECT", 0, 6) || s.regionMatches(true, 0, "WITH", 0, 4)
        || s.startsWith("(");
  }
}
