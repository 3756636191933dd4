package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.StatementKind;

/** DatabaseMetaData over a fake session that answers the system-table queries. */
class DatabaseMetaDataTest {
  private final FakeSession session = FakeSession.create();
  private final Map<Long, String> sqlById = new HashMap<>();
  private final Map<String, List<Object[]>> tables = new HashMap<>();
  private DatabaseMetaData md;

  @BeforeEach
  void setUp() throws SQLException {
    session.onPrepare = sql -> {
      long id = session.nextId();
      sqlById.put(id, sql);
      return new PrepareResponse(id, StatementKind.QUERY, session.dml(sql).parameters(), List.of(), Map.of());
    };
    session.onExecute = request -> {
      String sql = sqlById.get(request.statementId());
      String table = sql.replaceAll(".* FROM INFORMATION_SCHEMA\\.(\\w+).*", "$1");
      if (!tables.containsKey(table)) {
        throw new MorphException(ErrorCode.TABLE_NOT_FOUND, "no table " + table);
      }
      List<Object[]> rows = tables.get(table);
      int width = rows.isEmpty() ? 1 : rows.get(0).length;
      List<ColumnMeta> cols = new ArrayList<>();
      for (int i = 0; i < width; i++) {
        cols.add(FakeSession.column("C" + i, Types.VARCHAR, "VARCHAR"));
      }
      return Response.rows(cols, new ListCursor(rows), Map.of());
    };
    tables.put("TABLES", List.of(
        new Object[] {"PUBLIC", "ORDERS", "TABLE"},
        new Object[] {"INFORMATION_SCHEMA", "TABLES", "SYSTEM TABLE"}));
    tables.put("COLUMNS", List.of(
        new Object[] {"PUBLIC", "ORDERS", "ID", 1, "BIGINT", "NO", null, Types.BIGINT, 19, 0},
        new Object[] {"PUBLIC", "ORDERS", "NOTE", 2, "VARCHAR", "YES", "'none'", null, 40, null}));
    tables.put("KEY_COLUMNS", List.<Object[]>of(new Object[] {"PUBLIC", "ORDERS", "PK_ORDERS", "ID", 1}));
    tables.put("INDEXES", List.<Object[]>of(new Object[] {"PUBLIC", "ORDERS", "IX_NOTE", "NOTE, ID", false}));
    Connection c = session.connect();
    md = c.getMetaData();
  }

  private String lastSql() {
    return session.prepared.get(session.prepared.size() - 1);
  }

  private List<Object> lastParameters() {
    return session.executed.get(session.executed.size() - 1).parameters();
  }

