package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.assertFails;
import static org.morphdb.schemasync.Scenario.rows;
import static org.morphdb.schemasync.Scenario.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.jdbc.MorphConnection;

/**
 * Rule 9, transparent retry. In auto-commit mode a statement aborted with 40001 is retried
 * by the driver, a bounded number of times ({@code maxRetries}), and the final failure names
 * the cause. In an explicit transaction the 40001 reaches the application as a
 * {@link SQLTransactionRollbackException}, and {@link MorphConnection#runInTransaction}
 * retries the whole unit of work.
 *
 * <p>The database's lock timeout is {@value #LOCK_TIMEOUT_MS} ms; a "holder" transaction
 * keeps row 1 locked for {@value #HOLD_MS} ms, several lock timeouts, so a writer's first
 * attempt must fail.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TransparentRetryTest {
  private static final int LOCK_TIMEOUT_MS = 200;
  private static final int HOLD_MS = 3 * LOCK_TIMEOUT_MS;

  private Scenario db;
  private Connection holder;
  private ExecutorService background;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open("lockTimeout=" + LOCK_TIMEOUT_MS);
    db.admin("CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 10), (2, 20)",
        "CREATE TABLE LOG (ID INT PRIMARY KEY, RUN INT)");
    holder = db.connectExplicit();
    background = Executors.newSingleThreadExecutor();
  }

  @AfterEach
  void tearDown() throws SQLException {
    background.shutdownNow();
    db.close();
  }

  // ---- auto-commit: the driver retries

  @Test
  void anAutoCommitStatementIsRetriedUntilTheLockClears() throws Exception {
    Connection strict = db.connect("autoRetry=false");
    Connection app = db.connect();
    assertEquals(1, update(holder, "UPDATE T SET V = V + 1 WHERE ID = 1"));

    // without retries, the writer meets the lock timeout
    assertAborted(1003, () -> update(strict, "UPDATE T SET V = V * 10 WHERE ID = 1"));

    // with them, the same statement waits out several timeouts and succeeds
    Future<Integer> write = background.submit(() -> update(app, "UPDATE T SET V = V * 10 WHERE ID = 1"));
    Thread.sleep(HOLD_MS);
    holder.commit();
    assertEquals(1, write.get(30, TimeUnit.SECONDS));
    assertEquals(List.of("1, 110"), rows(db.admin(), "SELECT ID, V FROM T WHERE ID = 1"),
        "the retried write ran after the holder's commit");
  }

  @Test
  void retriesAreBoundedAndTheFinalFailureNamesTheCause() throws Exception {
    Connection app = db.connect("maxRetries=2");
    assertEquals(1, update(holder, "UPDATE T SET V = V + 1 WHERE ID = 1"));

    SQLTransactionRollbackException e = assertAborted(1003, () -> update(app, "UPDATE T SET V = 0 WHERE ID = 1"));
    assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("lock"), e.getMessage());
    holder.commit();
    assertEquals(List.of("1, 11"), rows(db.admin(), "SELECT ID, V FROM T WHERE ID = 1"));
  }

  // ---- explicit transactions: the application sees the 40001

  @Test
  void inAnExplicitTransactionSchemaChangedReachesTheApplication() throws SQLException {
    Connection app = db.connectExplicit();
    assertEquals(1, update(app, "UPDATE T SET V = 11 WHERE ID = 1"));
    db.admin("ALTER TABLE T ADD COLUMN W INT");

    assertAborted(1001, () -> update(app, "UPDATE T SET V = 21 WHERE ID = 2"));
    app.rollback();
    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  @Test
  void inAnExplicitTransactionALockConflictReachesTheApplication() throws SQLException {
    Connection app = db.connectExplicit();
    assertEquals(1, update(app, "UPDATE T SET V = 21 WHERE ID = 2"));
    assertEquals(1, update(holder, "UPDATE T SET V = 11 WHERE ID = 1"));

    assertAborted(1003, () -> update(app, "UPDATE T SET V = 12 WHERE ID = 1"));
    app.rollback();
    holder.commit();
    assertEquals(List.of("1, 11", "2, 20"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
  }

  // ---- runInTransaction: the unit of work is retried

  @Test
  void runInTransactionRetriesTheWholeUnitAfterSchemaChanged() throws SQLException {
    MorphConnection app = db.connect().unwrap(MorphConnection.class);
    AtomicInteger runs = new AtomicInteger();

    int seen = app.runInTransaction(c -> {
      int run = runs.incrementAndGet();
      int v = Integer.parseInt(rows(c, "SELECT V FROM T WHERE ID = 1").get(0));
      update(c, "INSERT INTO LOG VALUES (1, " + run + ")");
      if (run == 1) {
        db.admin("ALTER TABLE T ADD COLUMN W INT"); // compatible, but T is touched again below: 1001
      }
      update(c, "UPDATE T SET V = " + (v + 1) + " WHERE ID = 1");
      return v;
    });

    assertEquals(2, runs.get());
    assertEquals(10, seen);
    assertEquals(List.of("1, 11"), rows(db.admin(), "SELECT ID, V FROM T WHERE ID = 1"));
    assertEquals(List.of("1, 2"), rows(db.admin(), "SELECT ID, RUN FROM LOG"), "only the second run committed");
    assertTrue(app.getAutoCommit(), "auto-commit restored");
  }

  @Test
  void runInTransactionRetriesTheWholeUnitAfterAnIncompatibleChange() throws SQLException {
    MorphConnection app = db.connect().unwrap(MorphConnection.class);
    AtomicInteger runs = new AtomicInteger();

    app.runInTransaction(c -> {
      int run = runs.incrementAndGet();
      update(c, "UPDATE T SET V = V + 1 WHERE ID = 1");
      if (run == 1) {
        db.admin("ALTER TABLE T ALTER COLUMN V SET DEFAULT 0"); // eager abort: 1002 on the next statement
      }
      update(c, "INSERT INTO LOG VALUES (1, " + run + ")");
      return null;
    });

    assertEquals(2, runs.get());
    assertEquals(List.of("1, 11"), rows(db.admin(), "SELECT ID, V FROM T WHERE ID = 1"));
    assertEquals(List.of("1, 2"), rows(db.admin(), "SELECT ID, RUN FROM LOG"));
  }

  @Test
  void runInTransactionRetriesAfterALockConflict() throws Exception {
    MorphConnection app = db.connect().unwrap(MorphConnection.class);
    AtomicInteger runs = new AtomicInteger();
    assertEquals(1, update(holder, "UPDATE T SET V = V + 1 WHERE ID = 1"));

    Future<?> unit = background.submit(() -> app.runInTransaction(c -> {
      runs.incrementAndGet();
      update(c, "UPDATE T SET V = V * 10 WHERE ID = 1");
      return null;
    }));
    Thread.sleep(HOLD_MS);
    holder.commit();
    unit.get(30, TimeUnit.SECONDS);

    assertTrue(runs.get() >= 2, "the first run met the lock and was retried: " + runs.get());
    assertEquals(List.of("1, 110"), rows(db.admin(), "SELECT ID, V FROM T WHERE ID = 1"));
  }

  @Test
  void runInTransactionGivesUpAfterMaxRetries() throws SQLException {
    MorphConnection app = db.connect("maxRetries=2").unwrap(MorphConnection.class);
    AtomicInteger runs = new AtomicInteger();

    assertAborted(1001, () -> app.runInTransaction(c -> {
      int run = runs.incrementAndGet();
      update(c, "UPDATE T SET V = V + 1 WHERE ID = 1");
      db.admin("ALTER TABLE T ADD COLUMN W" + run + " INT"); // every run straddles a change
      return update(c, "UPDATE T SET V = V + 1 WHERE ID = 2");
    }));

    assertEquals(3, runs.get(), "the first run and two retries");
    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"));
    assertTrue(app.getAutoCommit(), "auto-commit restored");
  }

  @Test
  void runInTransactionDoesNotRetryOtherErrors() throws SQLException {
    MorphConnection app = db.connect().unwrap(MorphConnection.class);
    AtomicInteger runs = new AtomicInteger();

    SQLException e = assertFails("23505", () -> app.runInTransaction(c -> {
      runs.incrementAndGet();
      update(c, "UPDATE T SET V = 0 WHERE ID = 2");
      return update(c, "INSERT INTO T VALUES (1, 1)");
    }));

    assertTrue(e instanceof SQLIntegrityConstraintViolationException, Scenario.describe(e));
    assertEquals(1, runs.get());
    assertEquals(List.of("1, 10", "2, 20"), rows(db.admin(), "SELECT ID, V FROM T ORDER BY ID"), "rolled back");
  }
}
