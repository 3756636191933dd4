package org.morphdb.integrations.flyway;

import java.sql.Connection;
import java.sql.Types;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.database.base.BaseDatabaseType;
import org.flywaydb.core.internal.database.base.Database;
import org.flywaydb.core.internal.jdbc.JdbcConnectionFactory;
import org.flywaydb.core.internal.jdbc.StatementInterceptor;
import org.flywaydb.core.internal.parser.Parser;
import org.flywaydb.core.internal.parser.ParsingContext;

/**
 * Flyway's entry point for MorphDB, found through
 * {@code META-INF/services/org.flywaydb.core.extensibility.Plugin}: it claims
 * {@code jdbc:morph:} URLs and connections whose product name is {@code MorphDB}.
 */
public final class MorphDatabaseType extends BaseDatabaseType {
  static final String PRODUCT_NAME = "MorphDB";
  static final String DRIVER_CLASS = "org.morphdb.jdbc.MorphDriver";

  @Override
  public String getName() {
    return PRODUCT_NAME;
  }

  @Override
  public int getNullType() {
    return Types.NULL;
  }

  @Override
  public boolean handlesJDBCUrl(String url) {
    return url.startsWith("jdbc:morph:");
  }

  @Override
  public String getDriverClass(String url, ClassLoader classLoader) {
    return DRIVER_CLASS;
  }

  @Override
  public boolean handlesDatabaseProductNameAndVersion(String productName, String productVersion,
      Connection connection) {
    // Flyway passes the product name followed by " major.minor"
    return productName.equals(PRODUCT_NAME) || productName.startsWith(PRODUCT_NAME + " ");
  }

  @Override
  public Database createDatabase(Configuration configuration, JdbcConnectionFactory connectionFactory,
      StatementInterceptor statementInterceptor) {
    return new MorphFlywayDatabase(configuration, connectionFactory, statementInterceptor);
  }

  @Override
  public Parser createParser(Configuration configuration, ResourceProvider resourceProvider,
      ParsingContext parsingContext) {
    return new MorphParser(configuration, parsingContext);
  }
}
