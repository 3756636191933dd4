package org.morphdb.engine.sql.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

class MorphParserTest {

  @SuppressWarnings("unchecked")
  private static <T extends SqlNode> T parse(String sql, Class<T> type) {
    final SqlNode node = MorphParser.parse(sql);
    assertInstanceOf(type, node, sql);
    // The unparsed text parses back to the same text.
    final String text = node.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    assertEquals(text, MorphParser.parse(text).toSqlString(CalciteSqlDialect.DEFAULT).getSql(),
        "round trip of " + sql);
    return (T) node;
  }

  private static MorphException syntaxError(String sql) {
    final MorphException e = assertThrows(MorphException.class, () -> MorphParser.parse(sql), sql);
    assertEquals(ErrorCode.SYNTAX_ERROR, e.code(), sql);
    return e;
  }

  private static String names(List<SqlIdentifier> ids) {
    return String.join(",", ids.stream().map(SqlIdentifier::getSimple).toList());
  }

  private static String typeName(SqlDataTypeSpec type) {
    return type.getTypeName().getSimple();
  }

  private static <A extends AlterAction> A alter(String sql, AlterAction.Kind kind, Class<A> type) {
    final SqlAlterTable alter = parse(sql, SqlAlterTable.class);
    assertEquals(SqlKind.ALTER_TABLE, alter.getKind());
    assertEquals("T", alter.table().getSimple());
    assertEquals(kind, alter.actionKind(), sql);
    return type.cast(alter.action());
  }

  // ---- CREATE / DROP TABLE

  @Test void createTableWithColumnAndTableConstraints() {
    final SqlMorphCreateTable create = parse("CREATE TABLE IF NOT EXISTS t ("
        + " id BIGINT NOT NULL PRIMARY KEY,"
        + " a INT DEFAULT 0 NOT NULL,"
        + " b VARCHAR(30) NULL UNIQUE,"
        + " c DECIMAL(10, 2) CONSTRAINT c_pos CHECK (c > 0),"
        + " \"Mixed\" TEXT,"
        + " CONSTRAINT pk PRIMARY KEY (id, a),"
        + " UNIQUE (b, c),"
        + " CONSTRAINT small CHECK (a < 10))", SqlMorphCreateTable.class);
    assertEquals(SqlKind.CREATE_TABLE, create.getKind());
    assertTrue(create.ifNotExists());
    assertEquals("T", create.name().getSimple());

    final List<ColumnDecl> columns = create.columns();
    assertEquals(List.of("ID", "A", "B", "C", "Mixed"),
        columns.stream().map(ColumnDecl::simpleName).toList());
    assertEquals(List.of(true, true, false, false, false),
        columns.stream().map(ColumnDecl::notNull).toList());
    assertEquals("0", columns.get(1).defaultValue().toString());
    assertNull(columns.get(0).defaultValue());
    assertEquals(Boolean.TRUE, columns.get(2).type().getNullable());
    assertNull(columns.get(4).type().getNullable());
    assertEquals("BIGINT", typeName(columns.get(0).type()));
    assertEquals(30, ((SqlBasicTypeNameSpec) columns.get(2).type().getTypeNameSpec()).getPrecision());
    assertEquals(2, ((SqlBasicTypeNameSpec) columns.get(3).type().getTypeNameSpec()).getScale());
    assertEquals("TEXT", typeName(columns.get(4).type()));

    final List<TableConstraint> constraints = create.constraints();
    assertEquals(6, constraints.size());
    final var inlinePk = (TableConstraint.PrimaryKey) constraints.get(0);
    assertNull(inlinePk.name());
    assertEquals("ID", names(inlinePk.columns()));
    assertEquals("B", names(((TableConstraint.Unique) constraints.get(1)).columns()));
    final var inlineCheck = (TableConstraint.Check) constraints.get(2);
    assertEquals("C_POS", inlineCheck.name().getSimple());
    assertEquals("`C` > 0", inlineCheck.condition().toString());
    final var pk = (TableConstraint.PrimaryKey) constraints.get(3);
    assertEquals("PK", pk.name().getSimple());
    assertEquals("ID,A", names(pk.columns()));
    assertEquals("B,C", names(((TableConstraint.Unique) constraints.get(4)).columns()));
    assertEquals("SMALL", constraints.get(5).name().getSimple());
    // Lifted constraints sit right after their column in the raw element list.
    assertEquals(SqlKind.PRIMARY_KEY, create.elements().get(1).getKind());
  }

