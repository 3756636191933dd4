package org.morphdb.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.morphdb.engine.api.ColumnMeta;

/**
 * Catalog information for tools, read with SQL on the connection's own session from
 * INFORMATION_SCHEMA.TABLES, COLUMNS, INDEXES (PUBLIC ones only) and KEY_COLUMNS, and
 * returned in the standard JDBC shapes ({@link MetaResults}). Pattern arguments are JDBC
 * patterns ({@code %}, {@code _}, escape {@code \}); null means any. MorphDB has no
 * catalogs: a non-empty catalog argument matches nothing. What MorphDB does not have
 * (procedures, functions, foreign keys, UDTs, privileges...) gives an empty result with the
 * standard columns, never an error; when a system table cannot be read (SQLState class 42)
 * the result is empty and the connection gets a warning.
 */
final class MorphDatabaseMetaData extends MetaDataCapabilities {
  static final List<String> SCHEMAS = List.of("INFORMATION_SCHEMA", "PUBLIC", "SYS");
  static final List<String> TABLE_TYPES = List.of("SYSTEM TABLE", "TABLE", "VIEW");

  MorphDatabaseMetaData(MorphConnection connection) {
    super(connection);
  }

  // ---- schemas, catalogs, types

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return result(MetaResults.CATALOGS, List.of());
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return getSchemas(null, null);
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    if (catalog == null || catalog.isEmpty()) {
      for (String s : SCHEMAS) {
        if (matches(schemaPattern, s)) {
          rows.add(new Object[] {s, null});
        }
      }
    }
    return result(MetaResults.SCHEMAS, rows);
  }

  @Override
  public ResultSet getTableTypes() throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    TABLE_TYPES.forEach(t -> rows.add(new Object[] {t}));
    return result(MetaResults.TABLE_TYPES, rows);
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    return result(MetaResults.TYPE_INFO, MetaResults.typeInfoRows());
  }

  // ---- tables and columns

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern,
      String[] types) throws SQLException {
    Query q = new Query("SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES")
        .catalog(catalog).pattern("TABLE_SCHEMA", schemaPattern).pattern("TABLE_NAME", tableNamePattern)
        .in("TABLE_TYPE", types);
    List<Object[]> rows = new ArrayList<>();
    for (Object[] r : select(q, "TABLE_TYPE, TABLE_SCHEMA, TABLE_NAME")) {
      rows.add(new Object[] {null, r[0], r[1], r[2], null, null, null, null, null, null});
    }
    return result(MetaResults.TABLES, rows);
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) throws SQLException {
    Query q = new Query("SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE,"
        + " IS_NULLABLE, COLUMN_DEFAULT, JDBC_TYPE, COLUMN_SIZE, DECIMAL_DIGITS, IS_IDENTITY"
        + " FROM INFORMATION_SCHEMA.COLUMNS")
        .catalog(catalog).pattern("TABLE_SCHEMA", schemaPattern).pattern("TABLE_NAME", tableNamePattern)
        .pattern("COLUMN_NAME", columnNamePattern);
    List<Object[]> rows = new ArrayList<>();
    for (Object[] r : select(q, "TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION")) {
      String typeName = (String) r[4];
      Integer jdbcType = r[7] != null ? integer(r[7]) : Integer.valueOf(MetaResults.jdbcType(typeName));
      boolean numeric = MorphResultSetMetaData.isNumeric(jdbcType);
      boolean sized = MorphResultSetMetaData.isCharacter(jdbcType) || isBinary(jdbcType);
      Integer size = r[8] != null ? integer(r[8]) : defaultPrecision(typeName);
      Integer digits = numeric ? (r[9] != null ? integer(r[9]) : Integer.valueOf(0)) : null;
      boolean nullable = !"NO".equalsIgnoreCase((String) r[5]);
      rows.add(new Object[] {
          null, r[0], r[1], r[2], jdbcType, baseTypeName(typeName), size, null, digits, numeric ? 10 : null,
          nullable ? columnNullable : columnNoNulls, null, r[6], null, null, sized ? size : null,
          integer(r[3]), nullable ? "YES" : "NO", null, null, null, null,
          r.length > 10 && "YES".equals(r[10]) ? "YES" : "NO", "NO"});
    }
    return result(MetaResults.COLUMNS, rows);
  }

  // ---- keys and indexes

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    for (Object[] r : primaryKeyColumns(catalog, schema, table)) {
      rows.add(new Object[] {null, r[0], r[1], r[3], (short) integer(r[4]).intValue(), r[2]});
    }
    rows.sort(Comparator.comparing((Object[] r) -> (String) r[1]).thenComparing(r -> (String) r[2])
        .thenComparing(r -> (String) r[3]));
    return result(MetaResults.PRIMARY_KEYS, rows);
  }

  /** Rows (schema, table, constraint, column, position) of primary keys, in key order. */
  private List<Object[]> primaryKeyColumns(String catalog, String schema, String table) throws SQLException {
    Query q = new Query("SELECT TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, ORDINAL_POSITION"
        + " FROM INFORMATION_SCHEMA.KEY_COLUMNS")
        .catalog(catalog).name("TABLE_SCHEMA", schema).name("TABLE_NAME", table);
    return select(q, "TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION");
  }

  /**
   * One row per column of each PUBLIC index, and of the primary key (reported as a unique
   * index named after its constraint, unless an index of that name exists).
   */
  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique,
      boolean approximate) throws SQLException {
    Query q = new Query("SELECT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, COLUMN_NAMES, IS_UNIQUE"
        + " FROM INFORMATION_SCHEMA.INDEXES")
        .where("STATE = 'PUBLIC'").catalog(catalog).name("TABLE_SCHEMA", schema).name("TABLE_NAME", table);
    List<Object[]> rows = new ArrayList<>();
    Set<String> indexNames = new HashSet<>();
    for (Object[] r : select(q, "TABLE_SCHEMA, TABLE_NAME, INDEX_NAME")) {
      boolean isUnique = r[4] != null && ValueConverter.toBoolean(r[4]);
      indexNames.add(r[0] + "." + r[1] + "." + r[2]);
      if (unique && !isUnique) {
        continue;
      }
      String[] columns = r[3] == null ? new String[0] : ((String) r[3]).split(",");
      for (int i = 0; i < columns.length; i++) {
        rows.add(indexRow(r[0], r[1], !isUnique, r[2], i + 1, columns[i].trim()));
      }
    }
    Map<String, List<Object[]>> keys = new LinkedHashMap<>();
    for (Object[] k : primaryKeyColumns(catalog, schema, table)) {
      keys.computeIfAbsent(k[0] + "." + k[1] + "." + k[2], x -> new ArrayList<>()).add(k);
    }
    keys.forEach((name, columns) -> {
      if (!indexNames.contains(name)) {
        for (int i = 0; i < columns.size(); i++) {
          Object[] k = columns.get(i);
          rows.add(indexRow(k[0], k[1], false, k[2], i + 1, k[3]));
        }
      }
    });
    rows.sort(Comparator.comparing((Object[] r) -> (Boolean) r[3])
        .thenComparing(r -> String.valueOf(r[5])).thenComparing(r -> String.valueOf(r[1]))
        .thenComparing(r -> String.valueOf(r[2])).thenComparing(r -> (Short) r[7]));
    return result(MetaResults.INDEX_INFO, rows);
  }

  private static Object[] indexRow(Object schema, Object table, boolean nonUnique, Object index,
      int position, Object column) {
    return new Object[] {null, schema, table, nonUnique, null, index, (short) tableIndexOther,
        (short) position, column, "A", null, null, null};
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
    return keys(new Query(FOREIGN_KEYS).catalog(catalog).name("TABLE_SCHEMA", schema).name("TABLE_NAME", table),
        "REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, ORDINAL_POSITION");
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
    return keys(new Query(FOREIGN_KEYS).catalog(catalog).name("REFERENCED_TABLE_SCHEMA", schema)
        .name("REFERENCED_TABLE_NAME", table), "TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION");
  }

  @Override
  public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
      String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
    return keys(new Query(FOREIGN_KEYS).catalog(parentCatalog).catalog(foreignCatalog)
        .name("REFERENCED_TABLE_SCHEMA", parentSchema).name("REFERENCED_TABLE_NAME", parentTable)
        .name("TABLE_SCHEMA", foreignSchema).name("TABLE_NAME", foreignTable),
        "TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION");
  }

  private static final String FOREIGN_KEYS = "SELECT REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME,"
      + " REFERENCED_COLUMN_NAME, TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, UPDATE_RULE,"
      + " DELETE_RULE, CONSTRAINT_NAME, UNIQUE_CONSTRAINT_NAME FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS";

  /** Rows of getImportedKeys and friends from INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS. */
  private ResultSet keys(Query q, String orderBy) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    for (Object[] r : select(q, orderBy)) {
      rows.add(new Object[] {null, r[0], r[1], r[2], null, r[3], r[4], r[5], (short) integer(r[6]).intValue(),
          rule((String) r[7]), rule((String) r[8]), r[9], r[10], (short) importedKeyNotDeferrable});
    }
    return result(MetaResults.KEYS, rows);
  }

  private static short rule(String action) {
    return (short) switch (action) {
      case "CASCADE" -> importedKeyCascade;
      case "SET NULL" -> importedKeySetNull;
      case "SET DEFAULT" -> importedKeySetDefault;
      case "RESTRICT" -> importedKeyRestrict;
      default -> importedKeyNoAction;
    };
  }

  // ---- what MorphDB does not have: empty results with the standard columns

  @Override public ResultSet getProcedures(String c, String s, String p) throws SQLException { return result(MetaResults.PROCEDURES, List.of()); }
  @Override public ResultSet getProcedureColumns(String c, String s, String p, String col) throws SQLException { return result(MetaResults.PROCEDURE_COLUMNS, List.of()); }
  @Override public ResultSet getFunctions(String c, String s, String f) throws SQLException { return result(MetaResults.FUNCTIONS, List.of()); }
  @Override public ResultSet getFunctionColumns(String c, String s, String f, String col) throws SQLException { return result(MetaResults.FUNCTION_COLUMNS, List.of()); }
  @Override public ResultSet getUDTs(String c, String s, String t, int[] types) throws SQLException { return result(MetaResults.UDTS, List.of()); }
  @Override public ResultSet getSuperTypes(String c, String s, String t) throws SQLException { return result(MetaResults.SUPER_TYPES, List.of()); }
  @Override public ResultSet getSuperTables(String c, String s, String t) throws SQLException { return result(MetaResults.SUPER_TABLES, List.of()); }
  @Override public ResultSet getAttributes(String c, String s, String t, String a) throws SQLException { return result(MetaResults.ATTRIBUTES, List.of()); }
  @Override public ResultSet getVersionColumns(String c, String s, String t) throws SQLException { return result(MetaResults.ROW_IDENTIFIER, List.of()); }
  @Override public ResultSet getBestRowIdentifier(String c, String s, String t, int scope, boolean nullable) throws SQLException { return result(MetaResults.ROW_IDENTIFIER, List.of()); }
  @Override public ResultSet getColumnPrivileges(String c, String s, String t, String col) throws SQLException { return result(MetaResults.COLUMN_PRIVILEGES, List.of()); }
  @Override public ResultSet getTablePrivileges(String c, String s, String t) throws SQLException { return result(MetaResults.TABLE_PRIVILEGES, List.of()); }
  @Override public ResultSet getPseudoColumns(String c, String s, String t, String col) throws SQLException { return result(MetaResults.PSEUDO_COLUMNS, List.of()); }
  @Override public ResultSet getClientInfoProperties() throws SQLException { return result(MetaResults.CLIENT_INFO, List.of()); }

  // ---- helpers

  private ResultSet result(List<ColumnMeta> columns, List<Object[]> rows) throws SQLException {
    connection.checkOpen();
    return MorphResultSet.inMemory(null, columns, rows);
  }

  /** Runs a system-table query; the values of each row in select-list order. */
  private List<Object[]> select(Query q, String orderBy) throws SQLException {
    connection.checkOpen();
    if (q.matchesNothing) {
      return List.of();
    }
    try (PreparedStatement ps = connection.prepareStatement(q.sql(orderBy))) {
      for (int i = 0; i < q.params.size(); i++) {
        ps.setObject(i + 1, q.params.get(i));
      }
      List<Object[]> rows = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          Object[] row = new Object[n];
          for (int i = 0; i < n; i++) {
            Object v = rs.getObject(i + 1);
            row[i] = v instanceof String s ? s : v;
          }
          rows.add(row);
        }
      }
      return rows;
    } catch (SQLException e) {
      if (e.getSQLState() == null || !e.getSQLState().startsWith("42")) {
        throw e;
      }
      connection.addWarning("Catalog information unavailable: " + e.getMessage());
      return List.of();
    }
  }

  private static Integer integer(Object v) throws SQLException {
    return v == null ? null : ValueConverter.toInt(v);
  }

  private static boolean isBinary(int type) {
    return type == java.sql.Types.BINARY || type == java.sql.Types.VARBINARY
        || type == java.sql.Types.LONGVARBINARY;
  }

  /**
   * TYPE_NAME as getTypeInfo spells it: "VARCHAR(40)" becomes "VARCHAR", since size and scale are
   * reported in COLUMN_SIZE / DECIMAL_DIGITS and tools match TYPE_NAME against getTypeInfo.
   */
  private static String baseTypeName(String typeName) {
    int paren = typeName == null ? -1 : typeName.indexOf('(');
    return paren < 0 ? typeName : typeName.substring(0, paren).trim();
  }

  private static Integer defaultPrecision(String typeName) {
    String name = typeName == null ? "" : typeName.trim().toUpperCase(Locale.ROOT);
    return MetaResults.TYPES.stream().filter(t -> name.startsWith(t.name()))
        .map(MetaResults.SqlType::precision).findFirst().orElse(null);
  }

  /** Whether a name matches a JDBC pattern ({@code %} any run, {@code _} one character, {@code \} escape). */
  static boolean matches(String pattern, String value) {
    if (pattern == null) {
      return true;
    }
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return value != null && Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(value).matches();
  }

  /** A system-table query with its conditions and parameters. */
  static final class Query {
    private final String select;
    private final List<String> conditions = new ArrayList<>();
    final List<Object> params = new ArrayList<>();
    boolean matchesNothing;

    Query(String select) {
      this.select = select;
    }

    Query where(String condition) {
      conditions.add(condition);
      return this;
    }

    /** MorphDB has no catalogs: null and "" match everything, any other name nothing. */
    Query catalog(String catalog) {
      matchesNothing |= catalog != null && !catalog.isEmpty();
      return this;
    }

    /** A JDBC pattern: null or "%" matches all; "" matches nothing (every object has a name). */
    Query pattern(String column, String pattern) {
      if (pattern == null || pattern.equals("%")) {
        return this;
      }
      matchesNothing |= pattern.isEmpty();
      conditions.add(column + " LIKE ? ESCAPE '\\'");
      params.add(pattern);
      return this;
    }

    /** An exact name; tools also pass null or a pattern with '%' here, which match as patterns. */
    Query name(String column, String name) {
      if (name == null || name.contains("%")) {
        return pattern(column, name);
      }
      conditions.add(column + " = ?");
      params.add(name);
      return this;
    }

    Query in(String column, String[] values) {
      if (values == null) {
        return this;
      }
      matchesNothing |= values.length == 0;
      conditions.add(column + " IN (" + String.join(", ", java.util.Collections.nCopies(Math.max(values.length, 1), "?")) + ")");
      for (String v : values) {
        params.add(v == null ? "" : v.toUpperCase(Locale.ROOT));
      }
      return this;
    }

    String sql(String orderBy) {
      return select + (conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions))
          + " ORDER BY " + orderBy;
    }
  }
}
