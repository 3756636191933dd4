package org.morphdb.engine.sql.plan;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * MorphDB's type rules, where they differ from Calcite's defaults (following H2):
 * DECIMAL up to 100 digits; strings as long as memory allows; SUM of integers is BIGINT and
 * of DECIMAL(p,s) is DECIMAL(p+10,s); AVG of integers is DOUBLE and of DECIMAL gains 10 digits
 * of scale; CASE/UNION of strings of different lengths is VARCHAR (no blank padding).
 */
public final class MorphTypeSystem extends RelDataTypeSystemImpl {
  public static final MorphTypeSystem INSTANCE = new MorphTypeSystem();
  static final int MAX_DECIMAL = 100;
  /** Precision and scale given to DECIMAL columns declared without them. */
  static final int UNBOUNDED_DECIMAL_PRECISION = MAX_DECIMAL;
  static final int UNBOUNDED_DECIMAL_SCALE = 40;

  private MorphTypeSystem() {}

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    return switch (typeName) {
      case DECIMAL -> MAX_DECIMAL;
      case CHAR, VARCHAR, BINARY, VARBINARY -> Integer.MAX_VALUE;
      default -> super.getMaxPrecision(typeName);
    };
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL : super.getMaxScale(typeName);
  }

  @Override
  public RelDataType deriveSumType(RelDataTypeFactory f, RelDataType argType) {
    if (SqlTypeUtil.isIntType(argType)) {
      return nullableAs(f, f.createSqlType(SqlTypeName.BIGINT), argType);
    }
    if (argType.getSqlTypeName() == SqlTypeName.DECIMAL) {
      int p = Math.min(MAX_DECIMAL, argType.getPrecision() + 10);
      return nullableAs(f, f.createSqlType(SqlTypeName.DECIMAL, p, argType.getScale()), argType);
    }
    return super.deriveSumType(f, argType);
  }

  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory f, RelDataType argType) {
    if (SqlTypeUtil.isIntType(argType)) {
      return nullableAs(f, f.createSqlType(SqlTypeName.DOUBLE), argType);
    }
    if (argType.getSqlTypeName() == SqlTypeName.DECIMAL) {
      int s = Math.min(MAX_DECIMAL, argType.getScale() + 10);
      int p = Math.min(MAX_DECIMAL, Math.max(argType.getPrecision() + 10, s + 1));
      return nullableAs(f, f.createSqlType(SqlTypeName.DECIMAL, p, s), argType);
    }
    return super.deriveAvgAggType(f, argType);
  }

  @Override
  public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  private static RelDataType nullableAs(RelDataTypeFactory f, RelDataType t, RelDataType like) {
    return f.createTypeWithNullability(t, like.isNullable());
  }
}
