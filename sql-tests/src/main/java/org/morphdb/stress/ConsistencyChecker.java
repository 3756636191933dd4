package org.morphdb.stress;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The checkers: {@code CHECK TABLE}, index queries against a full scan at one snapshot, and
 * the table against a model. Each returns the problems it found as text, empty when all is
 * well, so a caller can both assert and report.
 */
public final class ConsistencyChecker {
  private ConsistencyChecker() {}

  /** The outcome of comparing index queries with a full scan. */
  public record IndexComparison(List<String> mismatches, int queries, int throughAnIndex) {}

  /**
   * {@code CHECK TABLE table}: one line "INDEX_NAME PROBLEM KEY" per inconsistency the engine
   * reports; empty when the table is consistent.
   */
  public static List<String> checkTable(Connection c, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("CHECK TABLE " + table)) {
      while (rs.next()) {
        out.add(rs.getString("INDEX_NAME") + " " + rs.getString("PROBLEM") + " " + rs.getString("KEY"));
      }
    }
    return out;
  }

  /** Children of the stress's parent/child pair whose parent is missing, as "child id → parent key". */
  static List<String> orphans(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(Workload.ORPHANS)) {
      while (rs.next()) {
        out.add(rs.getInt(1) + " → " + rs.getInt(2));
      }
    }
    return out;
  }

  /**
   * In one read-only snapshot: reads the whole table with a plain scan, then for each index
   * runs equality and range queries on its leading column (and an equality on all its
   * columns) and compares the ids they return with the scan filtered in Java. EXPLAIN tells
   * whether each query really went through an index.
   *
   * @param indexes index name → its columns (upper case), e.g. {@code IX_KM → [K, M]}
   */
  public static IndexComparison compareIndexesWithScan(Connection c, String table,
      Map<String, List<String>> indexes, Random rnd) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    boolean readOnly = c.isReadOnly();
    c.setReadOnly(true);
    c.setAutoCommit(false);
    try {
      IndexComparison r = compareInSnapshot(c, table, indexes, rnd);
      c.commit();
      return r;
    } catch (SQLException | RuntimeException e) {
      try {
        c.rollback();
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    } finally {
      c.setAutoCommit(autoCommit);
      c.setReadOnly(readOnly);
    }
  }

  private static IndexComparison compareInSnapshot(Connection c, String table, Map<String, List<String>> indexes,
      Random rnd) throws SQLException {
    Map<String, Boolean> textColumns = new LinkedHashMap<>();
    List<Map<String, Object>> rows = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        int type = md.getColumnType(i);
        textColumns.put(md.getColumnLabel(i).toUpperCase(Locale.ROOT),
            type == Types.VARCHAR || type == Types.CHAR || type == Types.LONGVARCHAR);
      }
      while (rs.next()) {
        Map<String, Object> row = new HashMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.put(md.getColumnLabel(i).toUpperCase(Locale.ROOT), rs.getObject(i));
        }
        rows.add(row);
      }
    }
    List<String> mismatches = new ArrayList<>();
    int queries = 0;
    int throughIndex = 0;
    for (Map.Entry<String, List<String>> index : indexes.entrySet()) {
      for (Query q : queriesFor(table, index.getValue(), textColumns, rows, rnd)) {
        queries++;
        String plan = explain(c, q);
        if (plan.contains("MorphIndexScan")) {
          throughIndex++;
        }
        List<Long> got = ids(c, q);
        List<Long> want = new ArrayList<>();
        for (Map<String, Object> row : rows) {
          if (q.matches().test(row)) {
            want.add(((Number) row.get("ID")).longValue());
          }
        }
        Collections.sort(want);
        if (!got.equals(want)) {
          mismatches.add("index " + index.getKey() + ": " + q.shown() + " returned " + diff(got, want)
              + " [plan: " + plan.replace('\n', ' ') + "]");
        }
      }
    }
    return new IndexComparison(mismatches, queries, throughIndex);
  }

  /** A query over an index, its parameters, and what it must return. */
  private record Query(String sql, List<Object> params, Predicate<Map<String, Object>> matches) {
    String shown() {
      return sql + " " + params;
    }
  }

  private static List<Query> queriesFor(String table, List<String> columns, Map<String, Boolean> textColumns,
      List<Map<String, Object>> rows, Random rnd) {
    List<Query> out = new ArrayList<>();
    String lead = columns.get(0);
    if (!textColumns.containsKey(lead)) {
      return out; // the column is gone (dropped after the index went): nothing to query
    }
    List<Object> present = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      if (row.get(lead) != null) {
        present.add(row.get(lead));
      }
    }
    if (present.isEmpty()) {
      return out;
    }
    String base = "SELECT id FROM " + table + " WHERE ";
    for (int i = 0; i < 2; i++) {
      Object v = present.get(rnd.nextInt(present.size()));
      out.add(new Query(base + lead + " = ?", List.of(v), row -> row.get(lead) != null && compare(row.get(lead), v) == 0));
    }
    Object lo = present.stream().min(ConsistencyChecker::compare).orElseThrow();
    Object hi = present.stream().max(ConsistencyChecker::compare).orElseThrow();
    String range = base + lead + " BETWEEN ? AND ?";
    out.add(new Query(range, List.of(lo, hi), row -> between(row.get(lead), lo, hi)));
    Object a = present.get(rnd.nextInt(present.size()));
    Object b = present.get(rnd.nextInt(present.size()));
    Object from = compare(a, b) <= 0 ? a : b;
    Object to = compare(a, b) <= 0 ? b : a;
    out.add(new Query(range, List.of(from, to), row -> between(row.get(lead), from, to)));
    if (columns.size() > 1 && columns.stream().allMatch(textColumns::containsKey)) {
      List<Map<String, Object>> complete = rows.stream()
          .filter(r -> columns.stream().allMatch(col -> r.get(col) != null)).toList();
      if (!complete.isEmpty()) {
        Map<String, Object> pick = complete.get(rnd.nextInt(complete.size()));
        StringBuilder where = new StringBuilder();
        List<Object> params = new ArrayList<>();
        for (String col : columns) {
          where.append(where.length() == 0 ? "" : " AND ").append(col).append(" = ?");
          params.add(pick.get(col));
        }
        out.add(new Query(base + where, params, row -> columns.stream().allMatch(
            col -> row.get(col) != null && compare(row.get(col), pick.get(col)) == 0)));
      }
    }
    return out;
  }

  /**
   * The table (columns id, k, u, v, n, m of the stress table) against the model: every row
   * the acknowledged commits left, and nothing else.
   */
  static List<String> compareWithModel(Connection c, Map<Integer, StressRow> model) throws SQLException {
    Map<Integer, Object[]> actual = new HashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(Workload.ALL_ROWS)) {
      while (rs.next()) {
        Object[] r = new Object[6];
        for (int i = 0; i < 6; i++) {
          r[i] = rs.getObject(i + 1);
        }
        actual.put(((Number) r[0]).intValue(), r);
      }
    }
    List<String> out = new ArrayList<>();
    for (Map.Entry<Integer, StressRow> e : model.entrySet()) {
      Object[] got = actual.remove(e.getKey());
      if (got == null) {
        out.add("row " + e.getKey() + " is missing; the model has " + e.getValue());
      } else if (!e.getValue().sameAs(got)) {
        out.add("row " + e.getKey() + " is " + java.util.Arrays.toString(got) + "; the model has " + e.getValue());
      }
    }
    for (Object[] extra : actual.values()) {
      out.add("row " + java.util.Arrays.toString(extra) + " is in the table but no acknowledged commit left it");
    }
    return out;
  }

  private static String explain(Connection c, Query q) throws SQLException {
    StringBuilder b = new StringBuilder();
    try (PreparedStatement ps = c.prepareStatement("EXPLAIN PLAN FOR " + q.sql())) {
      bind(ps, q.params());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          b.append(rs.getString(1)).append('\n');
        }
      }
    }
    return b.toString().trim();
  }

  private static List<Long> ids(Connection c, Query q) throws SQLException {
    List<Long> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(q.sql())) {
      bind(ps, q.params());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
    }
    Collections.sort(out);
    return out;
  }

  private static void bind(PreparedStatement ps, List<Object> params) throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      ps.setObject(i + 1, params.get(i));
    }
  }

  private static String diff(List<Long> got, List<Long> want) {
    List<Long> extra = new ArrayList<>(got);
    want.forEach(extra::remove);
    List<Long> missing = new ArrayList<>(want);
    got.forEach(missing::remove);
    return got.size() + " rows, the scan " + want.size() + " (extra ids " + extra + ", missing ids " + missing + ")";
  }

  private static boolean between(Object v, Object lo, Object hi) {
    return v != null && compare(v, lo) >= 0 && compare(v, hi) <= 0;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return Long.compare(x.longValue(), y.longValue());
    }
    return ((Comparable) a).compareTo(b);
  }

  /** Index name → columns, for {@link #compareIndexesWithScan}. */
  static Map<String, List<String>> columnsByIndex(Collection<SchemaModel.IndexSpec> specs) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (SchemaModel.IndexSpec s : specs) {
      out.put(s.name(), s.columns());
    }
    return out;
  }
}
