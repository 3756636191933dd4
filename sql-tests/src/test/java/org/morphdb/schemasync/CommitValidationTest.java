package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.assertFails;
import static org.morphdb.schemasync.Scenario.assertNamesTable;
import static org.morphdb.schemasync.Scenario.rows;
import static org.morphdb.schemasync.Scenario.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 3, commit validation, one test per row of the compatibility table. In each story
 * connection A's transaction writes T (enlisting it) and LEDGER, then does not touch T
 * again; connection B changes T; A commits.
 *
 * <ul>
 *   <li>Forward-compatible change: the commit succeeds and both writes are visible, read
 *       through the new schema.
 *   <li>Not forward-compatible: the commit fails with 40001/1002 naming T (the eager abort
 *       of rule 4 usually decides it first; the code is the same), and neither write is
 *       visible.
 * </ul>
 *
 * A runs with {@code autoRetry=false}, so nothing the driver does can hide a raw error.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CommitValidationTest {
  private Scenario db;
  private Connection a;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open();
    db.admin("CREATE TABLE LEDGER (ID INT PRIMARY KEY, NOTE VARCHAR(20))");
    a = db.connectExplicit("autoRetry=false");
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  // ---- forward-compatible: the commit succeeds

  @Test
  void addNullableColumnIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("ALTER TABLE T ADD COLUMN W INT");
    assertEquals(List.of("1, 10, null", "2, 20, null"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"));
  }

  @Test
  void addColumnWithDefaultIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("ALTER TABLE T ADD COLUMN W INT DEFAULT 5");
    assertEquals(List.of("1, 10, 5", "2, 20, 5"), rows(db.admin(), "SELECT ID, V, W FROM T ORDER BY ID"));
  }

  @Test
  void dropNotNullIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT NOT NULL", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("ALTER TABLE T ALTER COLUMN V DROP NOT NULL");
    db.admin("INSERT INTO T VALUES (3, NULL)"); // the change is in force
    assertEquals(List.of("1, 10", "2, 20", "3, null"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void dropCheckIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT, CONSTRAINT V_POSITIVE CHECK (V > 0)", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("ALTER TABLE T DROP CONSTRAINT V_POSITIVE");
    db.admin("INSERT INTO T VALUES (3, -1)"); // the change is in force
    assertEquals(List.of("1, 10", "2, 20", "3, -1"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void renameColumnIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("ALTER TABLE T RENAME COLUMN V TO AMOUNT");
    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, AMOUNT FROM T ORDER BY ID"));
  }

  @Test
  void wideningTinyintToSmallintIsCompatible() throws SQLException {
    assertWideningCommits("TINYINT", "SMALLINT", "127", "-128");
  }

  @Test
  void wideningSmallintToIntIsCompatible() throws SQLException {
    assertWideningCommits("SMALLINT", "INT", "32767", "-32768");
  }

  @Test
  void wideningIntToBigintIsCompatible() throws SQLException {
    assertWideningCommits("INT", "BIGINT", "2147483647", "-2147483648");
  }

  @Test
  void wideningRealToDoubleIsCompatible() throws SQLException {
    assertWideningCommits("REAL", "DOUBLE", "1.5", "-0.25");
  }

  @Test
  void wideningDecimalPrecisionIsCompatible() throws SQLException {
    assertWideningCommits("DECIMAL(5,2)", "DECIMAL(9,2)", "123.45", "-0.01");
  }

  @Test
  void wideningVarcharIsCompatible() throws SQLException {
    assertWideningCommits("VARCHAR(5)", "VARCHAR(20)", "'hello'", "''");
  }

  @Test
  void wideningVarbinaryIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V VARBINARY(2)", "(1, X'CAFE')");
    update(a, "INSERT INTO T VALUES (2, X'BEEF')");
    commitSucceedsAfter("ALTER TABLE T ALTER COLUMN V SET DATA TYPE VARBINARY(8)");
    try (var s = db.admin().createStatement(); var rs = s.executeQuery("SELECT V FROM T ORDER BY ID")) {
      rs.next();
      assertEquals(List.of((byte) 0xCA, (byte) 0xFE), bytes(rs.getBytes(1)));
      rs.next();
      assertEquals(List.of((byte) 0xBE, (byte) 0xEF), bytes(rs.getBytes(1)));
    }
  }

  @Test
  void createIndexIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("CREATE INDEX T_BY_V ON T (V)");
    assertEquals(List.of("2"), rows(db.admin(), "SELECT ID FROM T WHERE V = 20"));
  }

  @Test
  void dropIndexIsCompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    db.admin("CREATE INDEX T_BY_V ON T (V)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitSucceedsAfter("DROP INDEX T_BY_V");
    assertEquals(List.of("2"), rows(db.admin(), "SELECT ID FROM T WHERE V = 20"));
  }

  // ---- not forward-compatible: the commit fails with 1002 and nothing is visible

  @Test
  void dropTableIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitFailsAfter("DROP TABLE T");
    assertFails("42S02", () -> rows(db.admin(), "SELECT * FROM T"));
  }

  @Test
  void renameTableIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitFailsAfter("ALTER TABLE T RENAME TO T2");
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, V FROM T2 ORDER BY ID"));
  }

  @Test
  void dropColumnIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT, W INT", "(1, 10, 100)");
    update(a, "INSERT INTO T VALUES (2, 20, 200)");
    commitFailsAfter("ALTER TABLE T DROP COLUMN W");
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT * FROM T ORDER BY ID"));
  }

  @Test
  void setNotNullIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitFailsAfter("ALTER TABLE T ALTER COLUMN V SET NOT NULL");
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void addCheckIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitFailsAfter("ALTER TABLE T ADD CONSTRAINT V_POSITIVE CHECK (V > 0)");
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void setDefaultIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT", "(1, 10)");
    update(a, "INSERT INTO T VALUES (2, 20)");
    commitFailsAfter("ALTER TABLE T ALTER COLUMN V SET DEFAULT 5");
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void dropDefaultIsIncompatible() throws SQLException {
    given("ID INT PRIMARY KEY, V INT DEFAULT 5", "(1, 10)");
    update(a, "INSERT INTO T (ID) VALUES (2)");
    commitFailsAfter("ALTER TABLE T ALTER COLUMN V DROP DEFAULT");
    assertEquals(List.of("1, 10"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  // ---- the story

  /** Creates T with these columns and first row (set-up, on the admin connection). */
  private void given(String columns, String firstRow) throws SQLException {
    db.admin("CREATE TABLE T (" + columns + ")", "INSERT INTO T VALUES " + firstRow);
  }

  /** A also writes LEDGER; B runs the change; A's commit succeeds and the LEDGER row is visible. */
  private void commitSucceedsAfter(String ddl) throws SQLException {
    update(a, "INSERT INTO LEDGER VALUES (1, 'wrote T')");
    db.admin(ddl);
    a.commit();
    assertEquals(List.of("1, wrote T"), rows(db.admin(), "SELECT ID, NOTE FROM LEDGER"));
  }

  /** A also writes LEDGER; B runs the change; A's commit fails with 1002 naming T; LEDGER stays empty. */
  private void commitFailsAfter(String ddl) throws SQLException {
    update(a, "INSERT INTO LEDGER VALUES (1, 'wrote T')");
    db.admin(ddl);
    SQLTransactionRollbackException e = assertAborted(1002, a::commit);
    assertNamesTable(e, "T");
    a.rollback();
    assertEquals(List.of(), rows(db.admin(), "SELECT ID, NOTE FROM LEDGER"));

    // the connection is fine afterwards
    update(a, "INSERT INTO LEDGER VALUES (2, 'after')");
    a.commit();
    assertEquals(List.of("2, after"), rows(db.admin(), "SELECT ID, NOTE FROM LEDGER"));
  }

  /** The widening story: A wrote {@code written} under {@code from}; it reads back intact under {@code to}. */
  private void assertWideningCommits(String from, String to, String before, String written)
      throws SQLException {
    given("ID INT PRIMARY KEY, V " + from, "(1, " + before + ")");
    update(a, "INSERT INTO T VALUES (2, " + written + ")");
    commitSucceedsAfter("ALTER TABLE T ALTER COLUMN V SET DATA TYPE " + to);
    assertEquals(List.of("1, " + unquote(before), "2, " + unquote(written)),
        rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  private static String unquote(String literal) {
    return literal.startsWith("'") ? literal.substring(1, literal.length() - 1) : literal;
  }

  private static List<Byte> bytes(byte[] b) {
    Byte[] boxed = new Byte[b.length];
    for (int i = 0; i < b.length; i++) {
      boxed[i] = b[i];
    }
    return List.of(boxed);
  }
}