  @Test void createTableTypes() {
    final SqlMorphCreateTable create = parse("CREATE TABLE t (c1 BOOLEAN, c2 TINYINT,"
        + " c3 SMALLINT, c4 INT, c5 INTEGER, c6 BIGINT, c7 DECIMAL(5,1), c8 NUMERIC, c9 REAL,"
        + " c10 FLOAT, c11 DOUBLE, c12 DOUBLE PRECISION, c13 CHAR(3), c14 CHARACTER,"
        + " c15 VARCHAR(20), c16 CHARACTER VARYING(20), c17 DATE, c18 TIME, c19 TIMESTAMP,"
        + " c20 VARBINARY(8), c21 BINARY, c22 TEXT)", SqlMorphCreateTable.class);
    assertEquals(List.of("BOOLEAN", "TINYINT", "SMALLINT", "INTEGER", "INTEGER", "BIGINT",
            "DECIMAL", "DECIMAL", "REAL", "FLOAT", "DOUBLE", "DOUBLE", "CHAR", "CHAR",
            "VARCHAR", "VARCHAR", "DATE", "TIME", "TIMESTAMP", "VARBINARY", "BINARY", "TEXT"),
        create.columns().stream().map(c -> typeName(c.type())).toList());
    assertFalse(create.ifNotExists());
  }

  @Test void createTableFromTheSqliteCorpus() {
    final SqlMorphCreateTable create = parse(
        "CREATE TABLE t1(a INTEGER, b VARCHAR(30), c TEXT, d FLOAT)", SqlMorphCreateTable.class);
    assertEquals("T1", create.name().getSimple());
    assertEquals(4, create.columns().size());
    assertTrue(create.constraints().isEmpty());
    parse("CREATE TABLE t2(a INTEGER PRIMARY KEY, b INTEGER DEFAULT -1, c VARCHAR(10))",
        SqlMorphCreateTable.class);
  }

  @Test void dropTable() {
    final SqlMorphDropTable drop = parse("DROP TABLE IF EXISTS s.t", SqlMorphDropTable.class);
    assertEquals(SqlKind.DROP_TABLE, drop.getKind());
    assertTrue(drop.ifExists());
    assertEquals(List.of("S", "T"), drop.name().names);
    assertFalse(parse("DROP TABLE t", SqlMorphDropTable.class).ifExists());
    assertTrue(parse("DROP TABLE t CASCADE", SqlMorphDropTable.class).cascade());
    assertFalse(parse("DROP TABLE t RESTRICT", SqlMorphDropTable.class).cascade());
  }

  // ---- CREATE / DROP INDEX

  @Test void createIndex() {
    final SqlCreateIndex index = parse("CREATE INDEX t1i0 ON t1(a1 DESC, b1)",
        SqlCreateIndex.class);
    assertEquals(SqlKind.CREATE_INDEX, index.getKind());
    assertEquals("T1I0", index.name().getSimple());
    assertEquals("T1", index.table().getSimple());
    assertFalse(index.unique());
    assertFalse(index.ifNotExists());
    assertEquals(List.of(new SqlCreateIndex.IndexColumn(index.columns().get(0).name(), true),
        new SqlCreateIndex.IndexColumn(index.columns().get(1).name(), false)), index.columns());
    assertEquals("A1,B1", names(index.columns().stream().map(SqlCreateIndex.IndexColumn::name)
        .toList()));

    final SqlCreateIndex unique = parse("CREATE UNIQUE INDEX IF NOT EXISTS u ON t (a ASC, b DESC)",
        SqlCreateIndex.class);
    assertTrue(unique.unique());
    assertTrue(unique.ifNotExists());
    assertEquals(List.of(false, true),
        unique.columns().stream().map(SqlCreateIndex.IndexColumn::descending).toList());
  }

