package org.morphdb.integrations.flyway;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.internal.database.base.Schema;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcTemplate;

/**
 * A MorphDB schema, read through {@code INFORMATION_SCHEMA} and JDBC metadata. MorphDB has no
 * {@code CREATE SCHEMA} / {@code DROP SCHEMA} yet, so Flyway can work in existing schemas
 * ({@code PUBLIC}) only; {@code clean} drops the tables and sequences.
 */
public final class MorphFlywaySchema extends Schema<MorphFlywayDatabase, MorphFlywayTable> {

  MorphFlywaySchema(JdbcTemplate jdbcTemplate, MorphFlywayDatabase database, String name) {
    super(jdbcTemplate, database, name);
  }

  @Override
  protected boolean doExists() throws SQLException {
    try (ResultSet schemas = database.getJdbcMetaData().getSchemas(null, name)) {
      return schemas.next();
    }
  }

  @Override
  protected boolean doEmpty() throws SQLException {
    return doAllTables().length == 0;
  }

  @Override
  protected void doCreate() {
    throw new FlywayException("MorphDB has no CREATE SCHEMA yet: cannot create schema " + name
        + "; use an existing schema such as PUBLIC");
  }

  @Override
  protected void doDrop() {
    throw new FlywayException("MorphDB has no DROP SCHEMA yet: cannot drop schema " + name);
  }

  @Override
  protected void doClean() throws SQLException {
    for (Table table : doAllTables()) {
      table.drop();
    }
    for (String sequence : jdbcTemplate.queryForStringList(
        "SELECT SEQUENCE_NAME FROM INFORMATION_SCHEMA.SEQUENCES WHERE SEQUENCE_SCHEMA = ?", name)) {
      jdbcTemplate.execute("DROP SEQUENCE " + database.quote(name, sequence));
    }
  }

  @Override
  protected MorphFlywayTable[] doAllTables() throws SQLException {
    List<String> names = jdbcTemplate.queryForStringList(
        "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'TABLE'",
        name);
    return names.stream().map(this::getTable).toArray(MorphFlywayTable[]::new);
  }

  @Override
  public MorphFlywayTable getTable(String tableName) {
    return new MorphFlywayTable(jdbcTemplate, database, this, tableName);
  }
}
