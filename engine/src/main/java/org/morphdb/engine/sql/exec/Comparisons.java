package org.morphdb.engine.sql.exec;

import java.util.Comparator;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/** How values of two types compare, chosen once per operator from the types. */
final class Comparisons {
  private Comparisons() {}

  /** Compares two non-null values of types {@code a} and {@code b}. */
  static Comparator<Object> of(RelDataType a, RelDataType b) {
    SqlTypeName x = a.getSqlTypeName();
    SqlTypeName y = b.getSqlTypeName();
    if (x == SqlTypeName.NULL || y == SqlTypeName.NULL) {
      return (p, q) -> 0; // never called: a NULL operand makes the comparison unknown
    }
    if (Num.isNumeric(a) && Num.isNumeric(b)) {
      Num.Domain d = Num.common(a, b);
      return (p, q) -> Num.compare(p, q, d);
    }
    if (SqlTypeFamily.CHARACTER.contains(a) && SqlTypeFamily.CHARACTER.contains(b)) {
      return (p, q) -> ((String) p).compareTo((String) q);
    }
    if (x == SqlTypeName.BOOLEAN && y == SqlTypeName.BOOLEAN) {
      return (p, q) -> Boolean.compare((Boolean) p, (Boolean) q);
    }
    if (x == y && (x == SqlTypeName.DATE || x == SqlTypeName.TIME || x == SqlTypeName.TIMESTAMP)) {
      return (p, q) -> Long.compare(((Number) p).longValue(), ((Number) q).longValue());
    }
    throw new NotInterpretable("compare " + a + " with " + b);
  }

  /** Orders rows by the given collations (ORDER BY). */
  static Comparator<Object[]> rows(List<RelFieldCollation> collations, RelDataType rowType) {
    Comparator<Object[]> result = null;
    for (RelFieldCollation fc : collations) {
      int field = fc.getFieldIndex();
      RelDataType t = rowType.getFieldList().get(field).getType();
      Comparator<Object> values = of(t, t);
      boolean descending = fc.getDirection().isDescending();
      RelFieldCollation.NullDirection nulls = fc.nullDirection
          == RelFieldCollation.NullDirection.UNSPECIFIED
          ? fc.getDirection().defaultNullDirection() : fc.nullDirection;
      boolean nullsFirst = nulls == RelFieldCollation.NullDirection.FIRST;
      Comparator<Object[]> c = (r, s) -> {
        Object p = r[field];
        Object q = s[field];
        if (p == null || q == null) {
          if (p == q) {
            return 0;
          }
          return (p == null) == nullsFirst ? -1 : 1;
        }
        int v = values.compare(p, q);
        return descending ? -v : v;
      };
      result = result == null ? c : result.thenComparing(c);
    }
    return result == null ? (r, s) -> 0 : result;
  }
}
