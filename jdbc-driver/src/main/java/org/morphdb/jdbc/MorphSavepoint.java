package org.morphdb.jdbc;

import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * A savepoint of one connection's transaction. The engine knows savepoints by name: an
 * unnamed one gets the name {@code SYS_SAVEPOINT_<id>}.
 */
final class MorphSavepoint implements Savepoint {
  private final MorphConnection connection;
  private final int id;
  private final String name;

  MorphSavepoint(MorphConnection connection, int id, String name) {
    this.connection = connection;
    this.id = id;
    this.name = name;
  }

  /** The SQL name: the given name quoted (kept as written), or the generated one. */
  String sqlName() {
    return name == null ? "SYS_SAVEPOINT_" + id : '"' + name.replace("\"", "\"\"") + '"';
  }

  MorphConnection connection() { return connection; }

  @Override
  public int getSavepointId() throws SQLException {
    if (name != null) {
      throw Errors.create("A named savepoint has no id", "HY024");
    }
    return id;
  }

  @Override
  public String getSavepointName() throws SQLException {
    if (name == null) {
      throw Errors.create("An unnamed savepoint has no name", "HY024");
    }
    return name;
  }
}
