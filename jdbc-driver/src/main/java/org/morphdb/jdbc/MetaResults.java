package org.morphdb.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.morphdb.engine.api.ColumnMeta;

/**
 * The columns of the standard {@link DatabaseMetaData} results, as the JDBC javadoc names
 * them, and the rows of {@code getTypeInfo}. A column is written {@code NAME} (VARCHAR) or
 * {@code NAME:T} with T = I INTEGER, S SMALLINT, B BOOLEAN, L BIGINT.
 */
final class MetaResults {
  private MetaResults() {}

  static final List<ColumnMeta> CATALOGS = columns("TABLE_CAT");
  static final List<ColumnMeta> SCHEMAS = columns("TABLE_SCHEM", "TABLE_CATALOG");
  static final List<ColumnMeta> TABLE_TYPES = columns("TABLE_TYPE");
  static final List<ColumnMeta> TABLES = columns("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
      "TABLE_TYPE", "REMARKS", "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME",
      "REF_GENERATION");
  static final List<ColumnMeta> COLUMNS = columns("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
      "COLUMN_NAME", "DATA_TYPE:I", "TYPE_NAME", "COLUMN_SIZE:I", "BUFFER_LENGTH:I",
      "DECIMAL_DIGITS:I", "NUM_PREC_RADIX:I", "NULLABLE:I", "REMARKS", "COLUMN_DEF",
      "SQL_DATA_TYPE:I", "SQL_DATETIME_SUB:I", "CHAR_OCTET_LENGTH:I", "ORDINAL_POSITION:I",
      "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:S",
      "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN");
  static final List<ColumnMeta> PRIMARY_KEYS = columns("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
      "COLUMN_NAME", "KEY_SEQ:S", "PK_NAME");
  static final List<ColumnMeta> INDEX_INFO = columns("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
      "NON_UNIQUE:B", "INDEX_QUALIFIER", "INDEX_NAME", "TYPE:S", "ORDINAL_POSITION:S",
      "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY:L", "PAGES:L", "FILTER_CONDITION");
  static final List<ColumnMeta> KEYS = columns("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME",
      "PKCOLUMN_NAME", "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME",
      "KEY_SEQ:S", "UPDATE_RULE:S", "DELETE_RULE:S", "FK_NAME", "PK_NAME", "DEFERRABILITY:S");
  static final List<ColumnMeta> TYPE_INFO = columns("TYPE_NAME", "DATA_TYPE:I", "PRECISION:I",
      "LITERAL_PREFIX", "LITERAL_SUFFIX", "CREATE_PARAMS", "NULLABLE:S", "CASE_SENSITIVE:B",
      "SEARCHABLE:S", "UNSIGNED_ATTRIBUTE:B", "FIXED_PREC_SCALE:B", "AUTO_INCREMENT:B",
      "LOCAL_TYPE_NAME", "MINIMUM_SCALE:S", "MAXIMUM_SCALE:S", "SQL_DATA_TYPE:I",
      "SQL_DATETIME_SUB:I", "NUM_PREC_RADIX:I");
  static final List<ColumnMeta> PROCEDURES = columns("PROCEDURE_CAT", "PROCEDURE_SCHEM",
      "PROCEDURE_NAME", "RESERVED1", "RESERVED2", "RESERVED3", "REMARKS", "PROCEDURE_TYPE:S",
      "SPECIFIC_NAME");
  static final List<ColumnMeta> PROCEDURE_COLUMNS = columns("PROCEDURE_CAT", "PROCEDURE_SCHEM",
      "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE:S", "DATA_TYPE:I", "TYPE_NAME", "PRECISION:I",
      "LENGTH:I", "SCALE:S", "RADIX:S", "NULLABLE:S", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE:I",
      "SQL_DATETIME_SUB:I", "CHAR_OCTET_LENGTH:I", "ORDINAL_POSITION:I", "IS_NULLABLE",
      "SPECIFIC_NAME");
  static final List<ColumnMeta> FUNCTIONS = columns("FUNCTION_CAT", "FUNCTION_SCHEM",
      "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE:S", "SPECIFIC_NAME");
  static final List<ColumnMeta> FUNCTION_COLUMNS = columns("FUNCTION_CAT", "FUNCTION_SCHEM",
      "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE:S", "DATA_TYPE:I", "TYPE_NAME", "PRECISION:I",
      "LENGTH:I", "SCALE:S", "RADIX:S", "NULLABLE:S", "REMARKS", "CHAR_OCTET_LENGTH:I",
      "ORDINAL_POSITION:I", "IS_NULLABLE", "SPECIFIC_NAME");
  static final List<ColumnMeta> UDTS = columns("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME",
      "CLASS_NAME", "DATA_TYPE:I", "REMARKS", "BASE_TYPE:S");
  static final List<ColumnMeta> SUPER_TYPES = columns("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME",
      "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
  static final List<ColumnMeta> SUPER_TABLES = columns("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
      "SUPERTABLE_NAME");
  static final List<ColumnMeta> ATTRIBUTES = columns("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME",
      "ATTR_NAME", "DATA_TYPE:I", "ATTR_TYPE_NAME", "ATTR_SIZE:I", "DECIMAL_DIGITS:I",
      "NUM_PREC_RADIX:I", "NULLABLE:I", "REMARKS", "ATTR_DEF", "SQL_DATA_TYPE:I",
      "SQL_DATETIME_SUB:I", "CHAR_OCTET_LENGTH:I", "ORDINAL_POSITION:I", "IS_NULLABLE",
      "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:S");
  static final List<ColumnMeta> ROW_IDENTIFIER = columns("SCOPE:S", "COLUMN_NAME", "DATA_TYPE:I",
      "TYPE_NAME", "COLUMN_SIZE:I", "BUFFER_LENGTH:I", "DECIMAL_DIGITS:S", "PSEUDO_COLUMN:S");
  static final List<ColumnMeta> COLUMN_PRIVILEGES = columns("TABLE_CAT", "TABLE_SCHEM",
      "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
  static final List<ColumnMeta> TABLE_PRIVILEGES = columns("TABLE_CAT", "TABLE_SCHEM",
      "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
  static final List<ColumnMeta> PSEUDO_COLUMNS = columns("TABLE_CAT", "TABLE_SCHEM",
      "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE:I", "COLUMN_SIZE:I", "DECIMAL_DIGITS:I",
      "NUM_PREC_RADIX:I", "COLUMN_USAGE", "REMARKS", "CHAR_OCTET_LENGTH:I", "IS_NULLABLE");
  static final List<ColumnMeta> CLIENT_INFO = columns("NAME", "MAX_LEN:I", "DEFAULT_VALUE",
      "DESCRIPTION");

  static List<ColumnMeta> columns(String... specs) {
    List<ColumnMeta> list = new ArrayList<>();
    for (String spec : specs) {
      int colon = spec.indexOf(':');
      String name = colon < 0 ? spec : spec.substring(0, colon);
      char t = colon < 0 ? 'V' : spec.charAt(colon + 1);
      switch (t) {
        case 'I': list.add(column(name, Types.INTEGER, "INTEGER", Integer.class)); break;
        case 'S': list.add(column(name, Types.SMALLINT, "SMALLINT", Short.class)); break;
        case 'B': list.add(column(name, Types.BOOLEAN, "BOOLEAN", Boolean.class)); break;
        case 'L': list.add(column(name, Types.BIGINT, "BIGINT", Long.class)); break;
        default: list.add(column(name, Types.VARCHAR, "VARCHAR", String.class)); break;
      }
    }
    return List.copyOf(list);
  }

  private static ColumnMeta column(String name, int type, String typeName, Class<?> javaClass) {
    return new ColumnMeta(name, "", "", type, typeName, 0, 0, true, javaClass.getName());
  }

  // ---- types

  /** A SQL type MorphDB offers, for getTypeInfo and for typing columns by name. */
  record SqlType(String name, int jdbcType, int precision, String prefix, String suffix,
      String createParams, boolean caseSensitive, boolean numeric, int maxScale) {}

  static final List<SqlType> TYPES = List.of(
      new SqlType("BOOLEAN", Types.BOOLEAN, 1, null, null, null, false, false, 0),
      new SqlType("TINYINT", Types.TINYINT, 3, null, null, null, false, true, 0),
      new SqlType("SMALLINT", Types.SMALLINT, 5, null, null, null, false, true, 0),
      new SqlType("INTEGER", Types.INTEGER, 10, null, null, null, false, true, 0),
      new SqlType("BIGINT", Types.BIGINT, 19, null, null, null, false, true, 0),
      new SqlType("DECIMAL", Types.DECIMAL, 19, null, null, "PRECISION,SCALE", false, true, 19),
      new SqlType("REAL", Types.REAL, 7, null, null, null, false, true, 0),
      new SqlType("DOUBLE", Types.DOUBLE, 15, null, null, null, false, true, 0),
      new SqlType("CHAR", Types.CHAR, 65536, "'", "'", "LENGTH", true, false, 0),
      new SqlType("VARCHAR", Types.VARCHAR, 65536, "'", "'", "LENGTH", true, false, 0),
      new SqlType("BINARY", Types.BINARY, 65536, "X'", "'", "LENGTH", false, false, 0),
      new SqlType("VARBINARY", Types.VARBINARY, 65536, "X'", "'", "LENGTH", false, false, 0),
      new SqlType("DATE", Types.DATE, 10, "DATE '", "'", null, false, false, 0),
      new SqlType("TIME", Types.TIME, 8, "TIME '", "'", null, false, false, 0),
      // before TIMESTAMP: names are matched by prefix
      new SqlType("TIMESTAMP WITH TIME ZONE", Types.TIMESTAMP_WITH_TIMEZONE, 35, "'", "'", null, false, false, 9),
      new SqlType("TIMESTAMP", Types.TIMESTAMP, 29, "TIMESTAMP '", "'", null, false, false, 9),
      new SqlType("CLOB", Types.CLOB, Integer.MAX_VALUE, "'", "'", null, true, false, 0),
      new SqlType("BLOB", Types.BLOB, Integer.MAX_VALUE, "X'", "'", null, false, false, 0),
      new SqlType("UUID", Types.OTHER, 36, "'", "'", null, false, false, 0),
      new SqlType("JSON", Types.OTHER, Integer.MAX_VALUE, "'", "'", null, true, false, 0));

  /** The rows of getTypeInfo, ordered by DATA_TYPE. */
  static List<Object[]> typeInfoRows() {
    List<SqlType> sorted = new ArrayList<>(TYPES);
    sorted.sort(Comparator.comparingInt(SqlType::jdbcType));
    List<Object[]> rows = new ArrayList<>();
    for (SqlType t : sorted) {
      rows.add(new Object[] {
          t.name(), t.jdbcType(), t.precision(), t.prefix(), t.suffix(), t.createParams(),
          (short) DatabaseMetaData.typeNullable, t.caseSensitive(),
          (short) DatabaseMetaData.typeSearchable, !t.numeric() ? null : Boolean.FALSE, false, false,
          t.name(), (short) 0, (short) t.maxScale(), null, null, t.numeric() ? 10 : null});
    }
    return rows;
  }

  /** The java.sql.Types code of a type name as the engine spells it; OTHER when unknown. */
  static int jdbcType(String typeName) {
    if (typeName == null) {
      return Types.OTHER;
    }
    String name = typeName.trim().toUpperCase(Locale.ROOT);
    int paren = name.indexOf('(');
    name = paren < 0 ? name : name.substring(0, paren).trim();
    switch (name) {
      case "INT": return Types.INTEGER;
      case "NUMERIC": case "DEC": return Types.DECIMAL;
      case "FLOAT": case "DOUBLE PRECISION": return Types.DOUBLE;
      case "CHARACTER VARYING": return Types.VARCHAR;
      case "CHARACTER": return Types.CHAR;
      default: break;
    }
    for (SqlType t : TYPES) {
      if (t.name().equals(name)) {
        return t.jdbcType();
      }
    }
    return Types.OTHER;
  }
}
