package org.morphdb.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What the integration stories repeat: run statements, read rows as text. */
final class Sql {
  private Sql() {}

  static void exec(Connection c, String... sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** Each row as its values' strings joined by "|" ("null" for NULL). */
  static List<String> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rows(rs);
    }
  }

  /** The remaining rows of {@code rs}, as {@link #rows(Connection, String)} gives them. */
  static List<String> rows(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    int n = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      StringBuilder b = new StringBuilder();
      for (int i = 1; i <= n; i++) {
        b.append(i > 1 ? "|" : "").append(rs.getString(i));
      }
      out.add(b.toString());
    }
    return out;
  }
}
