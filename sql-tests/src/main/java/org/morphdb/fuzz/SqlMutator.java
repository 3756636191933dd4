package org.morphdb.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutates SQL statements for fuzzing, deterministically for a given {@link Random}: drops,
 * duplicates or swaps tokens, splices two statements, puts in extreme literals, very long
 * identifiers or deep nesting.
 */
public final class SqlMutator {
  private static final String[] EXTREMES = {
      "9223372036854775807", "-9223372036854775808", "9223372036854775808", "2147483648",
      "1e308", "-1e308", "1e-320", "0", "-0.0", "NULL", "''", "'" + "x".repeat(5000) + "'",
      "99999999999999999999999999999999999999999999999999.5", "X'00FF'", "DATE '9999-12-31'",
      "CAST(NULL AS INTEGER)", "'\u0000'", "'é✓'", "1/0"};

  private SqlMutator() {}

  /** One mutated statement made from {@code seeds}. */
  public static String mutate(List<String> seeds, Random r) {
    String base = seeds.get(r.nextInt(seeds.size()));
    // mostly one mutation, so that many statements stay close enough to valid SQL to be run
    int dice = r.nextInt(10);
    int rounds = dice < 6 ? 1 : dice < 9 ? 2 : 3;
    String sql = base;
    for (int i = 0; i < rounds; i++) {
      sql = once(sql, seeds, r);
    }
    return sql;
  }

  private static String once(String sql, List<String> seeds, Random r) {
    List<String> t = tokens(sql);
    if (t.isEmpty()) {
      return sql;
    }
    int i = r.nextInt(t.size());
    switch (r.nextInt(8)) {
      case 0 -> t.remove(i);
      case 1 -> t.add(i, t.get(i));
      case 2 -> {
        int j = r.nextInt(t.size());
        String a = t.get(i);
        t.set(i, t.get(j));
        t.set(j, a);
      }
      case 3 -> {
        List<String> other = tokens(seeds.get(r.nextInt(seeds.size())));
        int from = other.isEmpty() ? 0 : r.nextInt(other.size());
        List<String> spliced = new ArrayList<>(t.subList(0, i));
        spliced.addAll(other.subList(from, other.size()));
        t = spliced;
      }
      case 4 -> t.set(literal(t, i, r), EXTREMES[r.nextInt(EXTREMES.length)]);
      case 5 -> t.set(i, (r.nextBoolean() ? "\"" : "") + "c".repeat(1 + r.nextInt(20_000))
          + (r.nextBoolean() ? "" : "\""));
      case 6 -> {
        int depth = 1 + r.nextInt(r.nextBoolean() ? 50 : 5000);
        String open = r.nextBoolean() ? "(" : "(SELECT ";
        int at = r.nextBoolean() ? literal(t, i, r) : i;
        String inner = r.nextBoolean() ? "1" : t.get(at);
        t.set(at, open.repeat(depth) + inner + ")".repeat(depth));
      }
      default -> {
        // "- - - x" nests unary minus; "---x" starts a comment
        int depth = 1 + r.nextInt(3000);
        int at = literal(t, i, r);
        t.set(at, (r.nextBoolean() ? "- " : "-").repeat(depth) + t.get(at));
      }
    }
    return String.join(" ", t);
  }

  /**
   * A position of a literal (a number or a quoted string) among the tokens, chosen at random
   * from {@code from} on, wrapping around; {@code from} itself when there is none.
   */
  static int literal(List<String> t, int from, Random r) {
    int skip = r.nextInt(3);
    for (int k = 0; k < t.size(); k++) {
      int j = (from + k) % t.size();
      String token = t.get(j);
      boolean isLiteral = token.startsWith("'") || Character.isDigit(token.charAt(0));
      if (isLiteral && skip-- <= 0) {
        return j;
      }
    }
    return from;
  }

  /** Rough SQL tokens: quoted strings and identifiers kept whole, words, single symbols. */
  static List<String> tokens(String sql) {
    List<String> out = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        int j = i + 1;
        while (j < n && sql.charAt(j) != c) {
          j++;
        }
        j = Math.min(n, j + 1);
        out.add(sql.substring(i, j));
        i = j;
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
        int j = i;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_'
            || sql.charAt(j) == '.')) {
          j++;
        }
        out.add(sql.substring(i, j));
        i = j;
      } else {
        out.add(String.valueOf(c));
        i++;
      }
    }
    return out;
  }
}
