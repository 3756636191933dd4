package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.PrepareResponse;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.SchemaVersionMismatchException;
import org.morphdb.engine.api.StatementKind;

class RetryPolicyTest {
  private final FakeSession session = FakeSession.create();
  private final List<Long> sleeps = new ArrayList<>();

  private static MorphException lockConflict() {
    return new MorphException(ErrorCode.LOCK_CONFLICT, "lock wait on table T timed out");
  }

  @Test
  void mismatchRepreparesAgainstExactlyTheGivenVersionAndResends() throws SQLException {
    ColumnMeta oldColumn = FakeSession.intColumn("A");
    ColumnMeta enlisted = new ColumnMeta("A_RENAMED", "PUBLIC", "T", Types.BIGINT, "BIGINT", 19, 0, true, "java.lang.Long");
    session.onPrepare = sql -> new PrepareResponse(42, StatementKind.QUERY, List.of(), List.of(oldColumn), Map.of(7, 5, 8, 2));
    session.onReprepare = versions -> new PrepareResponse(42, StatementKind.QUERY, List.of(), List.of(enlisted), Map.of(7, 3, 8, 2));
    session.answers.add(new SchemaVersionMismatchException("T", 7, 5, 3));
    session.answers.add(Response.rows(List.of(), new ListCursor(List.<Object[]>of(new Object[] {9L})), Map.of(7, 3)));
    Connection c = session.connect(true, 10, sleeps);
    PreparedStatement ps = c.prepareStatement("SELECT A FROM T");
    ResultSet rs = ps.executeQuery();

    assertEquals(List.of(Map.of(7, 3)), session.reprepared);
    assertEquals(2, session.executed.size());
    assertEquals(Map.of(7, 5, 8, 2), session.executed.get(0).clientTableVersions());
    assertEquals(Map.of(7, 3, 8, 2), session.executed.get(1).clientTableVersions());
    assertEquals(42, session.executed.get(1).statementId());
    assertTrue(sleeps.isEmpty(), "a mismatch is re-sent at once");
    // the description now is the enlisted schema
    assertEquals("A_RENAMED", rs.getMetaData().getColumnName(1));
    assertEquals("A_RENAMED", ps.getMetaData().getColumnName(1));
    assertEquals(Types.BIGINT, ps.getMetaData().getColumnType(1));
    assertTrue(rs.next());
    assertEquals(9L, rs.getLong("A_RENAMED"));
  }

  @Test
  void mismatchInAnExplicitTransactionIsAlsoRetried() throws SQLException {
    session.onReprepare = versions -> new PrepareResponse(1, StatementKind.DML, List.of(), List.of(), versions);
    session.answers.add(new SchemaVersionMismatchException("T", 7, 1, 4));
    Connection c = session.connect(true, 10, sleeps);
    c.setAutoCommit(false);
    PreparedStatement ps = c.prepareStatement("UPDATE T SET A = 1");
    assertEquals(1, ps.executeUpdate());
    assertEquals(List.of(Map.of(7, 4)), session.reprepared);
    assertEquals(Map.of(7, 4), session.executed.get(1).clientTableVersions());
  }

  @Test
  void withoutAutoRetryAMismatchReachesTheApplication() throws SQLException {
    session.answers.add(new SchemaVersionMismatchException("T", 7, 1, 2));
    Connection c = session.connect(false, 10, sleeps);
    PreparedStatement ps = c.prepareStatement("UPDATE T SET A = 1");
    SQLException e = assertThrows(SQLException.class, ps::executeUpdate);
    assertEquals("MR001", e.getSQLState());
    assertEquals(1005, e.getErrorCode());
    assertTrue(session.reprepared.isEmpty());
    assertEquals(1, session.executed.size());
  }

  @Test
  void mismatchesAreRetriedPastMaxRetriesUntilTheLivelockBound() throws SQLException {
    AtomicInteger version = new AtomicInteger(10);
    session.onReprepare = versions -> new PrepareResponse(1, StatementKind.DML, List.of(), List.of(), versions);
    session.onExecute = r -> {
      throw new SchemaVersionMismatchException("T", 7, 0, version.incrementAndGet());
    };
    Connection c = session.connect(true, 3, sleeps);
    PreparedStatement ps = c.prepareStatement("UPDATE T SET A = 1");
    SQLException e = assertThrows(SQLException.class, ps::executeUpdate);
    assertEquals("MR001", e.getSQLState());
    assertEquals(RetryPolicy.MAX_REPREPARES + 1, session.executed.size());
    assertEquals(RetryPolicy.MAX_REPREPARES, session.reprepared.size());
    assertEquals(RetryPolicy.MAX_REPREPARES - 3, sleeps.size(), "backs off after three in a row");
  }