  @Test void dropIndex() {
    final SqlDropIndex drop = parse("DROP INDEX IF EXISTS i", SqlDropIndex.class);
    assertEquals(SqlKind.DROP_INDEX, drop.getKind());
    assertTrue(drop.ifExists());
    assertEquals("I", drop.name().getSimple());
    assertFalse(parse("DROP INDEX i", SqlDropIndex.class).ifExists());
  }

  // ---- views

  @Test void createView() {
    final SqlMorphCreateView view = parse(
        "CREATE OR REPLACE VIEW v (x, y) AS SELECT a, b FROM t WHERE a > 1",
        SqlMorphCreateView.class);
    assertEquals(SqlKind.CREATE_VIEW, view.getKind());
    assertTrue(view.replace());
    assertFalse(view.ifNotExists());
    assertEquals("X,Y", names(view.columns()));
    assertInstanceOf(SqlSelect.class, view.query());

    final SqlMorphCreateView plain = parse(
        "CREATE VIEW IF NOT EXISTS v AS SELECT * FROM t ORDER BY a", SqlMorphCreateView.class);
    assertFalse(plain.replace());
    assertTrue(plain.ifNotExists());
    assertTrue(plain.columns().isEmpty());
    assertInstanceOf(SqlOrderBy.class, plain.query());
    syntaxError("CREATE OR REPLACE VIEW IF NOT EXISTS v AS SELECT 1");
  }

  @Test void dropView() {
    final SqlMorphDropView drop = parse("DROP VIEW IF EXISTS v CASCADE", SqlMorphDropView.class);
    assertEquals(SqlKind.DROP_VIEW, drop.getKind());
    assertTrue(drop.ifExists());
    assertTrue(drop.cascade());
    assertFalse(parse("DROP VIEW v RESTRICT", SqlMorphDropView.class).cascade());
    assertFalse(parse("DROP VIEW v", SqlMorphDropView.class).ifExists());
  }

  // ---- ALTER TABLE

  @Test void alterTableAddColumn() {
    var add = alter("ALTER TABLE t ADD COLUMN IF NOT EXISTS c VARCHAR(10) DEFAULT 'x' NOT NULL",
        AlterAction.Kind.ADD_COLUMN, AlterAction.AddColumn.class);
    assertTrue(add.ifNotExists());
    assertEquals("C", add.column().simpleName());
    assertTrue(add.column().notNull());
    assertEquals("'x'", add.column().defaultValue().toString());
    assertTrue(add.constraints().isEmpty());

    add = alter("ALTER TABLE t ADD c INT UNIQUE", AlterAction.Kind.ADD_COLUMN,
        AlterAction.AddColumn.class);
    assertFalse(add.ifNotExists());
    assertFalse(add.column().notNull());
    assertInstanceOf(TableConstraint.Unique.class, add.constraints().get(0));
  }

  @Test void alterTableDropAndRename() {
    var drop = alter("ALTER TABLE t DROP COLUMN IF EXISTS c", AlterAction.Kind.DROP_COLUMN,
        AlterAction.DropColumn.class);
    assertTrue(drop.ifExists());
    assertEquals("C", drop.column().getSimple());
    assertFalse(alter("ALTER TABLE t DROP c", AlterAction.Kind.DROP_COLUMN,
        AlterAction.DropColumn.class).ifExists());

    assertEquals("U", alter("ALTER TABLE t RENAME TO u", AlterAction.Kind.RENAME_TABLE,
        AlterAction.RenameTable.class).newName().getSimple());
    final var rename = alter("ALTER TABLE t RENAME COLUMN a TO b",
        AlterAction.Kind.RENAME_COLUMN, AlterAction.RenameColumn.class);
    assertEquals("A", rename.column().getSimple());
    assertEquals("B", rename.newName().getSimple());
  }