  private static List<String> columnNames(ResultSet rs) throws SQLException {
    ResultSetMetaData m = rs.getMetaData();
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= m.getColumnCount(); i++) {
      names.add(m.getColumnName(i));
    }
    return names;
  }

  @Test
  void constantsForTools() throws SQLException {
    assertEquals("MorphDB", md.getDatabaseProductName());
    assertEquals(MorphVersion.VERSION, md.getDatabaseProductVersion());
    assertEquals(4, md.getJDBCMajorVersion());
    assertEquals(2, md.getJDBCMinorVersion());
    assertEquals("\"", md.getIdentifierQuoteString());
    assertEquals("\\", md.getSearchStringEscape());
    assertTrue(md.storesUpperCaseIdentifiers());
    assertTrue(md.supportsTransactions());
    assertTrue(md.supportsBatchUpdates());
    assertEquals(Connection.TRANSACTION_SERIALIZABLE, md.getDefaultTransactionIsolation());
    assertTrue(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
    assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
    assertFalse(md.getNumericFunctions().isEmpty());
    assertEquals("jdbc:morph:mem:fake", md.getURL());
  }

  @Test
  void tablesFilteredByPatternsInSql() throws SQLException {
    ResultSet rs = md.getTables(null, "PUB%", "ORD\\_ERS", new String[] {"table"});
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
        "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"), columnNames(rs));
    assertTrue(lastSql().contains("TABLE_SCHEMA LIKE ? ESCAPE '\\'"), lastSql());
    assertTrue(lastSql().contains("TABLE_NAME LIKE ? ESCAPE '\\'"), lastSql());
    assertTrue(lastSql().contains("TABLE_TYPE IN (?)"), lastSql());
    assertEquals(List.of("PUB%", "ORD\\_ERS", "TABLE"), lastParameters());
    assertTrue(rs.next());
    assertEquals("ORDERS", rs.getString("TABLE_NAME"));
    assertNullString(rs, "TABLE_CAT");

    int before = session.executed.size();
    md.getTables(null, null, "%", null).close();
    assertFalse(lastSql().contains("WHERE"), lastSql());
    assertFalse(md.getTables("SOMECATALOG", null, null, null).next());
    assertFalse(md.getTables(null, null, null, new String[0]).next());
    assertEquals(before + 1, session.executed.size(), "matches-nothing filters do not query");
  }

  private static void assertNullString(ResultSet rs, String column) throws SQLException {
    assertEquals(null, rs.getString(column));
    assertTrue(rs.wasNull());
  }

  @Test
  void columnsInJdbcShape() throws SQLException {
    ResultSet rs = md.getColumns(null, null, "ORDERS", "%");
    assertEquals(24, rs.getMetaData().getColumnCount());
    assertTrue(rs.next());
    assertEquals("ID", rs.getString("COLUMN_NAME"));
    assertEquals(Types.BIGINT, rs.getInt("DATA_TYPE"));
    assertEquals("BIGINT", rs.getString("TYPE_NAME"));
    assertEquals(DatabaseMetaData.columnNoNulls, rs.getInt("NULLABLE"));
    assertEquals("NO", rs.getString("IS_NULLABLE"));
    assertEquals(1, rs.getInt("ORDINAL_POSITION"));
    assertEquals(10, rs.getInt("NUM_PREC_RADIX"));
    assertTrue(rs.next());
    assertEquals(Types.VARCHAR, rs.getInt("DATA_TYPE"), "typed by name when JDBC_TYPE is null");
    assertEquals(40, rs.getInt("COLUMN_SIZE"));
    assertEquals(40, rs.getInt("CHAR_OCTET_LENGTH"));
    assertEquals("'none'", rs.getString("COLUMN_DEF"));
    assertEquals("YES", rs.getString("IS_NULLABLE"));
    rs.getInt("DECIMAL_DIGITS");
    assertTrue(rs.wasNull());
    assertFalse(rs.next());
  }

  @Test
  void primaryKeysAndIndexes() throws SQLException {
    ResultSet pk = md.getPrimaryKeys(null, "PUBLIC", "ORDERS");
    assertTrue(lastSql().contains("TABLE_NAME = ?"), lastSql());
    assertTrue(pk.next());
    assertEquals("ID", pk.getString("COLUMN_NAME"));
    assertEquals(1, pk.getShort("KEY_SEQ"));
    assertEquals("PK_ORDERS", pk.getString("PK_NAME"));

    md.getPrimaryKeys(null, null, "%").close();
    assertFalse(lastSql().contains("WHERE"), lastSql());
    md.getPrimaryKeys(null, null, "ORD%").close();
    assertTrue(lastSql().contains("TABLE_NAME LIKE ?"), lastSql());

    ResultSet ix = md.getIndexInfo(null, null, "ORDERS", false, true);
    assertEquals(13, ix.getMetaData().getColumnCount());
    List<String> seen = new ArrayList<>();
    while (ix.next()) {
      seen.add(ix.getString("INDEX_NAME") + ":" + ix.getShort("ORDINAL_POSITION") + ":" + ix.getString("COLUMN_NAME")
          + ":" + ix.getBoolean("NON_UNIQUE"));
    }
    assertEquals(List.of("PK_ORDERS:1:ID:false", "IX_NOTE:1:NOTE:true", "IX_NOTE:2:ID:true"), seen);
    assertTrue(session.prepared.stream().anyMatch(s -> s.contains("STATE = 'PUBLIC'")));

    ResultSet uniqueOnly = md.getIndexInfo(null, null, "ORDERS", true, true);
    assertTrue(uniqueOnly.next());
    assertEquals("PK_ORDERS", uniqueOnly.getString("INDEX_NAME"));
    assertFalse(uniqueOnly.next());
  }

  @Test
  void emptyResultsHaveTheStandardColumns() throws SQLException {
    assertShape(md.getImportedKeys(null, null, "%"), 14, "PKTABLE_CAT");
    assertShape(md.getExportedKeys(null, null, "ORDERS"), 14, "FK_NAME");
    assertShape(md.getCrossReference(null, null, "A", null, null, "B"), 14, "DEFERRABILITY");
    assertShape(md.getProcedures(null, null, "%"), 9, "PROCEDURE_NAME");
    assertShape(md.getProcedureColumns(null, null, "%", "%"), 20, "COLUMN_TYPE");
    assertShape(md.getFunctions(null, null, "%"), 6, "FUNCTION_NAME");
    assertShape(md.getFunctionColumns(null, null, "%", "%"), 17, "COLUMN_TYPE");
    assertShape(md.getUDTs(null, null, "%", null), 7, "CLASS_NAME");
    assertShape(md.getSuperTypes(null, null, "%"), 6, "SUPERTYPE_NAME");
    assertShape(md.getSuperTables(null, null, "%"), 4, "SUPERTABLE_NAME");
    assertShape(md.getAttributes(null, null, "%", "%"), 21, "ATTR_NAME");
    assertShape(md.getVersionColumns(null, null, "T"), 8, "PSEUDO_COLUMN");
    assertShape(md.getBestRowIdentifier(null, null, "T", DatabaseMetaData.bestRowSession, true), 8, "SCOPE");
    assertShape(md.getColumnPrivileges(null, null, "T", "%"), 8, "PRIVILEGE");
    assertShape(md.getTablePrivileges(null, null, "%"), 7, "GRANTEE");
    assertShape(md.getPseudoColumns(null, null, "%", "%"), 12, "COLUMN_USAGE");
    assertShape(md.getClientInfoProperties(), 4, "MAX_LEN");
    assertShape(md.getCatalogs(), 1, "TABLE_CAT");
  }

  private static void assertShape(ResultSet rs, int columns, String someColumn) throws SQLException {
    assertEquals(columns, rs.getMetaData().getColumnCount());
    assertTrue(rs.findColumn(someColumn) > 0);
    assertFalse(rs.next());
  }

  @Test
  void schemasTableTypesAndTypeInfo() throws SQLException {
    List<String> schemas = new ArrayList<>();
    ResultSet rs = md.getSchemas();
    while (rs.next()) {
      schemas.add(rs.getString("TABLE_SCHEM"));
    }
    assertEquals(List.of("INFORMATION_SCHEMA", "PUBLIC", "SYS"), schemas);
    ResultSet filtered = md.getSchemas(null, "P_B%");
    assertTrue(filtered.next());
    assertEquals("PUBLIC", filtered.getString(1));
    assertFalse(filtered.next());
    assertTrue(md.getSchemas(null, "INFORMATION\\_SCHEMA").next());

    List<String> types = new ArrayList<>();
    ResultSet tt = md.getTableTypes();
    while (tt.next()) {
      types.add(tt.getString(1));
    }
    assertEquals(List.of("SYSTEM TABLE", "TABLE", "VIEW"), types);

    ResultSet ti = md.getTypeInfo();
    assertEquals(18, ti.getMetaData().getColumnCount());
    int last = Integer.MIN_VALUE;
    List<String> names = new ArrayList<>();
    while (ti.next()) {
      assertTrue(ti.getInt("DATA_TYPE") >= last);
      last = ti.getInt("DATA_TYPE");
      names.add(ti.getString("TYPE_NAME"));
    }
    assertTrue(names.containsAll(List.of("INTEGER", "BIGINT", "VARCHAR", "DECIMAL", "TIMESTAMP", "BOOLEAN")));
  }

  @Test
  void missingSystemTableGivesAnEmptyResultAndAWarning() throws SQLException {
    tables.remove("INDEXES");
    ResultSet rs = md.getIndexInfo(null, null, "ORDERS", false, true);
    assertTrue(rs.next(), "the primary key is still reported");
    assertNotNull(md.getConnection().getWarnings());
  }

  @Test
  void jdbcPatternMatching() {
    assertTrue(MorphDatabaseMetaData.matches(null, "X"));
    assertTrue(MorphDatabaseMetaData.matches("%", "X"));
    assertTrue(MorphDatabaseMetaData.matches("A_C", "ABC"));
    assertFalse(MorphDatabaseMetaData.matches("A\\_C", "ABC"));
    assertTrue(MorphDatabaseMetaData.matches("A\\_C", "A_C"));
    assertFalse(MorphDatabaseMetaData.matches("", "A"));
    assertTrue(MorphDatabaseMetaData.matches("a.c%", "a.cd"));
    assertFalse(MorphDatabaseMetaData.matches("a.c", "abc"));
  }
}
