package org.morphdb.crash;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The database {@code ./morph crashtest} kills. MorphDB runs the full test (pairs of rows per
 * transaction, a DDL loop, every acknowledged commit must survive); H2 and HSQLDB, in their
 * default file settings, get auto-commit single-row inserts only, and the commits they lose are
 * counted, not failed: that is the figure measured (docs/benchmarks.md).
 */
enum CrashTarget {
  MORPH, H2, HSQLDB;

  static CrashTarget parse(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }

  /** The database's URL; {@code async} only applies to MorphDB. */
  String url(Path dir, boolean async) {
    String db = dir.resolve("db").toString();
    return switch (this) {
      case MORPH -> "jdbc:morph:file:" + db + (async ? ";durability=async" : "");
      case H2 -> "jdbc:h2:file:" + db;
      case HSQLDB -> "jdbc:hsqldb:file:" + db;
    };
  }

  /** A lost acknowledged commit is a failure (MorphDB) or only counted (the others). */
  boolean mustKeepEveryCommit() {
    return this == MORPH;
  }

  /** After the check: HSQLDB keeps a file database open in this JVM until SHUTDOWN. */
  void release(Connection c) throws SQLException {
    if (this == HSQLDB) {
      try (Statement s = c.createStatement()) {
        s.execute("SHUTDOWN");
      }
    }
  }

  String describe(boolean async) {
    return switch (this) {
      case MORPH -> async ? "MorphDB durability=async" : "MorphDB durability=sync";
      case H2 -> "H2 default settings";
      case HSQLDB -> "HSQLDB default settings";
    };
  }
}
