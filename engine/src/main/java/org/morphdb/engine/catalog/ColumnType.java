package org.morphdb.engine.catalog;

/**
 * A column's declared type. {@code precision} is the length for CHAR/VARCHAR/VARBINARY
 * (0 = unbounded) and the precision for DECIMAL; {@code scale} only matters for DECIMAL.
 */
public record ColumnType(TypeKind kind, int precision, int scale) {

  public static ColumnType of(TypeKind kind) {
    return new ColumnType(kind, 0, 0);
  }

  public static ColumnType of(TypeKind kind, int precision) {
    return new ColumnType(kind, precision, 0);
  }

  /** The SQL spelling, e.g. {@code VARCHAR(20)} or {@code DECIMAL(10,2)}. */
  public String sql() {
    return switch (kind) {
      case CHAR, VARCHAR, VARBINARY -> precision > 0 ? kind + "(" + precision + ")" : kind.name();
      case DECIMAL -> precision > 0 ? "DECIMAL(" + precision + "," + scale + ")" : "DECIMAL";
      default -> kind.sqlName();
    };
  }

  @Override
  public String toString() { return sql(); }
}
