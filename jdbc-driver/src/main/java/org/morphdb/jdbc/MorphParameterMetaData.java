package org.morphdb.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.util.List;
import org.morphdb.engine.api.ColumnMeta;

/** Parameters of a prepared statement as the engine described them. */
final class MorphParameterMetaData implements ParameterMetaData, SelfWrapper {
  private final List<ColumnMeta> parameters;

  MorphParameterMetaData(List<ColumnMeta> parameters) {
    this.parameters = List.copyOf(parameters);
  }

  private ColumnMeta parameter(int p) throws SQLException {
    if (p < 1 || p > parameters.size()) {
      throw Errors.create("Parameter index " + p + " is out of range 1.." + parameters.size(), Errors.BAD_INDEX);
    }
    return parameters.get(p - 1);
  }

  @Override public int getParameterCount() { return parameters.size(); }
  @Override public int isNullable(int p) throws SQLException { return parameter(p).nullable() ? parameterNullable : parameterNoNulls; }
  @Override public boolean isSigned(int p) throws SQLException { return MorphResultSetMetaData.isNumeric(parameter(p).jdbcType()); }
  @Override public int getPrecision(int p) throws SQLException { return parameter(p).precision(); }
  @Override public int getScale(int p) throws SQLException { return parameter(p).scale(); }
  @Override public int getParameterType(int p) throws SQLException { return parameter(p).jdbcType(); }
  @Override public String getParameterTypeName(int p) throws SQLException { return parameter(p).typeName(); }
  @Override public int getParameterMode(int p) throws SQLException { parameter(p); return parameterModeIn; }

  @Override
  public String getParameterClassName(int p) throws SQLException {
    ColumnMeta m = parameter(p);
    return ValueConverter.jdbcClassName(m.jdbcType(), m.javaClass());
  }
}