  @Test void alterTableAlterColumn() {
    final var setDefault = alter("ALTER TABLE t ALTER COLUMN c SET DEFAULT 42",
        AlterAction.Kind.SET_DEFAULT, AlterAction.SetDefault.class);
    assertEquals("C", setDefault.column().getSimple());
    assertEquals("42", setDefault.defaultValue().toString());
    assertEquals("C", alter("ALTER TABLE t ALTER c DROP DEFAULT", AlterAction.Kind.DROP_DEFAULT,
        AlterAction.DropDefault.class).column().getSimple());
    assertEquals("C", alter("ALTER TABLE t ALTER COLUMN c SET NOT NULL",
        AlterAction.Kind.SET_NOT_NULL, AlterAction.SetNotNull.class).column().getSimple());
    assertEquals("C", alter("ALTER TABLE t ALTER c DROP NOT NULL",
        AlterAction.Kind.DROP_NOT_NULL, AlterAction.DropNotNull.class).column().getSimple());
    final var setType = alter("ALTER TABLE t ALTER COLUMN c SET DATA TYPE BIGINT",
        AlterAction.Kind.SET_DATA_TYPE, AlterAction.SetDataType.class);
    assertEquals("BIGINT", typeName(setType.type()));
    final var type = alter("ALTER TABLE t ALTER COLUMN c TYPE VARCHAR(100)",
        AlterAction.Kind.SET_DATA_TYPE, AlterAction.SetDataType.class);
    assertEquals(100, ((SqlBasicTypeNameSpec) type.type().getTypeNameSpec()).getPrecision());
  }

  @Test void alterTableConstraints() {
    final var named = alter("ALTER TABLE t ADD CONSTRAINT positive CHECK (a > 0)",
        AlterAction.Kind.ADD_CHECK, AlterAction.AddCheck.class);
    assertEquals("POSITIVE", named.name().getSimple());
    assertEquals("`A` > 0", named.condition().toString());
    assertNull(alter("ALTER TABLE t ADD CHECK (a <> b)", AlterAction.Kind.ADD_CHECK,
        AlterAction.AddCheck.class).name());
    final var drop = alter("ALTER TABLE t DROP CONSTRAINT positive",
        AlterAction.Kind.DROP_CONSTRAINT, AlterAction.DropConstraint.class);
    assertEquals("POSITIVE", drop.name().getSimple());
    assertFalse(drop.ifExists());
  }

  // ---- CHECK TABLE, CANCEL DDL JOB

  @Test void checkTable() {
    assertEquals("T", parse("CHECK TABLE t", SqlCheckTable.class).table().getSimple());
  }

  @Test void cancelDdlJob() {
    assertEquals(17L, parse("CANCEL DDL JOB 17", SqlCancelDdlJob.class).jobId());
    assertTrue(syntaxError("CANCEL DDL JOB 99999999999999999999").getMessage()
        .contains("out of range"));
    syntaxError("CANCEL DDL JOB -1");
    syntaxError("CANCEL DDL JOB x");
  }

  // ---- ordinary statements and identifiers

  @Test void dmlStillParses() {
    final SqlOrderBy query = parse("SELECT a, COUNT(*) FROM t WHERE b != 1 GROUP BY a"
        + " ORDER BY a LIMIT 10 OFFSET 5", SqlOrderBy.class);
    assertEquals("10", query.fetch.toString());
    parse("SELECT 1", SqlSelect.class);
    parse("INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL)", SqlInsert.class);
    parse("UPDATE t SET a = a + 1 WHERE b = ?", SqlUpdate.class);
    parse("DELETE FROM t WHERE a IN (SELECT a FROM u)", SqlDelete.class);
    assertEquals(SqlKind.EXPLAIN, MorphParser.parse("EXPLAIN PLAN FOR SELECT * FROM t").getKind());
  }

