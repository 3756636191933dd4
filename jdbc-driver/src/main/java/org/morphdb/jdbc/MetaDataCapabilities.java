package org.morphdb.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * The constant answers of {@link DatabaseMetaData}: product and driver, identifiers,
 * supported features and limits (0 = no limit). The catalog queries live in
 * {@link MorphDatabaseMetaData}.
 */
abstract class MetaDataCapabilities implements DatabaseMetaData, SelfWrapper {
  protected final MorphConnection connection;

  MetaDataCapabilities(MorphConnection connection) {
    this.connection = connection;
  }

  // ---- product, driver, connection

  @Override public String getDatabaseProductName() { return MorphVersion.PRODUCT_NAME; }
  @Override public String getDatabaseProductVersion() { return MorphVersion.VERSION; }
  @Override public int getDatabaseMajorVersion() { return MorphVersion.MAJOR; }
  @Override public int getDatabaseMinorVersion() { return MorphVersion.MINOR; }
  @Override public String getDriverName() { return MorphVersion.DRIVER_NAME; }
  @Override public String getDriverVersion() { return MorphVersion.VERSION; }
  @Override public int getDriverMajorVersion() { return MorphVersion.MAJOR; }
  @Override public int getDriverMinorVersion() { return MorphVersion.MINOR; }
  @Override public int getJDBCMajorVersion() { return MorphVersion.JDBC_MAJOR; }
  @Override public int getJDBCMinorVersion() { return MorphVersion.JDBC_MINOR; }
  @Override public String getURL() { return connection.url(); }
  @Override public String getUserName() { return ""; }
  @Override public Connection getConnection() { return connection; }
  @Override public boolean isReadOnly() throws SQLException { return connection.isReadOnly(); }
  @Override public boolean usesLocalFiles() { return false; }
  @Override public boolean usesLocalFilePerTable() { return false; }
  @Override public int getSQLStateType() { return sqlStateSQL; }
  @Override public RowIdLifetime getRowIdLifetime() { return RowIdLifetime.ROWID_UNSUPPORTED; }

  // ---- identifiers and terms

  @Override public String getIdentifierQuoteString() { return "\""; }
  @Override public String getSearchStringEscape() { return "\\"; }
  @Override public String getExtraNameCharacters() { return ""; }
  @Override public boolean supportsMixedCaseIdentifiers() { return false; }
  @Override public boolean storesUpperCaseIdentifiers() { return true; }
  @Override public boolean storesLowerCaseIdentifiers() { return false; }
  @Override public boolean storesMixedCaseIdentifiers() { return false; }
  @Override public boolean supportsMixedCaseQuotedIdentifiers() { return true; }
  @Override public boolean storesUpperCaseQuotedIdentifiers() { return false; }
  @Override public boolean storesLowerCaseQuotedIdentifiers() { return false; }
  @Override public boolean storesMixedCaseQuotedIdentifiers() { return false; }
  @Override public String getSchemaTerm() { return "schema"; }
  @Override public String getProcedureTerm() { return "procedure"; }
  @Override public String getCatalogTerm() { return "catalog"; }
  @Override public boolean isCatalogAtStart() { return true; }
  @Override public String getCatalogSeparator() { return "."; }

  // ---- keywords and functions

  @Override public String getSQLKeywords() { return "ILIKE,LIMIT,OFFSET,QUALIFY"; }
  @Override public String getNumericFunctions() {
    return "ABS,ACOS,ASIN,ATAN,ATAN2,CEILING,COS,COT,DEGREES,EXP,FLOOR,LOG,LOG10,MOD,PI,POWER,"
        + "RADIANS,RAND,ROUND,SIGN,SIN,SQRT,TAN,TRUNCATE";
  }
  @Override public String getStringFunctions() {
    return "ASCII,CHAR,CONCAT,INSERT,LCASE,LEFT,LENGTH,LOCATE,LTRIM,REPEAT,REPLACE,RIGHT,RTRIM,"
        + "SPACE,SUBSTRING,UCASE";
  }
  @Override public String getSystemFunctions() { return "DATABASE,IFNULL,USER"; }
  @Override public String getTimeDateFunctions() {
    return "CURDATE,CURTIME,DAYNAME,DAYOFMONTH,DAYOFWEEK,DAYOFYEAR,HOUR,MINUTE,MONTH,MONTHNAME,"
        + "NOW,QUARTER,SECOND,TIMESTAMPADD,TIMESTAMPDIFF,WEEK,YEAR";
  }

