package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Savepoints, through JDBC and through SQL: rolling back to one undoes exactly the writes made
 * since, the savepoint stays, later ones go; RELEASE forgets it; the transaction's end forgets
 * them all. COMMIT and ROLLBACK work as SQL statements too.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SavepointIntegrationTest {
  private String url;
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    url = EngineUrls.fresh("savepoints");
    c = DriverManager.getConnection(url);
    exec("CREATE TABLE T (ID INT PRIMARY KEY, V INT)");
    exec("INSERT INTO T VALUES (1, 10)");
    c.setAutoCommit(false);
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private void exec(String sql) throws SQLException {
    Sql.exec(c, sql);
  }

  private List<String> rows(Connection on) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = on.createStatement(); ResultSet rs = s.executeQuery("SELECT ID, V FROM T ORDER BY ID")) {
      while (rs.next()) {
        out.add(rs.getInt(1) + "=" + rs.getInt(2));
      }
    }
    return out;
  }

  @Test
  void rollingBackToASavepointUndoesOnlyTheWritesSinceIt() throws SQLException {
    exec("INSERT INTO T VALUES (2, 20)");
    Savepoint sp = c.setSavepoint("before_update");
    exec("UPDATE T SET V = 11 WHERE ID = 1");
    exec("DELETE FROM T WHERE ID = 2");
    exec("INSERT INTO T VALUES (3, 30)");
    assertEquals(List.of("1=11", "3=30"), rows(c));

    c.rollback(sp);
    assertEquals(List.of("1=10", "2=20"), rows(c));
    exec("INSERT INTO T VALUES (4, 40)");
    c.rollback(sp); // the savepoint stays after a rollback to it
    exec("INSERT INTO T VALUES (5, 50)");
    c.commit();

    try (Connection other = DriverManager.getConnection(url)) {
      assertEquals(List.of("1=10", "2=20", "5=50"), rows(other));
    }
  }

  @Test
  void nestedSavepointsRollBackInOrderAndLaterOnesGo() throws SQLException {
    Savepoint first = c.setSavepoint();
    exec("INSERT INTO T VALUES (2, 20)");
    Savepoint second = c.setSavepoint();
    exec("INSERT INTO T VALUES (3, 30)");
    c.rollback(second);
    assertEquals(List.of("1=10", "2=20"), rows(c));
    c.rollback(first);
    assertEquals(List.of("1=10"), rows(c));
    SQLException e = assertThrows(SQLException.class, () -> c.rollback(second));
    assertEquals("3B001", e.getSQLState(), "a savepoint after the one rolled back to is gone");
    assertTrue(first.getSavepointId() < second.getSavepointId());
  }

  @Test
  void aFailedStatementAfterASavepointIsUndoneAloneAndTheSavepointStillWorks() throws SQLException {
    Savepoint sp = c.setSavepoint();
    exec("INSERT INTO T VALUES (2, 20)");
    assertEquals("23505", assertThrows(SQLException.class,
        () -> exec("INSERT INTO T VALUES (3, 30), (1, 99)")).getSQLState());
    assertEquals(List.of("1=10", "2=20"), rows(c));
    c.rollback(sp);
    assertEquals(List.of("1=10"), rows(c));
  }

  @Test
  void theSqlFormsWorkAndNamesFoldLikeIdentifiers() throws SQLException {
    exec("SAVEPOINT a");
    exec("INSERT INTO T VALUES (2, 20)");
    exec("SAVEPOINT b");
    exec("INSERT INTO T VALUES (3, 30)");
    exec("ROLLBACK TO SAVEPOINT A");
    assertEquals(List.of("1=10"), rows(c));
    exec("INSERT INTO T VALUES (4, 40)");
    exec("RELEASE SAVEPOINT a");
    assertEquals("3B001", assertThrows(SQLException.class, () -> exec("ROLLBACK TO a")).getSQLState());
    exec("COMMIT");
    exec("INSERT INTO T VALUES (6, 60)");
    exec("ROLLBACK WORK");
    try (Connection other = DriverManager.getConnection(url)) {
      assertEquals(List.of("1=10", "4=40"), rows(other));
    }
  }

  @Test
  void theEndOfTheTransactionForgetsItsSavepoints() throws SQLException {
    Savepoint sp = c.setSavepoint();
    exec("INSERT INTO T VALUES (2, 20)");
    c.commit();
    assertEquals("3B001", assertThrows(SQLException.class, () -> c.rollback(sp)).getSQLState());
    assertEquals(List.of("1=10", "2=20"), rows(c));
  }

  @Test
  void savepointsNeedATransaction() throws SQLException {
    c.setAutoCommit(true);
    assertEquals("3B001", assertThrows(SQLException.class, () -> c.setSavepoint()).getSQLState());
    assertEquals("3B001", assertThrows(SQLException.class, () -> exec("SAVEPOINT x")).getSQLState());
    assertTrue(c.getMetaData().supportsSavepoints());
  }
}
