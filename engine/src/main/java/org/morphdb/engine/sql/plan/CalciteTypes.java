package org.morphdb.engine.sql.plan;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TypeKind;

/** Conversions between MorphDB column types and Calcite's types. */
public final class CalciteTypes {
  /** Fractional-second digits of TIME and TIMESTAMP: values are kept in milliseconds. */
  static final int TIME_PRECISION = 3;
  /** A UUID's canonical text: 32 hex digits and 4 hyphens. */
  static final int UUID_LENGTH = 36;

  private CalciteTypes() {}

  /** The Calcite type of a column of this declared type. */
  public static RelDataType toRelType(RelDataTypeFactory f, ColumnType t, boolean nullable) {
    return f.createTypeWithNullability(toRelType(f, t), nullable);
  }

  private static RelDataType toRelType(RelDataTypeFactory f, ColumnType t) {
    return switch (t.kind()) {
      case BOOLEAN -> f.createSqlType(SqlTypeName.BOOLEAN);
      case TINYINT -> f.createSqlType(SqlTypeName.TINYINT);
      case SMALLINT -> f.createSqlType(SqlTypeName.SMALLINT);
      case INTEGER -> f.createSqlType(SqlTypeName.INTEGER);
      case BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
      case DECIMAL -> t.precision() > 0
          ? f.createSqlType(SqlTypeName.DECIMAL, t.precision(), t.scale())
          : f.createSqlType(SqlTypeName.DECIMAL, MorphTypeSystem.UNBOUNDED_DECIMAL_PRECISION,
              MorphTypeSystem.UNBOUNDED_DECIMAL_SCALE);
      case REAL -> f.createSqlType(SqlTypeName.REAL);
      case DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
      case CHAR -> f.createSqlType(SqlTypeName.CHAR, Math.max(1, t.precision()));
      case VARCHAR -> t.precision() > 0
          ? f.createSqlType(SqlTypeName.VARCHAR, t.precision())
          : f.createSqlType(SqlTypeName.VARCHAR);
      case CLOB, JSON -> f.createSqlType(SqlTypeName.VARCHAR);
      case UUID -> f.createSqlType(SqlTypeName.VARCHAR, UUID_LENGTH);
      case BLOB -> f.createSqlType(SqlTypeName.VARBINARY);
      // instants: Calcite's TIMESTAMP WITH LOCAL TIME ZONE holds epoch milliseconds in UTC too
      case TIMESTAMP_TZ -> f.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIME_PRECISION);
      case DATE -> f.createSqlType(SqlTypeName.DATE);
      case TIME -> f.createSqlType(SqlTypeName.TIME, TIME_PRECISION);
      case TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP, TIME_PRECISION);
      case VARBINARY -> t.precision() > 0
          ? f.createSqlType(SqlTypeName.VARBINARY, t.precision())
          : f.createSqlType(SqlTypeName.VARBINARY);
    };
  }

  /**
   * The kind whose representation matches what Calcite produces for this type. Types outside
   * TypeKind map to the nearest kind: NULL and INTERVAL (cast to text by the planner) to
   * VARCHAR, FLOAT to DOUBLE, TIME WITH LOCAL TIME ZONE to TIME, TIMESTAMP WITH LOCAL TIME
   * ZONE (how TIMESTAMP WITH TIME ZONE columns are planned) to TIMESTAMP_TZ, ANY (the row key) to VARBINARY,
   * whose {@code Values.toApi} passes non-binary objects through unchanged.
   */
  public static TypeKind kindOf(RelDataType t) {
    SqlTypeName n = t.getSqlTypeName();
    return switch (n) {
      case BOOLEAN -> TypeKind.BOOLEAN;
      case TINYINT -> TypeKind.TINYINT;
      case SMALLINT -> TypeKind.SMALLINT;
      case INTEGER -> TypeKind.INTEGER;
      case BIGINT -> TypeKind.BIGINT;
      case DECIMAL -> TypeKind.DECIMAL;
      case REAL -> TypeKind.REAL;
      case FLOAT, DOUBLE -> TypeKind.DOUBLE;
      case CHAR -> TypeKind.CHAR;
      case DATE -> TypeKind.DATE;
      case TIME, TIME_WITH_LOCAL_TIME_ZONE -> TypeKind.TIME;
      case TIMESTAMP -> TypeKind.TIMESTAMP;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TypeKind.TIMESTAMP_TZ;
      case BINARY, VARBINARY, ANY -> TypeKind.VARBINARY;
      default -> TypeKind.VARCHAR;
    };
  }

  /** Result-column metadata; {@code origin} ends with (schema, table, column), or is null. */
  public static ColumnMeta columnMeta(String name, List<String> origin, RelDataType t) {
    TypeKind kind = kindOf(t);
    int n = origin == null ? 0 : origin.size();
    String schema = n >= 3 && origin.get(n - 3) != null ? origin.get(n - 3) : "";
    String table = n >= 3 && origin.get(n - 2) != null ? origin.get(n - 2) : "";
    return new ColumnMeta(name, schema, table, kind.jdbcType(), typeName(kind, t),
        precision(t), scale(t), t.isNullable(), kind.javaClass());
  }

  private static String typeName(TypeKind kind, RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.ANY ? "OTHER" : kind.sqlName();
  }

  private static int precision(RelDataType t) {
    if (t.getSqlTypeName() == SqlTypeName.NULL || t.getSqlTypeName() == SqlTypeName.ANY) {
      return 0;
    }
    int p = t.getPrecision();
    return p < 0 || p == Integer.MAX_VALUE ? 0 : p;
  }

  private static int scale(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.DECIMAL && t.getScale() > 0 ? t.getScale() : 0;
  }

  /** The declared MorphDB type nearest to a Calcite type (for parameter metadata). */
  public static ColumnType columnType(RelDataType t) {
    TypeKind kind = kindOf(t);
    return switch (kind) {
      case DECIMAL -> new ColumnType(kind, Math.max(0, t.getPrecision()), Math.max(0, t.getScale()));
      case CHAR, VARCHAR, VARBINARY -> ColumnType.of(kind, precision(t));
      default -> ColumnType.of(kind);
    };
  }
}