  /** A server batch resent from its failing row: each row gets maxRetries of its own. */
  @Test
  void retriesCountAgainFromZeroWheneverTheWorkMadeProgress() throws SQLException {
    RetryPolicy policy = new RetryPolicy(true, 2, sleeps::add);
    AtomicInteger done = new AtomicInteger();
    AtomicInteger failuresOfThisRow = new AtomicInteger();
    AtomicInteger attempts = new AtomicInteger();
    int rows = policy.execute(session, null, () -> {
      attempts.incrementAndGet();
      while (done.get() < 3) {
        if (failuresOfThisRow.getAndIncrement() < 2) {
          throw lockConflict(); // every row fails twice before it gets done
        }
        failuresOfThisRow.set(0);
        done.incrementAndGet();
      }
      return done.get();
    }, done::get);
    assertEquals(3, rows);
    assertEquals(7, attempts.get());
    assertEquals(6, sleeps.size());
    // without progress the same failures exhaust maxRetries
    done.set(0);
    failuresOfThisRow.set(-10);
    SQLException e = assertThrows(SQLException.class, () -> policy.execute(session, null, () -> {
      throw lockConflict();
    }, done::get));
    assertEquals("40001", e.getSQLState());
  }

  @Test
  void autoCommit40001IsRetriedUpToMaxRetriesThenNamesTheCause() throws SQLException {
    session.onExecute = r -> {
      throw lockConflict();
    };
    Connection c = session.connect(true, 4, sleeps);
    Statement s = c.createStatement();
    SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("UPDATE T SET A = 1"));
    assertInstanceOf(SQLTransactionRollbackException.class, e);
    assertEquals("40001", e.getSQLState());
    assertEquals(1003, e.getErrorCode());
    assertTrue(e.getMessage().contains("LOCK_CONFLICT") && e.getMessage().contains("lock wait on table T"), e.getMessage());
    assertTrue(e.getMessage().contains("4 retries"), e.getMessage());
    assertEquals(5, session.executed.size());
    assertEquals(4, sleeps.size());
    for (int i = 0; i < sleeps.size(); i++) {
      long cap = Math.min(100, 1L << i);
      assertTrue(sleeps.get(i) >= 1 && sleeps.get(i) <= cap, "sleep " + i + " = " + sleeps.get(i));
    }
  }

  @Test
  void autoCommit40001SucceedsOnALaterAttempt() throws SQLException {
    session.answers.add(lockConflict());
    session.answers.add(new MorphException(ErrorCode.NODE_BEHIND, "node 2 is behind"));
    session.answers.add(Response.count(3, Map.of()));
    Connection c = session.connect(true, 10, sleeps);
    assertEquals(3, c.createStatement().executeUpdate("DELETE FROM T"));
    assertEquals(3, session.executed.size());
    assertEquals(2, sleeps.size());
  }

  @Test
  void prepareIsRetriedWhenTheNodeIsBehindInAutoCommit() throws SQLException {
    AtomicInteger attempts = new AtomicInteger();
    session.onPrepare = sql -> {
      if (attempts.incrementAndGet() == 1) {
        throw new MorphException(ErrorCode.NODE_BEHIND, "node 1 is behind");
      }
      return session.dml(sql);
    };
    Connection c = session.connect(true, 10, sleeps);
    c.prepareStatement("UPDATE T SET A = 1").close();
    assertEquals(2, attempts.get());
    assertEquals(1, sleeps.size());
  }

  @Test
  void explicitTransaction40001SurfacesAsRollbackException() throws SQLException {
    session.answers.add(new MorphException(ErrorCode.SCHEMA_CHANGED, "T changed"));
    Connection c = session.connect(true, 10, sleeps);
    c.setAutoCommit(false);
    SQLException e = assertThrows(SQLException.class, () -> c.createStatement().executeUpdate("UPDATE T SET A = 1"));
    assertInstanceOf(SQLTransactionRollbackException.class, e);
    assertEquals(1001, e.getErrorCode());
    assertEquals(1, session.executed.size());
    assertTrue(sleeps.isEmpty());
  }

  @Test
  void withoutAutoRetry40001IsNotRetriedInAutoCommit() throws SQLException {
    session.answers.add(lockConflict());
    Connection c = session.connect(false, 10, sleeps);
    assertThrows(SQLTransactionRollbackException.class, () -> c.createStatement().executeUpdate("UPDATE T SET A = 1"));
    assertEquals(1, session.executed.size());
  }

  @Test
  void nonRetriableErrorsAreNotRetried() throws SQLException {
    session.answers.add(new MorphException(ErrorCode.UNIQUE_VIOLATION, "duplicate key 1"));
    Connection c = session.connect(true, 10, sleeps);
    SQLException e = assertThrows(SQLException.class, () -> c.createStatement().executeUpdate("INSERT INTO T VALUES (1)"));
    assertEquals("23505", e.getSQLState());
    assertEquals(1, session.executed.size());
  }

  @Test
  void engineBugsBecomeInternalErrors() throws SQLException {
    session.answers.add(new NullPointerException("bug"));
    Connection c = session.connect(true, 10, sleeps);
    SQLException e = assertThrows(SQLException.class, () -> c.createStatement().execute("SELECT 1"));
    assertEquals("XX000", e.getSQLState());
    assertInstanceOf(NullPointerException.class, e.getCause());
  }

  @Test
  void runInTransactionRetriesTheWholeUnit() throws SQLException {
    MorphConnection c = session.connect(true, 10, sleeps);
    AtomicInteger runs = new AtomicInteger();
    session.answers.add(lockConflict());
    session.answers.add(Response.count(1, Map.of()));
    session.answers.add(new MorphException(ErrorCode.INCOMPATIBLE_SCHEMA, "T dropped"));
    session.answers.add(Response.count(1, Map.of()));
    session.answers.add(Response.count(1, Map.of()));
    String result = c.runInTransaction(conn -> {
      runs.incrementAndGet();
      conn.createStatement().executeUpdate("UPDATE T SET A = A + 1");
      conn.createStatement().executeUpdate("UPDATE U SET A = A + 1");
      return "done";
    });
    assertEquals("done", result);
    assertEquals(3, runs.get());
    assertEquals(2, session.rollbacks);
    assertEquals(1, session.commits);
    assertEquals(2, sleeps.size());
    assertTrue(c.getAutoCommit(), "auto-commit restored");
  }

  @Test
  void runInTransactionGivesUpAfterMaxRetriesAndRethrowsOtherErrors() throws SQLException {
    MorphConnection c = session.connect(true, 2, sleeps);
    session.onExecute = r -> {
      throw lockConflict();
    };
    assertThrows(SQLTransactionRollbackException.class,
        () -> c.runInTransaction(conn -> conn.createStatement().executeUpdate("UPDATE T SET A = 1")));
    assertEquals(3, session.executed.size());
    assertEquals(3, session.rollbacks);

    session.onExecute = r -> {
      throw new MorphException(ErrorCode.SYNTAX_ERROR, "bad");
    };
    session.executed.clear();
    assertThrows(java.sql.SQLSyntaxErrorException.class,
        () -> c.runInTransaction(conn -> conn.createStatement().executeUpdate("UPDAT")));
    assertEquals(1, session.executed.size());
    assertTrue(c.getAutoCommit());
  }

  @Test
  void runInTransactionNeedsNoOpenTransaction() throws SQLException {
    MorphConnection c = session.connect(true, 2, sleeps);
    c.setAutoCommit(false);
    c.createStatement().executeUpdate("UPDATE T SET A = 1");
    SQLException e = assertThrows(SQLException.class, () -> c.runInTransaction(conn -> null));
    assertEquals("25001", e.getSQLState());
  }

  @Test
  void backoffStaysWithinOneToHundredMillis() {
    for (int retry = 1; retry < 40; retry++) {
      long ms = RetryPolicy.backoffMillis(retry);
      assertTrue(ms >= 1 && ms <= Math.min(100, 1L << Math.min(retry - 1, 7)), retry + " -> " + ms);
    }
  }
}
