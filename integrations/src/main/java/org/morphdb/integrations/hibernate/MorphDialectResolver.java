package org.morphdb.integrations.hibernate;

import org.hibernate.dialect.Dialect;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolver;

/**
 * Picks {@link MorphDialect} when the JDBC driver reports the product name {@code MorphDB};
 * found by Hibernate through {@code META-INF/services}, so no {@code hibernate.dialect} is needed.
 */
public final class MorphDialectResolver implements DialectResolver {
  /** What {@code DatabaseMetaData.getDatabaseProductName()} returns for MorphDB. */
  public static final String PRODUCT_NAME = "MorphDB";

  @Override
  public Dialect resolveDialect(DialectResolutionInfo info) {
    return PRODUCT_NAME.equals(info.getDatabaseName()) ? new MorphDialect(info) : null;
  }
}
