package org.morphdb.engine.ddl;

import org.morphdb.engine.catalog.ColumnType;

/**
 * A column as a DDL statement declares it.
 *
 * @param defaultSql   the DEFAULT expression as written, or null
 * @param defaultValue the default evaluated to a constant in stored form
 */
public record ColumnSpec(String name, ColumnType type, boolean notNull, String defaultSql, Object defaultValue) {}
