package org.morphdb.engine.sql.plan;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit coercion, except for an operand that is only ever NULL (a NULL literal,
 * a CASE whose every branch is NULL) where a number is expected: Calcite gives it the
 * numeric family's default type, DECIMAL of the widest precision, and that DECIMAL then
 * widens everything around it ({@code 68 / COALESCE(- CASE ... THEN NULL END, 73)} became a
 * decimal division, -33.53 where SQLite and H2 give the integer 0). A NULL has no type of its
 * own to contribute, so it takes the narrowest one the expression can have: INTEGER, which
 * every other numeric operand widens.
 */
final class MorphTypeCoercion extends TypeCoercionImpl {
  MorphTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
    super(typeFactory, validator);
  }

  @Override
  public RelDataType implicitCast(RelDataType in, SqlTypeFamily expected) {
    if (SqlTypeUtil.isNull(in) && (expected == SqlTypeFamily.NUMERIC
        || expected == SqlTypeFamily.EXACT_NUMERIC || expected == SqlTypeFamily.INTEGER)) {
      return factory.createTypeWithNullability(factory.createSqlType(SqlTypeName.INTEGER), true);
    }
    return super.implicitCast(in, expected);
  }
}
