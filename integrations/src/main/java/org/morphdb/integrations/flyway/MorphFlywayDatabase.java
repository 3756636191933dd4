package org.morphdb.integrations.flyway;

import java.sql.Connection;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.database.base.Database;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcConnectionFactory;
import org.flywaydb.core.internal.jdbc.StatementInterceptor;

/**
 * MorphDB as Flyway sees it. DDL is not transactional: a DDL statement commits the open
 * transaction first and then runs as an online schema change, so a failed migration leaves the
 * statements before the failure applied, and Flyway records it as failed (fix, then
 * {@code repair}).
 */
public final class MorphFlywayDatabase extends Database<MorphFlywayConnection> {

  MorphFlywayDatabase(Configuration configuration, JdbcConnectionFactory connectionFactory,
      StatementInterceptor statementInterceptor) {
    super(configuration, connectionFactory, statementInterceptor);
  }

  @Override
  protected MorphFlywayConnection doGetConnection(Connection connection) {
    return new MorphFlywayConnection(this, connection);
  }

  @Override
  public void ensureSupported(Configuration configuration) {
    ensureDatabaseIsRecentEnough("0.1");
  }

  /**
   * The history table, with its primary key and index declared the ways MorphDB accepts
   * (no {@code ALTER TABLE ... ADD CONSTRAINT ... PRIMARY KEY} yet).
   */
  @Override
  public String getRawCreateScript(Table table, boolean baseline) {
    return "CREATE TABLE " + table + " (\n"
        + "    \"installed_rank\" INT NOT NULL PRIMARY KEY,\n"
        + "    \"version\" VARCHAR(50),\n"
        + "    \"description\" VARCHAR(200) NOT NULL,\n"
        + "    \"type\" VARCHAR(20) NOT NULL,\n"
        + "    \"script\" VARCHAR(1000) NOT NULL,\n"
        + "    \"checksum\" INT,\n"
        + "    \"installed_by\" VARCHAR(100) NOT NULL,\n"
        + "    \"installed_on\" TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL,\n"
        + "    \"execution_time\" INT NOT NULL,\n"
        + "    \"success\" BOOLEAN NOT NULL\n"
        + ");\n"
        + (baseline ? getBaselineStatement(table) + ";\n" : "")
        + "CREATE INDEX " + quote(table.getSchema().getName(), table.getName() + "_s_idx")
        + " ON " + table + " (\"success\");";
  }

  @Override
  public boolean supportsDdlTransactions() {
    return false;
  }

  @Override
  public String getBooleanTrue() {
    return "TRUE";
  }

  @Override
  public String getBooleanFalse() {
    return "FALSE";
  }

  @Override
  public boolean catalogIsSchema() {
    return false;
  }
}