  // ---- transactions

  @Override public boolean supportsTransactions() { return true; }
  @Override public int getDefaultTransactionIsolation() { return Connection.TRANSACTION_SERIALIZABLE; }
  @Override public boolean supportsTransactionIsolationLevel(int level) { return level == Connection.TRANSACTION_SERIALIZABLE; }
  @Override public boolean supportsMultipleTransactions() { return true; }
  @Override public boolean supportsDataDefinitionAndDataManipulationTransactions() { return false; }
  @Override public boolean supportsDataManipulationTransactionsOnly() { return true; }
  @Override public boolean dataDefinitionCausesTransactionCommit() { return false; }
  @Override public boolean dataDefinitionIgnoredInTransactions() { return false; }
  @Override public boolean supportsSavepoints() { return true; }
  @Override public boolean supportsOpenCursorsAcrossCommit() { return false; }
  @Override public boolean supportsOpenCursorsAcrossRollback() { return false; }
  @Override public boolean supportsOpenStatementsAcrossCommit() { return true; }
  @Override public boolean supportsOpenStatementsAcrossRollback() { return true; }
  @Override public boolean autoCommitFailureClosesAllResultSets() { return false; }

  // ---- SQL support

  @Override public boolean allProceduresAreCallable() { return false; }
  @Override public boolean allTablesAreSelectable() { return true; }
  @Override public boolean nullsAreSortedHigh() { return true; }
  @Override public boolean nullsAreSortedLow() { return false; }
  @Override public boolean nullsAreSortedAtStart() { return false; }
  @Override public boolean nullsAreSortedAtEnd() { return false; }
  @Override public boolean nullPlusNonNullIsNull() { return true; }
  @Override public boolean supportsAlterTableWithAddColumn() { return true; }
  @Override public boolean supportsAlterTableWithDropColumn() { return true; }
  @Override public boolean supportsColumnAliasing() { return true; }
  @Override public boolean supportsConvert() { return false; }
  @Override public boolean supportsConvert(int fromType, int toType) { return false; }
  @Override public boolean supportsTableCorrelationNames() { return true; }
  @Override public boolean supportsDifferentTableCorrelationNames() { return false; }
  @Override public boolean supportsExpressionsInOrderBy() { return true; }
  @Override public boolean supportsOrderByUnrelated() { return true; }
  @Override public boolean supportsGroupBy() { return true; }
  @Override public boolean supportsGroupByUnrelated() { return true; }
  @Override public boolean supportsGroupByBeyondSelect() { return true; }
  @Override public boolean supportsLikeEscapeClause() { return true; }
  @Override public boolean supportsMultipleResultSets() { return false; }
  @Override public boolean supportsNonNullableColumns() { return true; }
  @Override public boolean supportsMinimumSQLGrammar() { return true; }
  @Override public boolean supportsCoreSQLGrammar() { return true; }
  @Override public boolean supportsExtendedSQLGrammar() { return false; }
  @Override public boolean supportsANSI92EntryLevelSQL() { return true; }
  @Override public boolean supportsANSI92IntermediateSQL() { return false; }
  @Override public boolean supportsANSI92FullSQL() { return false; }
  @Override public boolean supportsIntegrityEnhancementFacility() { return false; }
  @Override public boolean supportsOuterJoins() { return true; }
  @Override public boolean supportsFullOuterJoins() { return true; }
  @Override public boolean supportsLimitedOuterJoins() { return true; }
  @Override public boolean supportsSchemasInDataManipulation() { return true; }
  @Override public boolean supportsSchemasInProcedureCalls() { return false; }
  @Override public boolean supportsSchemasInTableDefinitions() { return true; }
  @Override public boolean supportsSchemasInIndexDefinitions() { return true; }
  @Override public boolean supportsSchemasInPrivilegeDefinitions() { return false; }
  @Override public boolean supportsCatalogsInDataManipulation() { return false; }
  @Override public boolean supportsCatalogsInProcedureCalls() { return false; }
  @Override public boolean supportsCatalogsInTableDefinitions() { return false; }
  @Override public boolean supportsCatalogsInIndexDefinitions() { return false; }
  @Override public boolean supportsCatalogsInPrivilegeDefinitions() { return false; }
  @Override public boolean supportsPositionedDelete() { return false; }
  @Override public boolean supportsPositionedUpdate() { return false; }
  @Override public boolean supportsSelectForUpdate() { return false; }
  @Override public boolean supportsStoredProcedures() { return false; }
  @Override public boolean supportsStoredFunctionsUsingCallSyntax() { return false; }
  @Override public boolean supportsSubqueriesInComparisons() { return true; }
  @Override public boolean supportsSubqueriesInExists() { return true; }
  @Override public boolean supportsSubqueriesInIns() { return true; }
  @Override public boolean supportsSubqueriesInQuantifieds() { return true; }
  @Override public boolean supportsCorrelatedSubqueries() { return true; }
  @Override public boolean supportsUnion() { return true; }
  @Override public boolean supportsUnionAll() { return true; }
  @Override public boolean supportsBatchUpdates() { return true; }
  @Override public boolean supportsGetGeneratedKeys() { return true; }
  @Override public boolean generatedKeyAlwaysReturned() { return false; }
  @Override public boolean supportsNamedParameters() { return false; }
  @Override public boolean supportsMultipleOpenResults() { return false; }
  @Override public boolean supportsStatementPooling() { return false; }
  @Override public boolean supportsRefCursors() { return false; }
  @Override public boolean supportsSharding() { return false; }
  @Override public boolean locatorsUpdateCopy() { return false; }

