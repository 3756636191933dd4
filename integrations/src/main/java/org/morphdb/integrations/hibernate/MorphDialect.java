package org.morphdb.integrations.hibernate;

import static org.hibernate.type.SqlTypes.FLOAT;
import static org.hibernate.type.SqlTypes.LONG32NVARCHAR;
import static org.hibernate.type.SqlTypes.LONG32VARCHAR;
import static org.hibernate.type.SqlTypes.NCHAR;
import static org.hibernate.type.SqlTypes.NVARCHAR;
import static org.hibernate.type.SqlTypes.TIMESTAMP_UTC;
import static org.hibernate.type.SqlTypes.TIMESTAMP_WITH_TIMEZONE;

import org.hibernate.dialect.DatabaseVersion;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.identity.IdentityColumnSupport;
import org.hibernate.dialect.pagination.LimitHandler;
import org.hibernate.dialect.pagination.OffsetFetchLimitHandler;
import org.hibernate.dialect.sequence.SequenceSupport;
import org.hibernate.dialect.unique.CreateTableUniqueDelegate;
import org.hibernate.dialect.unique.UniqueDelegate;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.tool.schema.extract.internal.SequenceInformationExtractorLegacyImpl;
import org.hibernate.tool.schema.extract.spi.SequenceInformationExtractor;

/**
 * Hibernate ORM dialect for MorphDB (SQL through Apache Calcite's grammar).
 *
 * <p>What it declares: IDENTITY columns with keys read back by {@code getGeneratedKeys};
 * sequences ({@code NEXT VALUE FOR}, listed in {@code INFORMATION_SCHEMA.SEQUENCES});
 * {@code OFFSET n ROWS FETCH FIRST m ROWS ONLY} paging; {@code DROP ... IF EXISTS}; type names
 * MorphDB accepts ({@code DOUBLE} for {@code float(p)}, plain {@code VARCHAR} for national
 * characters).
 *
 * <p>Unique keys go inside CREATE TABLE, so {@code update} never emits a drop and re-add pair
 * for them (MorphDB can also add them online with {@code ALTER TABLE ... ADD CONSTRAINT ...
 * UNIQUE}). Foreign keys are added with {@code ALTER TABLE ... ADD CONSTRAINT ... FOREIGN KEY} (online).
 */
public class MorphDialect extends Dialect {
  private static final DatabaseVersion MINIMUM_VERSION = DatabaseVersion.make(0, 1);

  private final UniqueDelegate uniqueDelegate = new CreateTableUniqueDelegate(this);

  public MorphDialect() {
    super(MINIMUM_VERSION);
  }

  public MorphDialect(DialectResolutionInfo info) {
    super(info);
  }

  @Override
  protected DatabaseVersion getMinimumSupportedVersion() {
    return MINIMUM_VERSION;
  }

  @Override
  protected String columnType(int sqlTypeCode) {
    return switch (sqlTypeCode) {
      // float(p) is not in MorphDB's grammar; every float is a double
      case FLOAT -> "double";
      // no national character types: VARCHAR holds any Unicode text
      case NCHAR -> columnType(org.hibernate.type.SqlTypes.CHAR);
      case NVARCHAR -> columnType(org.hibernate.type.SqlTypes.VARCHAR);
      case LONG32VARCHAR, LONG32NVARCHAR -> "varchar(" + getMaxVarcharLength() + ")";
      // TIMESTAMP WITH TIME ZONE is not there yet: stored as UTC timestamps
      case TIMESTAMP_WITH_TIMEZONE, TIMESTAMP_UTC ->
          columnType(org.hibernate.type.SqlTypes.TIMESTAMP);
      default -> super.columnType(sqlTypeCode);
    };
  }

  @Override
  public int getMaxVarcharLength() {
    return 1_048_576;
  }

  @Override
  public IdentityColumnSupport getIdentityColumnSupport() {
    return MorphIdentityColumnSupport.INSTANCE;
  }

  @Override
  public SequenceSupport getSequenceSupport() {
    return MorphSequenceSupport.INSTANCE;
  }

  @Override
  public String getQuerySequencesString() {
    return "select cast(null as varchar(128)) as sequence_catalog, sequence_schema, sequence_name,"
        + " start_value, minimum_value, maximum_value, increment"
        + " from information_schema.sequences";
  }

  @Override
  public SequenceInformationExtractor getSequenceInformationExtractor() {
    return SequenceInformationExtractorLegacyImpl.INSTANCE;
  }

  @Override
  public LimitHandler getLimitHandler() {
    return OffsetFetchLimitHandler.INSTANCE;
  }

  /** Unique keys are declared inside CREATE TABLE (see the class comment). */
  @Override
  public UniqueDelegate getUniqueDelegate() {
    return uniqueDelegate;
  }

  @Override
  public boolean supportsIfExistsBeforeTableName() {
    return true;
  }

  @Override
  public String getCascadeConstraintsString() {
    return " cascade";
  }

  /** Tables are dropped with CASCADE, which drops the foreign keys that refer to them. */
  @Override
  public boolean dropConstraints() {
    return false;
  }

  @Override
  public boolean supportsCascadeDelete() {
    return false;
  }

  @Override
  public String getFromDualForSelectOnly() {
    return "";
  }

  @Override
  public boolean supportsValuesList() {
    return true;
  }

  @Override
  public String getCurrentTimestampSelectString() {
    return "values current_timestamp";
  }

  @Override
  public boolean isCurrentTimestampSelectStringCallable() {
    return false;
  }
}
