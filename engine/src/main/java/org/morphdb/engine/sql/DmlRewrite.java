package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TableDef;

/**
 * UPDATE and DELETE as the queries that find their rows:
 * {@code UPDATE t SET a = e WHERE p} reads {@code SELECT "$ROWKEY", <every column>, e FROM t WHERE p},
 * {@code DELETE FROM t WHERE p} reads {@code SELECT "$ROWKEY" FROM t WHERE p}.
 */
final class DmlRewrite {
  static final String ROW_KEY = "$ROWKEY";
  private static final SqlParserPos POS = SqlParserPos.ZERO;

  private DmlRewrite() {}

  static SqlNode updateAsSelect(SqlUpdate upd, TableDef t, List<ColumnDef> targets) {
    List<SqlNode> items = new ArrayList<>();
    items.add(column(upd.getAlias(), ROW_KEY));
    for (ColumnDef c : t.columns()) {
      items.add(column(upd.getAlias(), c.name()));
    }
    List<SqlNode> exprs = upd.getSourceExpressionList().getList();
    for (int i = 0; i < exprs.size(); i++) {
      SqlNode e = exprs.get(i);
      // a bare parameter gets the column's type, so the validator can type it
      items.add(e instanceof SqlDynamicParam ? cast(e, targets.get(i).type()) : e);
    }
    return select(items, from(upd.getTargetTable(), upd.getAlias()), upd.getCondition());
  }

  static SqlNode deleteAsSelect(SqlDelete del) {
    return select(List.of(column(del.getAlias(), ROW_KEY)), from(del.getTargetTable(), del.getAlias()),
        del.getCondition());
  }

  private static SqlSelect select(List<SqlNode> items, SqlNode from, SqlNode where) {
    return new SqlSelect(POS, null, new SqlNodeList(items, POS), from, where, null, null, null, null, null, null, null);
  }

  private static SqlNode from(SqlNode table, SqlIdentifier alias) {
    return alias == null ? table : SqlStdOperatorTable.AS.createCall(POS, table, alias);
  }

  private static SqlIdentifier column(SqlIdentifier alias, String name) {
    return alias == null ? new SqlIdentifier(name, POS) : new SqlIdentifier(List.of(alias.getSimple(), name), POS);
  }

  static SqlNode cast(SqlNode e, ColumnType type) {
    SqlTypeName name = switch (type.kind()) {
      case BOOLEAN -> SqlTypeName.BOOLEAN;
      case TINYINT -> SqlTypeName.TINYINT;
      case SMALLINT -> SqlTypeName.SMALLINT;
      case INTEGER -> SqlTypeName.INTEGER;
      case BIGINT -> SqlTypeName.BIGINT;
      case DECIMAL -> SqlTypeName.DECIMAL;
      case REAL -> SqlTypeName.REAL;
      case DOUBLE -> SqlTypeName.DOUBLE;
      case CHAR, VARCHAR, CLOB, JSON, UUID -> SqlTypeName.VARCHAR;
      case DATE -> SqlTypeName.DATE;
      case TIME -> SqlTypeName.TIME;
      case TIMESTAMP -> SqlTypeName.TIMESTAMP;
      case TIMESTAMP_TZ -> SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
      case VARBINARY, BLOB -> SqlTypeName.VARBINARY;
    };
    SqlBasicTypeNameSpec spec = type.kind() == org.morphdb.engine.catalog.TypeKind.DECIMAL && type.precision() > 0
        ? new SqlBasicTypeNameSpec(name, type.precision(), type.scale(), POS)
        : new SqlBasicTypeNameSpec(name, POS);
    return SqlStdOperatorTable.CAST.createCall(POS, e, new SqlDataTypeSpec(spec, POS));
  }
}
