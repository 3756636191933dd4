package org.morphdb.engine.api;

/**
 * Describes a result column or a statement parameter.
 *
 * @param name        column name (or label of the expression); parameters use "?1", "?2"...
 * @param schema      schema of the underlying table, or "" when computed
 * @param table       underlying table name, or "" when computed
 * @param jdbcType    a {@link java.sql.Types} constant
 * @param typeName    SQL type name as users write it (INTEGER, VARCHAR, DECIMAL...)
 * @param precision   declared length / precision, 0 when not applicable
 * @param scale       declared scale, 0 when not applicable
 * @param nullable    whether NULL may appear
 * @param javaClass   fully qualified name of the Java class values are returned as
 */
public record ColumnMeta(
    String name, String schema, String table, int jdbcType, String typeName,
    int precision, int scale, boolean nullable, String javaClass) {}
