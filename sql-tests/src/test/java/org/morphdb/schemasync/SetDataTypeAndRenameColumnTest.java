package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.morphdb.schemasync.Scenario.assertFails;
import static org.morphdb.schemasync.Scenario.exec;
import static org.morphdb.schemasync.Scenario.rows;
import static org.morphdb.schemasync.Scenario.update;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 7: {@code ALTER TABLE … ALTER COLUMN c SET DATA TYPE t} exists for the exact
 * widenings (TINYINT → SMALLINT → INT → BIGINT, REAL → DOUBLE, DECIMAL(p,s) →
 * DECIMAL(p'>p,s), VARCHAR(n) → VARCHAR(m>n), VARBINARY likewise) and keeps the data
 * intact; any other type change is rejected with 0A000 and changes nothing. {@code RENAME
 * COLUMN a TO b} keeps the data, readable under the new name. Connection B changes the
 * table; connection A reads and writes it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SetDataTypeAndRenameColumnTest {
  private Scenario db;
  private Connection a;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open();
    a = db.connect();
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void integersWidenStepByStepWithTheDataIntact() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, N TINYINT)");
    update(a, "INSERT INTO T VALUES (1, 127), (2, -128), (3, NULL)");
    assertFails("22003", () -> update(a, "INSERT INTO T VALUES (4, 128)"));

    db.admin("ALTER TABLE T ALTER COLUMN N SET DATA TYPE SMALLINT");
    assertEquals(Types.SMALLINT, typeOf("T", "N"));
    update(a, "INSERT INTO T VALUES (4, 32767)");
    assertFails("22003", () -> update(a, "INSERT INTO T VALUES (5, 32768)"));

    db.admin("ALTER TABLE T ALTER COLUMN N SET DATA TYPE INT");
    assertEquals(Types.INTEGER, typeOf("T", "N"));
    update(a, "INSERT INTO T VALUES (5, 2147483647)");
    assertFails("22003", () -> update(a, "INSERT INTO T VALUES (6, 2147483648)"));

    db.admin("ALTER TABLE T ALTER COLUMN N SET DATA TYPE BIGINT");
    assertEquals(Types.BIGINT, typeOf("T", "N"));
    update(a, "INSERT INTO T VALUES (6, 9223372036854775807)");

    assertEquals(List.of("1, 127", "2, -128", "3, null", "4, 32767", "5, 2147483647", "6, 9223372036854775807"),
        rows(a, "SELECT ID, N FROM T ORDER BY ID"));
    assertEquals(List.of("2"), rows(a, "SELECT ID FROM T WHERE N = -128"));
    assertEquals(1, update(a, "UPDATE T SET N = N * 1000000 WHERE ID = 1"));
    assertEquals(List.of("127000000"), rows(a, "SELECT N FROM T WHERE ID = 1"));
  }

  @Test
  void realWidensToDouble() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, X REAL)");
    update(a, "INSERT INTO T VALUES (1, 1.5), (2, -0.25)");

    db.admin("ALTER TABLE T ALTER COLUMN X SET DATA TYPE DOUBLE");

    assertEquals(Types.DOUBLE, typeOf("T", "X"));
    update(a, "INSERT INTO T VALUES (3, 0.1)");
    try (Statement s = a.createStatement(); ResultSet rs = s.executeQuery("SELECT X FROM T ORDER BY ID")) {
      rs.next();
      assertEquals(1.5, rs.getDouble(1));
      rs.next();
      assertEquals(-0.25, rs.getDouble(1));
      rs.next();
      assertEquals(0.1, rs.getDouble(1), "a DOUBLE keeps what a REAL could not");
    }
  }

  @Test
  void decimalWidensItsPrecisionKeepingItsScale() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, D DECIMAL(5,2))");
    update(a, "INSERT INTO T VALUES (1, 123.45), (2, -0.01)");
    assertFails("22003", () -> update(a, "INSERT INTO T VALUES (3, 1234.5)"));

    db.admin("ALTER TABLE T ALTER COLUMN D SET DATA TYPE DECIMAL(9,2)");

    update(a, "INSERT INTO T VALUES (3, 1234567.89)");
    assertEquals(List.of("1, 123.45", "2, -0.01", "3, 1234567.89"), rows(a, "SELECT ID, D FROM T ORDER BY ID"));
    try (Statement s = a.createStatement(); ResultSet rs = s.executeQuery("SELECT D FROM T")) {
      assertEquals(9, rs.getMetaData().getPrecision(1));
      assertEquals(2, rs.getMetaData().getScale(1));
    }
  }

  @Test
  void varcharWidensItsLength() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, S VARCHAR(5))");
    update(a, "INSERT INTO T VALUES (1, 'hello'), (2, '')");
    assertFails("22001", () -> update(a, "INSERT INTO T VALUES (3, 'hello world')"));

    db.admin("ALTER TABLE T ALTER COLUMN S SET DATA TYPE VARCHAR(20)");

    update(a, "INSERT INTO T VALUES (3, 'hello world')");
    assertEquals(List.of("1, hello", "2, ", "3, hello world"), rows(a, "SELECT ID, S FROM T ORDER BY ID"));
    assertEquals(List.of("1"), rows(a, "SELECT ID FROM T WHERE S = 'hello'"));
  }

  @Test
  void varbinaryWidensItsLength() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, B VARBINARY(2))");
    update(a, "INSERT INTO T VALUES (1, X'CAFE')");
    assertFails("22001", () -> update(a, "INSERT INTO T VALUES (2, X'CAFEBABE')"));

    db.admin("ALTER TABLE T ALTER COLUMN B SET DATA TYPE VARBINARY(4)");

    update(a, "INSERT INTO T VALUES (2, X'CAFEBABE')");
    try (Statement s = a.createStatement(); ResultSet rs = s.executeQuery("SELECT B FROM T ORDER BY ID")) {
      rs.next();
      assertEquals("cafe", hex(rs.getBytes(1)));
      rs.next();
      assertEquals("cafebabe", hex(rs.getBytes(1)));
    }
  }

  @Test
  void everyOtherTypeChangeIsRejectedAndChangesNothing() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, I INT, B BIGINT, D DOUBLE, M DECIMAL(9,2), S VARCHAR(20))",
        "INSERT INTO T VALUES (1, 7, 8, 1.5, 12.34, 'x')");
    int version = db.tableVersion("T");

    assertRejected("ALTER TABLE T ALTER COLUMN I SET DATA TYPE SMALLINT"); // narrowing
    assertRejected("ALTER TABLE T ALTER COLUMN B SET DATA TYPE INT");
    assertRejected("ALTER TABLE T ALTER COLUMN D SET DATA TYPE REAL");
    assertRejected("ALTER TABLE T ALTER COLUMN M SET DATA TYPE DECIMAL(5,2)");
    assertRejected("ALTER TABLE T ALTER COLUMN M SET DATA TYPE DECIMAL(12,3)"); // the scale changes
    assertRejected("ALTER TABLE T ALTER COLUMN S SET DATA TYPE VARCHAR(5)");
    assertRejected("ALTER TABLE T ALTER COLUMN I SET DATA TYPE VARCHAR(20)"); // another family
    assertRejected("ALTER TABLE T ALTER COLUMN S SET DATA TYPE INT");
    assertRejected("ALTER TABLE T ALTER COLUMN D SET DATA TYPE DECIMAL(20,2)");

    assertEquals(version, db.tableVersion("T"), "no new table version");
    assertEquals(List.of(Types.INTEGER, Types.BIGINT, Types.DOUBLE, Types.DECIMAL, Types.VARCHAR),
        List.of(typeOf("T", "I"), typeOf("T", "B"), typeOf("T", "D"), typeOf("T", "M"), typeOf("T", "S")));
    assertEquals(List.of("1, 7, 8, 1.5, 12.34, x"), rows(a, "SELECT ID, I, B, D, M, S FROM T"));
  }

  @Test
  void renameColumnKeepsTheDataUnderTheNewName() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, A VARCHAR(10))", "CREATE INDEX T_BY_A ON T (A)");
    update(a, "INSERT INTO T VALUES (1, 'one'), (2, 'two')");

    db.admin("ALTER TABLE T RENAME COLUMN A TO B");

    assertEquals(List.of("1, one", "2, two"), rows(a, "SELECT ID, B FROM T ORDER BY ID"));
    assertEquals(List.of("2"), rows(a, "SELECT ID FROM T WHERE B = 'two'"));
    assertFails("42S22", () -> rows(a, "SELECT A FROM T"));
    assertFails("42S22", () -> update(a, "INSERT INTO T (ID, A) VALUES (3, 'three')"));
    update(a, "INSERT INTO T (ID, B) VALUES (3, 'three')");
    update(a, "UPDATE T SET B = 'uno' WHERE B = 'one'");

    db.admin("ALTER TABLE T RENAME COLUMN B TO A"); // and back: the same column, by id
    assertEquals(List.of("1, uno", "2, two", "3, three"), rows(a, "SELECT ID, A FROM T ORDER BY ID"));
    assertEquals(List.of(), rows(db.admin(), "CHECK TABLE T"));
  }

  @Test
  void aStatementPreparedBeforeARenameAbortsTheTransactionThatEnlistedTheOldSchemaAsAnyOperationWould()
      throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, A VARCHAR(10))");
    update(a, "INSERT INTO T VALUES (1, 'one')");
    Connection inTx = db.connect();
    try (java.sql.PreparedStatement byId = inTx.prepareStatement("SELECT A FROM T WHERE ID = ?");
        java.sql.PreparedStatement autoCommit = a.prepareStatement("SELECT A FROM T WHERE ID = ?")) {
      inTx.setAutoCommit(false);
      byId.setInt(1, 1);
      assertEquals(List.of("one"), values(byId.executeQuery()));

      db.admin("ALTER TABLE T RENAME COLUMN A TO B");

      // the statement is valid in the schema the transaction enlisted (the column is still A
      // there), so it is an operation on a table changed since enlistment: 1001, not a name
      // error
      SQLException changed = assertThrows(SQLException.class, () -> values(byId.executeQuery()));
      assertEquals("40001", changed.getSQLState());
      assertEquals(1001, changed.getErrorCode());
      inTx.rollback();
      // a new transaction binds the new schema: the text names a column that is gone there
      assertFails("42S22", () -> values(byId.executeQuery()));
      autoCommit.setInt(1, 1);
      assertFails("42S22", () -> values(autoCommit.executeQuery()));
    } finally {
      inTx.close();
    }
  }

  private static List<String> values(ResultSet rs) throws SQLException {
    try (rs) {
      List<String> out = new java.util.ArrayList<>();
      while (rs.next()) {
        out.add(rs.getString(1));
      }
      return out;
    }
  }

  @Test
  void renameColumnToAnExistingNameIsRefused() throws SQLException {
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, A INT, B INT)", "INSERT INTO T VALUES (1, 1, 2)");
    assertFails("42S21", () -> exec(db.admin(), "ALTER TABLE T RENAME COLUMN A TO B"));
    assertEquals(List.of("1, 1, 2"), rows(a, "SELECT ID, A, B FROM T"));
  }

  private void assertRejected(String ddl) {
    assertInstanceOf(SQLFeatureNotSupportedException.class,
        assertFails("0A000", () -> exec(db.admin(), ddl)), ddl);
  }

  private int typeOf(String table, String column) throws SQLException {
    try (Statement s = a.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + column + " FROM " + table + " WHERE 1 = 0")) {
      return rs.getMetaData().getColumnType(1);
    }
  }

  private static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder();
    for (byte b : bytes) {
      sb.append(String.format("%02x", b));
    }
    return sb.toString();
  }
}
