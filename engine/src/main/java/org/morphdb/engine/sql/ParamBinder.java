package org.morphdb.engine.sql;

import java.sql.Types;
import java.util.List;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TypeKind;

/** Converts a client's parameter values to the Calcite form of the types the statement expects. */
final class ParamBinder {
  private ParamBinder() {}

  static Object[] bind(List<ColumnMeta> expected, List<Object> given) {
    if (given.size() != expected.size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "The statement has %d parameters but %d values were given", expected.size(), given.size());
    }
    Object[] out = new Object[given.size()];
    for (int i = 0; i < out.length; i++) {
      ColumnMeta m = expected.get(i);
      ColumnType type = typeOf(m);
      Object v = given.get(i);
      out[i] = type == null ? plain(v) : Coercion.toColumn(type, v, "parameter " + (i + 1));
    }
    return out;
  }

  /** The column type a parameter's metadata describes, or null when it accepts anything. */
  static ColumnType typeOf(ColumnMeta m) {
    TypeKind kind = switch (m.jdbcType()) {
      case Types.BOOLEAN -> TypeKind.BOOLEAN;
      case Types.TINYINT -> TypeKind.TINYINT;
      case Types.SMALLINT -> TypeKind.SMALLINT;
      case Types.INTEGER -> TypeKind.INTEGER;
      case Types.BIGINT -> TypeKind.BIGINT;
      case Types.DECIMAL, Types.NUMERIC -> TypeKind.DECIMAL;
      case Types.REAL, Types.FLOAT -> TypeKind.REAL;
      case Types.DOUBLE -> TypeKind.DOUBLE;
      case Types.CHAR, Types.VARCHAR, Types.CLOB -> TypeKind.VARCHAR;
      case Types.DATE -> TypeKind.DATE;
      case Types.TIME -> TypeKind.TIME;
      case Types.TIMESTAMP -> TypeKind.TIMESTAMP;
      case Types.TIMESTAMP_WITH_TIMEZONE -> TypeKind.TIMESTAMP_TZ;
      case Types.VARBINARY, Types.BINARY, Types.BLOB -> TypeKind.VARBINARY;
      default -> null;
    };
    if (kind == null) {
      return null;
    }
    // parameters are not truncated or range-checked against the inferred precision
    return kind == TypeKind.DECIMAL ? ColumnType.of(TypeKind.DECIMAL) : ColumnType.of(kind);
  }

  private static Object plain(Object v) {
    if (v instanceof byte[] b) {
      return new org.apache.calcite.avatica.util.ByteString(b);
    }
    return v;
  }
}
