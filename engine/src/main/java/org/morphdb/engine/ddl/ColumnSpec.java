package org.morphdb.engine.ddl;

import org.morphdb.engine.catalog.ColumnType;

/**
 * A column as a DDL statement declares it.
 *
 * @param defaultSql   the DEFAULT expression as written, or null
 * @param defaultValue the default evaluated to a constant in stored form
 * @param identity     the IDENTITY options as written, or null for a plain column
 * @param identityAlways GENERATED ALWAYS (no value may be given) rather than BY DEFAULT
 */
public record ColumnSpec(String name, ColumnType type, boolean notNull, String defaultSql, Object defaultValue,
    SequenceOptions identity, boolean identityAlways) {

  public ColumnSpec(String name, ColumnType type, boolean notNull, String defaultSql, Object defaultValue) {
    this(name, type, notNull, defaultSql, defaultValue, null, false);
  }
}
