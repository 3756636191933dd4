package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.function.Executable;

/**
 * One fresh in-memory database for one scenario, the connections the scenario opens on it,
 * and the few moves every scenario repeats. Closing it closes every connection, which drops
 * the database.
 *
 * <p>The {@link #admin()} connection is in auto-commit mode; scenarios use it to set up,
 * to run the DDL that "connection B" runs, and to look at what is visible afterwards.
 */
final class Scenario implements AutoCloseable {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  private final String url;
  private final List<Connection> connections = new ArrayList<>();
  private final Connection admin;

  private Scenario(String url) throws SQLException {
    this.url = url;
    this.admin = connect("");
  }

  /** A fresh database with the given database options ("nodes=3;lockTimeout=500"), or none. */
  static Scenario open(String databaseOptions) throws SQLException {
    String name = "schemasync_" + SEQUENCE.incrementAndGet() + "_" + System.nanoTime();
    // morph.test.store=file: the same scenarios on a durable database (a second surefire run);
    // morph.test.transport=server: through a server (Transport)
    String base = "file".equals(System.getProperty("morph.test.store"))
        ? "jdbc:morph:file:" + java.nio.file.Path.of(System.getProperty("morph.test.dir", "target/file-dbs"), name)
        : Transport.url(name);
    return new Scenario(base + (databaseOptions.isEmpty() ? "" : ";" + databaseOptions));
  }

  static Scenario open() throws SQLException {
    return open("");
  }

  String url() { return url; }

  /** A new auto-commit connection; {@code options} are connection options ("node=2;autoRetry=false"). */
  Connection connect(String options) throws SQLException {
    Connection c = DriverManager.getConnection(options.isEmpty() ? url : url + ";" + options);
    synchronized (connections) {
      connections.add(c);
    }
    return c;
  }

  Connection connect() throws SQLException {
    return connect("");
  }

  /** A new connection with auto-commit off: its next statement begins a transaction. */
  Connection connectExplicit(String options) throws SQLException {
    Connection c = connect(options);
    c.setAutoCommit(false);
    return c;
  }

  Connection connectExplicit() throws SQLException {
    return connectExplicit("");
  }

  Connection admin() { return admin; }

  /** Runs statements on the admin connection (auto-commit): set-up, DDL, checks. */
  void admin(String... sql) throws SQLException {
    for (String s : sql) {
      exec(admin, s);
    }
  }

  /** The table version INFORMATION_SCHEMA.TABLES reports for a table of PUBLIC. */
  int tableVersion(String table) throws SQLException {
    List<String> v = rows(admin, "SELECT TABLE_VERSION FROM INFORMATION_SCHEMA.TABLES"
        + " WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_NAME = '" + table + "'");
    assertEquals(1, v.size(), "one row for table " + table + " in INFORMATION_SCHEMA.TABLES");
    return Integer.parseInt(v.get(0));
  }

  @Override
  public void close() throws SQLException {
    SQLException failure = null;
    synchronized (connections) {
      for (Connection c : connections) {
        try {
          c.close();
        } catch (SQLException e) {
          failure = failure == null ? e : failure;
        }
      }
      connections.clear();
    }
    if (failure != null) {
      throw failure;
    }
  }

  // ---- statements

  static void exec(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  static int update(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      return s.executeUpdate(sql);
    }
  }

  /** The rows of a query, each as its values' strings joined by ", " ("null" for NULL). */
  static List<String> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rows(rs);
    }
  }

  static List<String> rows(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> out = new ArrayList<>();
    while (rs.next()) {
      StringBuilder row = new StringBuilder();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        if (i > 1) {
          row.append(", ");
        }
        row.append(rs.getString(i));
      }
      out.add(row.toString());
    }
    return out;
  }

  /** The column labels of a query's result. */
  static List<String> columns(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return columns(rs.getMetaData());
    }
  }

  static List<String> columns(ResultSetMetaData md) throws SQLException {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      out.add(md.getColumnLabel(i));
    }
    return out;
  }

  // ---- expected failures

  /**
   * Asserts that {@code op} fails with exactly this SQLState and vendor code, and with an
   * exception of (a subclass of) {@code type}; returns the exception.
   */
  static <E extends SQLException> E assertFails(String sqlState, int vendorCode, Class<E> type,
      Executable op) {
    SQLException e = failure(op);
    assertEquals(sqlState, e.getSQLState(), () -> "SQLState of " + describe(e));
    assertEquals(vendorCode, e.getErrorCode(), () -> "vendor code of " + describe(e));
    assertInstanceOf(type, e, () -> "exception class of " + describe(e));
    return type.cast(e);
  }

  /** Asserts that {@code op} fails with this SQLState (any vendor code, any class); returns it. */
  static SQLException assertFails(String sqlState, Executable op) {
    SQLException e = failure(op);
    assertEquals(sqlState, e.getSQLState(), () -> "SQLState of " + describe(e));
    return e;
  }

  /** Asserts that {@code op} aborts the transaction: 40001, this vendor code, SQLTransactionRollbackException. */
  static SQLTransactionRollbackException assertAborted(int vendorCode, Executable op) {
    return assertFails("40001", vendorCode, SQLTransactionRollbackException.class, op);
  }

  /** Asserts that a message names a table and, in this order, two versions of it. */
  static void assertNamesTableAndVersions(SQLException e, String table, int from, int to) {
    Pattern p = Pattern.compile("(?s).*\\b" + table + "\\b.*\\b" + from + "\\b.*\\b" + to + "\\b.*");
    assertTrue(p.matcher(e.getMessage()).matches(), () -> "the message should name table " + table
        + " and versions " + from + " and " + to + ": " + e.getMessage());
  }

  /** Asserts that a message names a table. */
  static void assertNamesTable(SQLException e, String table) {
    assertTrue(Pattern.compile("(?s).*\\b" + table + "\\b.*").matcher(e.getMessage()).matches(),
        () -> "the message should name table " + table + ": " + e.getMessage());
  }

  private static SQLException failure(Executable op) {
    try {
      op.execute();
    } catch (SQLException e) {
      return e;
    } catch (Throwable t) {
      fail("expected an SQLException, got " + t, t);
    }
    return fail("expected an SQLException, but the operation succeeded");
  }

  static String describe(Throwable e) {
    StringWriter w = new StringWriter();
    e.printStackTrace(new PrintWriter(w));
    String s = w.toString();
    return e instanceof SQLException q
        ? "[" + q.getSQLState() + "/" + q.getErrorCode() + "] " + s.substring(0, Math.min(s.length(), 2000))
        : s.substring(0, Math.min(s.length(), 2000));
  }
}
