package org.morphdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A unit of work for {@link MorphConnection#runInTransaction(SqlWork)}: it may run more than
 * once, so it should have no effects outside the connection other than its result. Work
 * with nothing to return returns {@code null}.
 */
@FunctionalInterface
public interface SqlWork<T> {
  T run(Connection connection) throws SQLException;
}
