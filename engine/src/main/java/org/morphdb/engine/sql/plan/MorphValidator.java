package org.morphdb.engine.sql.plan;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Calcite's validator, with parameter types that may be fixed in advance: the caller's declared
 * types, and for literals lifted into parameters their literal's type. A parameter
 * whose type nothing determines (as in {@code SELECT ?}) is VARCHAR.
 */
final class MorphValidator extends SqlValidatorImpl {
  /** Per parameter index, its fixed type or null. */
  private final RelDataType[] fixedTypes;

  MorphValidator(SqlOperatorTable opTab, SqlValidatorCatalogReader catalogReader,
      RelDataTypeFactory typeFactory, RelDataType[] fixedTypes) {
    super(opTab, catalogReader, typeFactory, SqlConfig.VALIDATOR);
    this.fixedTypes = fixedTypes == null ? new RelDataType[0] : fixedTypes;
  }

  @Override
  protected void inferUnknownTypes(RelDataType inferredType, SqlValidatorScope scope, SqlNode node) {
    if (node instanceof SqlDynamicParam p) {
      int i = p.getIndex();
      if (i < fixedTypes.length && fixedTypes[i] != null) {
        setValidatedNodeType(node, fixedTypes[i]);
        return;
      }
      if (inferredType.equals(getUnknownType())) {
        RelDataTypeFactory f = getTypeFactory();
        setValidatedNodeType(node,
            f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true));
        return;
      }
    }
    super.inferUnknownTypes(inferredType, scope, node);
  }
}
