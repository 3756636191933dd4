package org.morphdb.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.morphdb.engine.api.ColumnMeta;

/** Result columns as the engine described them ({@link ColumnMeta}). */
final class MorphResultSetMetaData implements ResultSetMetaData, SelfWrapper {
  private final List<ColumnMeta> columns;

  MorphResultSetMetaData(List<ColumnMeta> columns) {
    this.columns = List.copyOf(columns);
  }

  private ColumnMeta column(int column) throws SQLException {
    if (column < 1 || column > columns.size()) {
      throw Errors.create("Column index " + column + " is out of range 1.." + columns.size(), Errors.BAD_INDEX);
    }
    return columns.get(column - 1);
  }

  @Override public int getColumnCount() { return columns.size(); }
  @Override public String getColumnLabel(int c) throws SQLException { return column(c).name(); }
  @Override public String getColumnName(int c) throws SQLException { return column(c).name(); }
  @Override public String getSchemaName(int c) throws SQLException { return nonNull(column(c).schema()); }
  @Override public String getTableName(int c) throws SQLException { return nonNull(column(c).table()); }
  @Override public String getCatalogName(int c) throws SQLException { column(c); return ""; }
  @Override public int getColumnType(int c) throws SQLException { return column(c).jdbcType(); }
  @Override public String getColumnTypeName(int c) throws SQLException { return column(c).typeName(); }
  @Override public int getPrecision(int c) throws SQLException { return column(c).precision(); }
  @Override public int getScale(int c) throws SQLException { return column(c).scale(); }
  @Override public boolean isAutoIncrement(int c) throws SQLException { column(c); return false; }
  @Override public boolean isCurrency(int c) throws SQLException { column(c); return false; }
  @Override public boolean isSearchable(int c) throws SQLException { column(c); return true; }
  @Override public boolean isReadOnly(int c) throws SQLException { column(c); return true; }
  @Override public boolean isWritable(int c) throws SQLException { column(c); return false; }
  @Override public boolean isDefinitelyWritable(int c) throws SQLException { column(c); return false; }
  @Override public boolean isCaseSensitive(int c) throws SQLException { return isCharacter(column(c).jdbcType()); }
  @Override public boolean isSigned(int c) throws SQLException { return isNumeric(column(c).jdbcType()); }

  @Override
  public int isNullable(int c) throws SQLException {
    return column(c).nullable() ? columnNullable : columnNoNulls;
  }

  @Override
  public String getColumnClassName(int c) throws SQLException {
    ColumnMeta m = column(c);
    return ValueConverter.jdbcClassName(m.jdbcType(), m.javaClass());
  }

  @Override
  public int getColumnDisplaySize(int c) throws SQLException {
    return displaySize(column(c));
  }

  static int displaySize(ColumnMeta m) {
    switch (m.jdbcType()) {
      case Types.BOOLEAN: case Types.BIT: return 5;
      case Types.TINYINT: return 4;
      case Types.SMALLINT: return 6;
      case Types.INTEGER: return 11;
      case Types.BIGINT: return 20;
      case Types.REAL: return 15;
      case Types.FLOAT: case Types.DOUBLE: return 24;
      case Types.DECIMAL: case Types.NUMERIC:
        return m.precision() > 0 ? m.precision() + 2 : 40;
      case Types.DATE: return 10;
      case Types.TIME: return 18;
      case Types.TIMESTAMP: return 29;
      case Types.BINARY: case Types.VARBINARY:
        return m.precision() > 0 && m.precision() < Integer.MAX_VALUE / 2 ? m.precision() * 2 : Integer.MAX_VALUE;
      default:
        return m.precision() > 0 ? m.precision() : Integer.MAX_VALUE;
    }
  }

  static boolean isNumeric(int type) {
    switch (type) {
      case Types.TINYINT: case Types.SMALLINT: case Types.INTEGER: case Types.BIGINT:
      case Types.REAL: case Types.FLOAT: case Types.DOUBLE: case Types.DECIMAL: case Types.NUMERIC:
        return true;
      default:
        return false;
    }
  }

  static boolean isCharacter(int type) {
    switch (type) {
      case Types.CHAR: case Types.VARCHAR: case Types.LONGVARCHAR: case Types.NCHAR:
      case Types.NVARCHAR: case Types.LONGNVARCHAR: case Types.CLOB:
        return true;
      default:
        return false;
    }
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }
}