  @Test void coalesceWithALiteralFirstIsThatLiteral() {
    final SqlSelect q = parse("SELECT COALESCE(-86, x, y) * 2, COALESCE(x, 5), COALESCE(NULL, x)"
        + " FROM t GROUP BY z", SqlSelect.class);
    final String sql = q.getSelectList().toString().replaceAll("\\s+", " ");
    assertTrue(sql.startsWith("-86 * 2"), sql);
    assertTrue(sql.contains("COALESCE(`X`, 5)"), sql);
    assertTrue(sql.contains("COALESCE(NULL, `X`)"), sql);
    final String nested = parse("SELECT + COALESCE(x, + 63, y), + COALESCE(COALESCE(+ 98, z), y) FROM t",
        SqlSelect.class).getSelectList().toString().replaceAll("\\s+", " ");
    assertEquals("COALESCE(`X`, 63), 98", nested);
  }

  /** The corpus's random/groupby files read ungrouped columns only after such operands. */
  @Test void coalesceStopsAtAnArithmeticOrCastOfLiterals() {
    final String sql = parse("SELECT COALESCE(- 62 * - 77, a + b), COALESCE(x, CAST(+ 52 AS INTEGER) + 63, y),"
        + " COALESCE(x, 52 / 0, y), COALESCE(x, 5 - NULL, y) FROM t GROUP BY x",
        SqlSelect.class).getSelectList().toString().replaceAll("\\s+", " ");
    assertEquals("-62 * -77, COALESCE(`X`, CAST(52 AS INTEGER) + 63),"
        + " COALESCE(`X`, 52 / 0, `Y`), COALESCE(`X`, 5 - NULL, `Y`)", sql);
  }

  @Test void aCaseWhoseMatchingBranchIsNullStaysACaseToKeepItsType() {
    final String sql = parse("SELECT SUM(CASE 52 WHEN 52 THEN NULL ELSE - 10 END) FROM t",
        SqlSelect.class).getSelectList().toString().replaceAll("\\s+", " ");
    assertEquals("SUM(CASE WHEN 52 = 52 THEN NULL ELSE -10 END)", sql);
  }

  @Test void caseOnANumberDropsWhenBranchesThatCannotMatch() {
    final String sql = parse("SELECT CASE 8 WHEN 76 THEN a WHEN 9 THEN b ELSE c END,"
        + " CASE -8 WHEN 76 THEN a WHEN -8 THEN b WHEN x THEN c END,"
        + " CASE 8 WHEN x THEN a WHEN 9 THEN b END, CASE x WHEN 1 THEN a END FROM t",
        SqlSelect.class).getSelectList().toString().replaceAll("\\s+", " ");
    assertEquals("`C`, `B`, CASE WHEN 8 = `X` THEN `A` ELSE NULL END,"
        + " CASE WHEN `X` = 1 THEN `A` ELSE NULL END", sql);
    // only NULL left: one branch that reads no column stays, to keep the CASE's type
    final String typed = parse("SELECT - CASE -46 WHEN 94 THEN 83 WHEN 95 THEN 84 ELSE NULL END,"
        + " - CASE 1 WHEN 2 THEN 3 END FROM t", SqlSelect.class).getSelectList().toString()
        .replaceAll("\\s+", " ");
    assertEquals("- CASE WHEN -46 = 94 THEN 83 ELSE NULL END, - CASE WHEN 1 = 2 THEN 3 ELSE NULL END",
        typed);
  }

