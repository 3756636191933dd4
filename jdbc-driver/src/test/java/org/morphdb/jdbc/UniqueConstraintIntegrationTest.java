package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * UNIQUE constraints added and dropped by ALTER TABLE, as Hibernate and Liquibase emit them: an
 * added constraint is a UNIQUE index built online under the constraint's name, a table with
 * duplicates refuses it (23505, nothing left behind), and DROP CONSTRAINT drops it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class UniqueConstraintIntegrationTest {
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("uq"));
    Sql.exec(c, "CREATE TABLE USERS (ID INT PRIMARY KEY, EMAIL VARCHAR(40), TEAM INT)",
        "INSERT INTO USERS VALUES (1, 'a@x', 1), (2, 'b@x', 1), (3, NULL, 2), (4, NULL, 2)");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private List<String> indexes() throws SQLException {
    return Sql.rows(c, "SELECT INDEX_NAME, COLUMN_NAMES, IS_UNIQUE, STATE FROM INFORMATION_SCHEMA.INDEXES"
        + " WHERE TABLE_NAME = 'USERS' ORDER BY INDEX_NAME");
  }

  @Test
  void anAddedUniqueConstraintIsAUniqueIndexUnderItsName() throws SQLException {
    Sql.exec(c, "ALTER TABLE USERS ADD CONSTRAINT UK_USERS_EMAIL UNIQUE (EMAIL)");
    assertEquals(List.of("UK_USERS_EMAIL|EMAIL|TRUE|PUBLIC"), indexes());
    SQLException dup = assertThrows(SQLException.class, () -> Sql.exec(c, "INSERT INTO USERS VALUES (5, 'a@x', 3)"));
    assertEquals("23505", dup.getSQLState());
    Sql.exec(c, "INSERT INTO USERS VALUES (5, NULL, 3)"); // NULLs never conflict
    assertEquals(List.of(), Sql.rows(c, "CHECK TABLE USERS"));
    Sql.exec(c, "ALTER TABLE USERS DROP CONSTRAINT UK_USERS_EMAIL");
    assertEquals(List.of(), indexes());
    Sql.exec(c, "INSERT INTO USERS VALUES (6, 'a@x', 3)");
    Sql.exec(c, "ALTER TABLE USERS DROP CONSTRAINT IF EXISTS UK_USERS_EMAIL"); // gone: nothing to do
    assertEquals("42000", assertThrows(SQLException.class,
        () -> Sql.exec(c, "ALTER TABLE USERS DROP CONSTRAINT UK_USERS_EMAIL")).getSQLState());
  }

  @Test
  void aTableWithDuplicatesRefusesTheConstraintAndKeepsNoIndex() throws SQLException {
    SQLException e = assertThrows(SQLException.class, () -> Sql.exec(c, "ALTER TABLE USERS ADD UNIQUE (TEAM)"));
    assertEquals("23505", e.getSQLState());
    assertEquals(List.of(), indexes());
    Sql.exec(c, "ALTER TABLE USERS ADD UNIQUE (TEAM, EMAIL)"); // unnamed: named after table and columns
    assertEquals(List.of("UQ_USERS_TEAM_EMAIL|TEAM,EMAIL|TRUE|PUBLIC"), indexes());
  }

  @Test
  void aNamedUniqueConstraintOfCreateTableCanBeDroppedByName() throws SQLException {
    Sql.exec(c, "CREATE TABLE CODES (ID INT PRIMARY KEY, CODE CHAR(3), CONSTRAINT UK_CODE UNIQUE (CODE))",
        "INSERT INTO CODES VALUES (1, 'abc')");
    assertEquals("23505", assertThrows(SQLException.class,
        () -> Sql.exec(c, "INSERT INTO CODES VALUES (2, 'abc')")).getSQLState());
    Sql.exec(c, "ALTER TABLE CODES DROP CONSTRAINT UK_CODE", "INSERT INTO CODES VALUES (2, 'abc')");
    assertEquals(List.of("2"), Sql.rows(c, "SELECT COUNT(*) FROM CODES"));
  }

  @Test
  void addingAPrimaryKeyIsRefusedClearly() {
    SQLException e = assertThrows(SQLException.class,
        () -> Sql.exec(c, "ALTER TABLE USERS ADD CONSTRAINT PK_U PRIMARY KEY (ID)"));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("UNIQUE"), e.getMessage());
  }
}
