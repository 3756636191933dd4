package org.morphdb.integrations.flyway;

import java.sql.SQLException;
import org.flywaydb.core.internal.database.base.Connection;
import org.flywaydb.core.internal.database.base.Schema;

/** A Flyway connection: the current schema is the JDBC connection's ({@code PUBLIC} by default). */
public final class MorphFlywayConnection extends Connection<MorphFlywayDatabase> {

  MorphFlywayConnection(MorphFlywayDatabase database, java.sql.Connection connection) {
    super(database, connection);
  }

  @Override
  protected String getCurrentSchemaNameOrSearchPath() throws SQLException {
    return getJdbcConnection().getSchema();
  }

  @Override
  protected void doChangeCurrentSchemaOrSearchPathTo(String schema) throws SQLException {
    getJdbcConnection().setSchema(schema);
  }

  @Override
  public Schema getSchema(String name) {
    return new MorphFlywaySchema(getJdbcTemplate(), database, name);
  }
}
