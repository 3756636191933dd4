package org.morphdb.integrations.flyway;

import java.sql.SQLException;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcTemplate;

/**
 * A MorphDB table. Flyway locks its history table while it migrates; MorphDB has no
 * {@code LOCK TABLE}, and {@code SELECT ... FOR UPDATE} over the whole table takes the same
 * exclusive table lock for the rest of the transaction.
 */
public final class MorphFlywayTable extends Table<MorphFlywayDatabase, MorphFlywaySchema> {

  MorphFlywayTable(JdbcTemplate jdbcTemplate, MorphFlywayDatabase database, MorphFlywaySchema schema,
      String name) {
    super(jdbcTemplate, database, schema, name);
  }

  @Override
  protected void doDrop() throws SQLException {
    jdbcTemplate.execute("DROP TABLE " + this);
  }

  @Override
  protected boolean doExists() throws SQLException {
    return exists(null, schema, name);
  }

  @Override
  protected void doLock() throws SQLException {
    jdbcTemplate.queryForStringList("SELECT 1 FROM " + this + " FOR UPDATE");
  }
}
