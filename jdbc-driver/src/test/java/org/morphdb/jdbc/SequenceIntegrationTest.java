package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * CREATE / ALTER / DROP SEQUENCE, NEXT VALUE FOR and CURRENT VALUE FOR, and
 * INFORMATION_SCHEMA.SEQUENCES: the story of a sequence from creation to drop.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SequenceIntegrationTest {
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    c = DriverManager.getConnection(EngineUrls.fresh("sequences"));
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private void exec(String sql) throws SQLException {
    Sql.exec(c, sql);
  }

  private List<String> rows(String sql) throws SQLException {
    return Sql.rows(c, sql);
  }

  private long next(String sequence) throws SQLException {
    return Long.parseLong(rows("SELECT NEXT VALUE FOR " + sequence).get(0));
  }

  @Test
  void aSequenceHandsOutValuesFromItsStartByItsIncrement() throws SQLException {
    exec("CREATE SEQUENCE ORDER_NO START WITH 100 INCREMENT BY 5");
    assertEquals(100, next("ORDER_NO"));
    assertEquals(105, next("order_no"));
    assertEquals(List.of("105"), rows("SELECT CURRENT VALUE FOR ORDER_NO"));
    assertEquals(List.of("110|110"), rows("SELECT NEXT VALUE FOR ORDER_NO, CURRENT VALUE FOR ORDER_NO"));
    assertEquals(List.of("PUBLIC|ORDER_NO|BIGINT|100|1|9223372036854775807|5|NO|32"),
        rows("SELECT * FROM INFORMATION_SCHEMA.SEQUENCES"));
  }

  @Test
  void nextValueForFillsInsertedRowsOnePerRow() throws SQLException {
    exec("CREATE SEQUENCE IDS");
    exec("CREATE TABLE T (ID BIGINT PRIMARY KEY, V VARCHAR(5))");
    exec("INSERT INTO T VALUES (NEXT VALUE FOR IDS, 'a'), (NEXT VALUE FOR IDS, 'b')");
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO T VALUES (NEXT VALUE FOR PUBLIC.IDS, ?)")) {
      for (String v : List.of("c", "d")) {
        ps.setString(1, v);
        ps.executeUpdate();
      }
    }
    exec("INSERT INTO T SELECT NEXT VALUE FOR IDS, V || '2' FROM T WHERE V IN ('a', 'b')");
    assertEquals(List.of("1|a", "2|b", "3|c", "4|d", "5|a2", "6|b2"), rows("SELECT * FROM T ORDER BY ID"));
  }

  @Test
  void aCountingDownCyclingSequenceWrapsAround() throws SQLException {
    exec("CREATE SEQUENCE DOWN INCREMENT BY -1 MINVALUE 1 MAXVALUE 3 START WITH 2 CYCLE");
    List<Long> got = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      got.add(next("DOWN"));
    }
    assertEquals(List.of(2L, 1L, 3L, 2L, 1L, 3L), got);
  }

  @Test
  void anExhaustedSequenceFailsWith2200H() throws SQLException {
    exec("CREATE SEQUENCE TINY AS SMALLINT MAXVALUE 2");
    assertEquals(1, next("TINY"));
    assertEquals(2, next("TINY"));
    assertEquals("2200H", assertThrows(SQLException.class, () -> next("TINY")).getSQLState());
    assertEquals("2200H", assertThrows(SQLException.class, () -> next("TINY")).getSQLState(), "and stays so");
  }

  @Test
  void alterChangesTheIncrementFromTheLastValueAndRestartStartsAgain() throws SQLException {
    exec("CREATE SEQUENCE S");
    assertEquals(1, next("S"));
    assertEquals(2, next("S"));
    exec("ALTER SEQUENCE S INCREMENT BY 10");
    assertEquals(12, next("S"));
    exec("ALTER SEQUENCE S RESTART WITH 50");
    assertEquals(50, next("S"));
    exec("ALTER SEQUENCE S RESTART");
    assertEquals(1, next("S"));
  }

  @Test
  void valuesAreNotTransactional() throws SQLException {
    exec("CREATE SEQUENCE S");
    c.setAutoCommit(false);
    assertEquals(1, next("S"));
    c.rollback();
    assertEquals(2, next("S"), "a rollback does not give a value back");
    c.commit();
  }

  @Test
  void mistakesFailWithClearStates() throws SQLException {
    exec("CREATE SEQUENCE S");
    assertEquals("42S01", assertThrows(SQLException.class, () -> exec("CREATE SEQUENCE S")).getSQLState());
    exec("CREATE SEQUENCE IF NOT EXISTS S");
    assertEquals("55000", assertThrows(SQLException.class,
        () -> rows("SELECT CURRENT VALUE FOR S")).getSQLState(), "no value handed out yet");
    assertEquals("42S02", assertThrows(SQLException.class, () -> next("NOPE")).getSQLState());
    assertEquals("42S02", assertThrows(SQLException.class, () -> exec("DROP SEQUENCE NOPE")).getSQLState());
    assertEquals("42S02", assertThrows(SQLException.class, () -> exec("ALTER SEQUENCE NOPE RESTART")).getSQLState());
    exec("DROP SEQUENCE IF EXISTS NOPE");
    exec("ALTER SEQUENCE IF EXISTS NOPE RESTART");
    assertEquals("42000", assertThrows(SQLException.class,
        () -> exec("CREATE SEQUENCE B MINVALUE 10 MAXVALUE 5")).getSQLState());
    assertEquals("42000", assertThrows(SQLException.class,
        () -> exec("CREATE SEQUENCE B START WITH 1 START WITH 2")).getSQLState());
    assertEquals("42000", assertThrows(SQLException.class,
        () -> exec("CREATE SEQUENCE B INCREMENT BY 0")).getSQLState());
    assertEquals("42000", assertThrows(SQLException.class,
        () -> exec("CREATE SEQUENCE B AS VARCHAR(5)")).getSQLState());
    assertEquals("42000", assertThrows(SQLException.class,
        () -> exec("CREATE SEQUENCE B AS TINYINT MAXVALUE 1000")).getSQLState());
    exec("DROP SEQUENCE S");
    assertEquals("42S02", assertThrows(SQLException.class, () -> next("S")).getSQLState());
    exec("CREATE SEQUENCE S START WITH 7");
    assertEquals(7, next("S"), "a new sequence of the same name starts afresh");
  }
}
