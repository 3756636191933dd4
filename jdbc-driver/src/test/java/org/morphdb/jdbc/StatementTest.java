package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.StatementKind;

class StatementTest {
  private final FakeSession session = FakeSession.create();
  private final MorphConnection connection = session.connect();

  private static Response oneRow(Object value) {
    return FakeSession.rows(List.of(FakeSession.intColumn("X")), List.<Object[]>of(new Object[] {value}));
  }

  @Test
  void plainStatementSendsSqlAndReadsResults() throws SQLException {
    session.answers.add(oneRow(5));
    Statement s = connection.createStatement();
    s.setMaxRows(7);
    assertTrue(s.execute("SELECT X FROM T"));
    assertEquals("SELECT X FROM T", session.executed.get(0).sql());
    assertEquals(0, session.executed.get(0).statementId());
    assertEquals(7, session.executed.get(0).maxRows());
    assertEquals(-1, s.getUpdateCount());
    ResultSet rs = s.getResultSet();
    assertTrue(rs.next());
    assertEquals(5, rs.getInt(1));
    assertFalse(s.getMoreResults());
    assertTrue(rs.isClosed());
    assertEquals(-1, s.getUpdateCount());

    session.answers.add(Response.count(4, Map.of()));
    assertFalse(s.execute("DELETE FROM T"));
    assertEquals(4, s.getUpdateCount());
    assertNull(s.getResultSet());

    session.answers.add(Response.ok(StatementKind.DDL));
    assertEquals(0, s.executeUpdate("CREATE TABLE U (A INT)"));
    session.answers.add(Response.ok(StatementKind.DDL));
    assertEquals(0, s.executeLargeUpdate("CREATE TABLE V (A INT)"));
  }

  @Test
  void executeQueryAndUpdateCheckTheKind() throws SQLException {
    Statement s = connection.createStatement();
    session.answers.add(Response.count(1, Map.of()));
    assertEquals("07005", assertThrows(SQLException.class, () -> s.executeQuery("DELETE FROM T")).getSQLState());
    FakeSession.TrackingCursor cursor = new FakeSession.TrackingCursor(List.of());
    session.answers.add(Response.rows(List.of(FakeSession.intColumn("X")), cursor, Map.of()));
    assertEquals("07003", assertThrows(SQLException.class, () -> s.executeUpdate("SELECT 1")).getSQLState());
    assertTrue(cursor.closed);

    // a prepared statement knows its kind and runs nothing
    session.executed.clear();
    PreparedStatement dml = connection.prepareStatement("DELETE FROM T");
    assertEquals("07005", assertThrows(SQLException.class, dml::executeQuery).getSQLState());
    PreparedStatement query = connection.prepareStatement("SELECT X FROM T");
    assertEquals("07003", assertThrows(SQLException.class, query::executeUpdate).getSQLState());
    assertTrue(session.executed.isEmpty());
    assertThrows(SQLException.class, () -> query.executeQuery("SELECT 1"));
  }