  @Test void newKeywordsStayUsableAsIdentifiers() {
    final SqlMorphCreateTable create = parse("CREATE TABLE job (index INT, state VARCHAR(10),"
        + " job BIGINT, type INT, data VARCHAR(5), ddl INT, cancel INT, rename INT, if INT,"
        + " PRIMARY KEY (index))", SqlMorphCreateTable.class);
    assertEquals(List.of("INDEX", "STATE", "JOB", "TYPE", "DATA", "DDL", "CANCEL", "RENAME", "IF"),
        create.columns().stream().map(ColumnDecl::simpleName).toList());
    assertEquals("JOB", create.name().getSimple());
    parse("SELECT index, state, job, type, data FROM job WHERE index = 1 AND state = 'x'",
        SqlSelect.class);
    parse("INSERT INTO job (index, state) VALUES (1, 'a')", SqlInsert.class);
    parse("UPDATE job SET state = 'b', data = 'c' WHERE type = 2", SqlUpdate.class);
    assertEquals("IF", parse("CREATE TABLE if (a INT)", SqlMorphCreateTable.class)
        .name().getSimple());
    assertEquals("IF", alter("ALTER TABLE t DROP if", AlterAction.Kind.DROP_COLUMN,
        AlterAction.DropColumn.class).column().getSimple());
    assertEquals("INDEX", parse("CREATE INDEX index ON job (index)", SqlCreateIndex.class)
        .name().getSimple());
    assertEquals("TYPE", alter("ALTER TABLE t ALTER COLUMN type TYPE BIGINT",
        AlterAction.Kind.SET_DATA_TYPE, AlterAction.SetDataType.class).column().getSimple());
  }

  @Test void identifierCasing() {
    final SqlSelect select = parse("SELECT abc, \"aBc\" FROM \"My\".t", SqlSelect.class);
    assertEquals("ABC", ((SqlIdentifier) select.getSelectList().get(0)).getSimple());
    assertEquals("aBc", ((SqlIdentifier) select.getSelectList().get(1)).getSimple());
    assertEquals(List.of("My", "T"), ((SqlIdentifier) select.getFrom()).names);
  }

  @Test void statementLists() {
    assertInstanceOf(SqlSelect.class, MorphParser.parse("SELECT 1;"));
    final SqlNodeList list = MorphParser.parseList(
        "CREATE TABLE a (x INT); INSERT INTO a VALUES (1); DROP TABLE a;");
    assertEquals(3, list.size());
    assertTrue(MorphParser.parseList("").isEmpty());
  }

  // ---- errors

  @Test void garbageIsASyntaxError() {
    MorphException e = syntaxError("SELEC 1");
    assertTrue(e.getMessage().contains("line 1, column 1"), e.getMessage());
    assertTrue(e.getMessage().contains("SELEC"), e.getMessage());
    e = syntaxError("CREATE TABLE t (a INT,, b INT)");
    assertTrue(e.getMessage().contains("\",\" at line 1, column 23"), e.getMessage());
    assertTrue(syntaxError("SELECT * FROM t WHERE").getMessage().contains("line 1"));
    syntaxError("CREATE TABLE t");
    syntaxError("CREATE TABLE t ()");
    syntaxError("CREATE OR REPLACE TABLE t (a INT)");
    syntaxError("CREATE OR REPLACE INDEX i ON t (a)");
    syntaxError("CREATE INDEX i ON t ()");
    syntaxError("ALTER TABLE t FROB");
    syntaxError("ALTER TABLE t ALTER COLUMN c SET NULL");
    syntaxError("DROP INDEX");
    syntaxError("CHECK TABLE");
    syntaxError("SELECT 1; SELECT 2");
    syntaxError("");
    syntaxError(null);
    assertTrue(syntaxError("SELECT # FROM t").getMessage().contains("line 1"));
    syntaxError("SELECT 'unterminated");
    syntaxError("\u0000\uffff");
  }

  @Test void deepNestingIsASyntaxErrorNotACrash() {
    final int depth = 200_000;
    final String sql = "SELECT " + "(".repeat(depth) + "1" + ")".repeat(depth);
    final MorphException e = syntaxError(sql);
    assertEquals("statement too deeply nested", e.getMessage());
    // The parser is still fine afterwards.
    parse("SELECT ((1 + 2)) FROM t", SqlSelect.class);
  }
}