  // ---- result sets

  @Override public boolean supportsResultSetType(int type) { return type == ResultSet.TYPE_FORWARD_ONLY; }
  @Override public boolean supportsResultSetConcurrency(int type, int concurrency) {
    return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
  }
  @Override public boolean supportsResultSetHoldability(int holdability) { return holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT; }
  @Override public int getResultSetHoldability() { return ResultSet.CLOSE_CURSORS_AT_COMMIT; }
  @Override public boolean ownUpdatesAreVisible(int type) { return false; }
  @Override public boolean ownDeletesAreVisible(int type) { return false; }
  @Override public boolean ownInsertsAreVisible(int type) { return false; }
  @Override public boolean othersUpdatesAreVisible(int type) { return false; }
  @Override public boolean othersDeletesAreVisible(int type) { return false; }
  @Override public boolean othersInsertsAreVisible(int type) { return false; }
  @Override public boolean updatesAreDetected(int type) { return false; }
  @Override public boolean deletesAreDetected(int type) { return false; }
  @Override public boolean insertsAreDetected(int type) { return false; }

  // ---- limits: 0 means none known

  @Override public int getMaxBinaryLiteralLength() { return 0; }
  @Override public int getMaxCharLiteralLength() { return 0; }
  @Override public int getMaxColumnNameLength() { return 0; }
  @Override public int getMaxColumnsInGroupBy() { return 0; }
  @Override public int getMaxColumnsInIndex() { return 0; }
  @Override public int getMaxColumnsInOrderBy() { return 0; }
  @Override public int getMaxColumnsInSelect() { return 0; }
  @Override public int getMaxColumnsInTable() { return 0; }
  @Override public int getMaxConnections() { return 0; }
  @Override public int getMaxCursorNameLength() { return 0; }
  @Override public int getMaxIndexLength() { return 0; }
  @Override public int getMaxSchemaNameLength() { return 0; }
  @Override public int getMaxProcedureNameLength() { return 0; }
  @Override public int getMaxCatalogNameLength() { return 0; }
  @Override public int getMaxRowSize() { return 0; }
  @Override public boolean doesMaxRowSizeIncludeBlobs() { return false; }
  @Override public int getMaxStatementLength() { return 0; }
  @Override public int getMaxStatements() { return 0; }
  @Override public int getMaxTableNameLength() { return 0; }
  @Override public int getMaxTablesInSelect() { return 0; }
  @Override public int getMaxUserNameLength() { return 0; }
  @Override public long getMaxLogicalLobSize() { return 0; }
}
