package org.morphdb.slt;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;

/**
 * Transaction statements in a sqllogictest file run through JDBC, so the same file runs on every
 * driver: {@code BEGIN} / {@code START TRANSACTION} [{@code READ ONLY}] switch auto-commit off
 * (and set read-only), {@code COMMIT} / {@code ROLLBACK} end the transaction and switch
 * auto-commit back on. COMMIT or ROLLBACK with no transaction open does nothing; BEGIN inside one
 * fails with 25001.
 */
enum TransactionControl {
  BEGIN, BEGIN_READ_ONLY, COMMIT, ROLLBACK;

  private static final Map<String, TransactionControl> FORMS = Map.ofEntries(
      Map.entry("BEGIN", BEGIN),
      Map.entry("BEGIN WORK", BEGIN),
      Map.entry("BEGIN TRANSACTION", BEGIN),
      Map.entry("START TRANSACTION", BEGIN),
      Map.entry("BEGIN READ ONLY", BEGIN_READ_ONLY),
      Map.entry("BEGIN TRANSACTION READ ONLY", BEGIN_READ_ONLY),
      Map.entry("START TRANSACTION READ ONLY", BEGIN_READ_ONLY),
      Map.entry("COMMIT", COMMIT),
      Map.entry("COMMIT WORK", COMMIT),
      Map.entry("COMMIT TRANSACTION", COMMIT),
      Map.entry("ROLLBACK", ROLLBACK),
      Map.entry("ROLLBACK WORK", ROLLBACK),
      Map.entry("ROLLBACK TRANSACTION", ROLLBACK));

  /** The transaction statement {@code sql} is, or null for any other statement. */
  static TransactionControl of(String sql) {
    String s = sql.strip();
    if (s.endsWith(";")) {
      s = s.substring(0, s.length() - 1);
    }
    return FORMS.get(s.strip().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT));
  }

  void apply(Connection c) throws SQLException {
    switch (this) {
      case BEGIN, BEGIN_READ_ONLY -> {
        if (!c.getAutoCommit()) {
          throw new SQLException("a transaction is already active on this connection", "25001");
        }
        c.setReadOnly(this == BEGIN_READ_ONLY);
        c.setAutoCommit(false);
      }
      case COMMIT, ROLLBACK -> {
        if (c.getAutoCommit()) {
          return;
        }
        boolean ended = false;
        try {
          if (this == COMMIT) {
            c.commit();
          } else {
            c.rollback();
          }
          ended = true;
        } finally {
          backToAutoCommit(c, ended);
        }
      }
      default -> throw new AssertionError(this);
    }
  }

  /** After a failed commit the transaction is rolled back, so that auto-commit adds nothing. */
  private static void backToAutoCommit(Connection c, boolean ended) throws SQLException {
    if (!ended) {
      try {
        c.rollback();
      } catch (SQLException ignored) {
        // the commit's exception is the one to report
      }
    }
    try {
      c.setAutoCommit(true);
      c.setReadOnly(false);
    } catch (SQLException e) {
      if (ended) {
        throw e;
      }
    }
  }
}