  @Test
  void preparedStatementBindsAndConvertsParameters() throws SQLException {
    session.onPrepare = sql -> session.dml(sql);
    PreparedStatement ps = connection.prepareStatement("INSERT INTO T VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    ps.setInt(1, 1);
    ps.setDate(2, Date.valueOf("2024-03-01"));
    ps.setTime(3, Time.valueOf("10:11:12"));
    ps.setTimestamp(4, Timestamp.valueOf("2024-03-01 10:11:12.5"));
    ps.setObject(5, new BigInteger("12345678901234567890"));
    ps.setObject(6, "17", Types.INTEGER);
    ps.setObject(7, 2.5, Types.DECIMAL, 2);
    ps.setNull(8, Types.VARCHAR);
    ps.setBytes(9, new byte[] {1, 2});
    ps.setCharacterStream(10, new java.io.StringReader("text"));
    assertEquals(1, ps.executeUpdate());
    List<Object> sent = session.executed.get(0).parameters();
    assertEquals(Arrays.asList(1, LocalDate.of(2024, 3, 1), LocalTime.of(10, 11, 12),
        LocalDateTime.of(2024, 3, 1, 10, 11, 12, 500_000_000), new BigDecimal("12345678901234567890"), 17,
        new BigDecimal("2.50"), null), sent.subList(0, 8));
    assertArrayEquals(new byte[] {1, 2}, (byte[]) sent.get(8));
    assertEquals("text", sent.get(9));
    assertEquals(Map.of(7, 1), session.executed.get(0).clientTableVersions());

    ps.clearParameters();
    SQLException missing = assertThrows(SQLException.class, ps::executeUpdate);
    assertEquals("07001", missing.getSQLState());
    assertEquals("07009", assertThrows(SQLException.class, () -> ps.setInt(11, 1)).getSQLState());
    ParameterMetaData pmd = ps.getParameterMetaData();
    assertEquals(10, pmd.getParameterCount());
    assertEquals(Types.INTEGER, pmd.getParameterType(1));
    assertNull(ps.getMetaData());
  }

  @Test
  void preparedBatchReportsCountsSoFar() throws SQLException {
    PreparedStatement ps = connection.prepareStatement("INSERT INTO T VALUES (?)");
    for (int i = 0; i < 3; i++) {
      ps.setInt(1, i);
      ps.addBatch();
    }
    session.answers.add(Response.count(1, Map.of()));
    session.answers.add(new MorphException(ErrorCode.UNIQUE_VIOLATION, "duplicate 1"));
    BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
    assertArrayEquals(new int[] {1}, e.getUpdateCounts());
    assertEquals("23505", e.getSQLState());
    assertEquals(2, session.executed.size());
    assertEquals(List.of(1), session.executed.get(1).parameters());

    ps.setInt(1, 9);
    ps.addBatch();
    ps.addBatch();
    assertArrayEquals(new int[] {1, 1}, ps.executeBatch());
    assertArrayEquals(new int[0], ps.executeBatch());
  }

  @Test
  void plainBatch() throws SQLException {
    Statement s = connection.createStatement();
    s.addBatch("INSERT INTO T VALUES (1)");
    s.addBatch("INSERT INTO T VALUES (2)");
    session.answers.add(Response.count(1, Map.of()));
    session.answers.add(Response.count(2, Map.of()));
    assertArrayEquals(new int[] {1, 2}, s.executeBatch());
    s.addBatch("SELECT 1");
    session.answers.add(oneRow(1));
    assertEquals("07003", assertThrows(BatchUpdateException.class, s::executeBatch).getSQLState());
  }

  @Test
  void closingCascades() throws SQLException {
    FakeSession.TrackingCursor cursor = new FakeSession.TrackingCursor(List.<Object[]>of(new Object[] {1}));
    session.answers.add(Response.rows(List.of(FakeSession.intColumn("X")), cursor, Map.of()));
    PreparedStatement ps = connection.prepareStatement("SELECT X FROM T");
    ResultSet rs = ps.executeQuery();
    Statement plain = connection.createStatement();
    ps.close();
    assertTrue(rs.isClosed());
    assertTrue(cursor.closed);
    assertEquals(1, session.closedStatements.size());
    assertEquals("HY010", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
    ps.close();

    connection.setAutoCommit(false);
    plain.executeUpdate("UPDATE T SET X = 1");
    connection.close();
    assertTrue(plain.isClosed());
    assertTrue(session.closed);
    assertEquals(1, session.rollbacks);
    assertTrue(connection.isClosed());
    assertEquals("08003", assertThrows(SQLException.class, connection::createStatement).getSQLState());
    assertEquals("HY010", assertThrows(SQLException.class, () -> plain.execute("SELECT 1")).getSQLState());
    assertFalse(connection.isValid(1));
    connection.close();
  }

  @Test
  void closeOnCompletion() throws SQLException {
    session.answers.add(oneRow(1));
    Statement s = connection.createStatement();
    s.closeOnCompletion();
    ResultSet rs = s.executeQuery("SELECT X FROM T");
    assertFalse(s.isClosed());
    rs.close();
    assertTrue(s.isClosed());
  }

  @Test
  void generatedKeysAreEmpty() throws SQLException {
    Statement s = connection.createStatement();
    s.executeUpdate("INSERT INTO T VALUES (1)", Statement.RETURN_GENERATED_KEYS);
    ResultSet keys = s.getGeneratedKeys();
    assertFalse(keys.next());
  }

  @Test
  void transactionsAndAutoCommit() throws SQLException {
    assertTrue(connection.getAutoCommit());
    connection.commit(); // no-op in auto-commit
    assertEquals(0, session.commits);
    connection.setAutoCommit(false);
    connection.createStatement().executeUpdate("UPDATE T SET X = 1");
    assertTrue(session.inTransaction);
    connection.setAutoCommit(true); // commits the open transaction
    assertEquals(1, session.commits);
    assertTrue(session.autoCommit);

    connection.setAutoCommit(false);
    connection.createStatement().executeUpdate("UPDATE T SET X = 1");
    assertEquals("25001", assertThrows(SQLException.class, () -> connection.setReadOnly(true)).getSQLState());
    connection.rollback();
    assertEquals(1, session.rollbacks);
    connection.setReadOnly(true);
    assertTrue(connection.isReadOnly());

    assertEquals(Connection.TRANSACTION_SERIALIZABLE, connection.getTransactionIsolation());
    connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    assertEquals(Connection.TRANSACTION_SERIALIZABLE, connection.getTransactionIsolation());
    assertNotNull(connection.getWarnings());
    connection.clearWarnings();
    assertNull(connection.getWarnings());
    assertThrows(SQLFeatureNotSupportedException.class, () -> connection.prepareCall("CALL X()"));
    connection.setAutoCommit(true);
    assertEquals("3B001", assertThrows(SQLException.class, connection::setSavepoint).getSQLState(),
        "a savepoint needs a transaction");
  }

  @Test
  void connectionSettingsForPoolsAndTools() throws SQLException {
    assertEquals("PUBLIC", connection.getSchema());
    connection.setSchema("PUBLIC");
    assertNull(connection.getWarnings());
    connection.setCatalog("ANY");
    assertNull(connection.getCatalog());
    connection.setNetworkTimeout(Runnable::run, 1234);
    assertEquals(1234, connection.getNetworkTimeout());
    connection.setClientInfo("ApplicationName", "test");
    assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, connection.getHoldability());
    assertEquals("SELECT 1", connection.nativeSQL("SELECT 1"));
    assertTrue(connection.isValid(0));
    assertTrue(connection.isWrapperFor(MorphConnection.class));
    assertInstanceOf(MorphConnection.class, connection.unwrap(Connection.class));
    Statement s = connection.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
    assertEquals(ResultSet.TYPE_FORWARD_ONLY, s.getResultSetType());
    assertEquals(ResultSet.CONCUR_READ_ONLY, s.getResultSetConcurrency());
    assertNotNull(connection.getWarnings());
  }

  @Test
  void abortClosesThroughTheExecutor() throws SQLException {
    connection.abort(Runnable::run);
    assertTrue(connection.isClosed());
    assertTrue(session.closed);
  }

  @Test
  void queryTimeoutCancelsThroughTheSession() throws SQLException {
    session.onExecute = r -> {
      long end = System.nanoTime() + 5_000_000_000L;
      while (session.cancels == 0 && System.nanoTime() < end) {
        Thread.onSpinWait();
      }
      throw new MorphException(ErrorCode.CANCELLED, "statement cancelled");
    };
    Statement s = connection.createStatement();
    s.setQueryTimeout(1);
    SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT SLOW()"));
    assertInstanceOf(java.sql.SQLTimeoutException.class, e);
    assertEquals("57014", e.getSQLState());
    assertEquals(1, session.cancels);
  }
}
