package org.morphdb.integrations.liquibase;

import liquibase.database.Database;
import liquibase.datatype.DataTypeInfo;
import liquibase.datatype.DatabaseDataType;
import liquibase.datatype.LiquibaseDataType;
import liquibase.datatype.core.DateTimeType;

/** Liquibase's {@code datetime} is MorphDB's {@code TIMESTAMP} (MorphDB has no DATETIME type). */
@DataTypeInfo(name = "datetime", aliases = {"java.sql.Types.DATETIME", "java.util.Date", "smalldatetime",
    "datetime2"}, minParameters = 0, maxParameters = 1, priority = LiquibaseDataType.PRIORITY_DATABASE)
public class MorphDateTimeType extends DateTimeType {

  @Override
  public boolean supports(Database database) {
    return database instanceof MorphLiquibaseDatabase;
  }

  @Override
  public DatabaseDataType toDatabaseDataType(Database database) {
    if (database instanceof MorphLiquibaseDatabase) {
      return new DatabaseDataType("TIMESTAMP");
    }
    return super.toDatabaseDataType(database);
  }
}
