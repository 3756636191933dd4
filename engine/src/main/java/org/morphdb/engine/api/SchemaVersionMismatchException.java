package org.morphdb.engine.api;

/**
 * SCHEMA_VERSION_MISMATCH: the client's schema version of a table is not the version the
 * transaction binds (tableEnlistSV). The driver re-prepares against exactly
 * {@link #tableEnlistVersion()} and re-sends.
 */
public class SchemaVersionMismatchException extends MorphException {
  private final int tableId;
  private final int clientVersion;
  private final int tableEnlistVersion;

  public SchemaVersionMismatchException(String tableName, int tableId, int clientVersion, int tableEnlistVersion) {
    super(ErrorCode.SCHEMA_VERSION_MISMATCH, String.format(
        "Schema version mismatch for table %s: client has version %d, transaction uses version %d",
        tableName, clientVersion, tableEnlistVersion));
    this.tableId = tableId;
    this.clientVersion = clientVersion;
    this.tableEnlistVersion = tableEnlistVersion;
  }

  public int tableId() { return tableId; }

  public int clientVersion() { return clientVersion; }

  public int tableEnlistVersion() { return tableEnlistVersion; }
}
