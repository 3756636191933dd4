package org.morphdb.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The databases the bench compares, each embedded in memory in this JVM and reached through
 * its own JDBC driver with the same JDBC code.
 */
public enum Dbms {
  MORPHDB("MorphDB", "jdbc:morph:mem:%s"),
  /** LOCK_TIMEOUT: writers wait for a blocking CREATE INDEX instead of failing after 1 s. */
  H2("H2", "jdbc:h2:mem:%s;LOCK_TIMEOUT=600000"),
  /** MVCC transactions, as in the baselines of FIELD-NOTES.md. */
  HSQLDB("HSQLDB", "jdbc:hsqldb:mem:%s;hsqldb.tx=mvcc");

  private final String label;
  private final String urlPattern;

  Dbms(String label, String urlPattern) {
    this.label = label;
    this.urlPattern = urlPattern;
  }

  public String label() {
    return label;
  }

  public String url(String database) {
    return String.format(urlPattern, database);
  }

  /** Opens database {@code name}: a fresh in-memory database with a connection that keeps it. */
  public Db open(String name) throws SQLException {
    return new Db(this, url(name));
  }

  /** One open in-memory database; closing it drops it. */
  public static final class Db implements AutoCloseable {
    private final Dbms dbms;
    private final String url;
    private final Connection main;

    private Db(Dbms dbms, String url) throws SQLException {
      this.dbms = dbms;
      this.url = url;
      this.main = DriverManager.getConnection(url);
    }

    public Dbms dbms() {
      return dbms;
    }

    /** The database's name (the URL's, without options). */
    public String name() {
      String rest = url.substring(url.lastIndexOf(':') + 1);
      int semi = rest.indexOf(';');
      return semi < 0 ? rest : rest.substring(0, semi);
    }

    /** The connection that keeps the database alive; auto-commit. */
    public Connection main() {
      return main;
    }

    /** Another connection to the same database. */
    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url);
    }

    /** "H2 2.5.252 (2025-...)": product and version as the driver reports them. */
    public String version() throws SQLException {
      return main.getMetaData().getDatabaseProductName() + " "
          + main.getMetaData().getDatabaseProductVersion();
    }

    public void execute(String sql) throws SQLException {
      try (var st = main.createStatement()) {
        st.execute(sql);
      }
    }

    @Override
    public void close() throws SQLException {
      try (main) {
        if (dbms == HSQLDB) {
          execute("SHUTDOWN"); // an HSQLDB mem: database outlives its connections otherwise
        }
      }
    }
  }
}
