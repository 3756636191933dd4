package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code INSERT ... RETURNING c, ... | *}, as PostgreSQL spells it and jOOQ renders it: Calcite's
 * grammar has no such clause, so it is taken off the end of the text before parsing (as {@link
 * ForUpdate} is) and the INSERT answers with the named columns of each row it inserted, the
 * values read as {@code getGeneratedKeys} reads them. Only column names, not expressions.
 *
 * @param statement the INSERT without the clause
 * @param columns   the names asked for ({@code *} for every column), or null when there is no
 *                  clause
 */
public record Returning(String statement, List<String> columns) {
  private static final Pattern CLAUSE = Pattern.compile(
      "(?is)^(\\s*INSERT\\s.*\\S)\\s+RETURNING\\s+([\\w\\s,.\"*]+?)\\s*;?\\s*$");

  /** Splits a statement's text; cheap when the text does not mention RETURNING near its end. */
  public static Returning split(String sql) {
    int from = Math.max(0, sql.length() - 400);
    if (!sql.substring(from).toUpperCase(Locale.ROOT).contains("RETURNING")) {
      return new Returning(sql, null);
    }
    Matcher m = CLAUSE.matcher(sql);
    if (!m.matches()) {
      return new Returning(sql, null);
    }
    return new Returning(m.group(1), names(m.group(2)));
  }

  private static List<String> names(String list) {
    List<String> out = new ArrayList<>();
    for (String part : list.split(",")) {
      String name = part.strip();
      name = name.substring(name.lastIndexOf('.') + 1); // t.c: the inserted table's column c
      if (name.equals("*")) {
        out.add("*");
      } else if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
        out.add(name.substring(1, name.length() - 1));
      } else {
        out.add(name.toUpperCase(Locale.ROOT));
      }
    }
    return List.copyOf(out);
  }
}
