package org.morphdb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.engine.EngineFixture.open;
import static org.morphdb.engine.EngineFixture.query;
import static org.morphdb.engine.EngineFixture.rows;
import static org.morphdb.engine.EngineFixture.update;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.TestHooks;

/** The engine through its api: a table's life, transactions, constraints, the index states. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SessionStoryTest {

  @Test
  void createInsertQueryUpdateDelete() {
    try (Session s = open("story1")) {
      update(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT, s VARCHAR(10))");
      assertEquals(3, update(s, "INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y'), (3, 30, NULL)"));
      assertEquals(rows(new Object[] {2, 20, "y"}), query(s, "SELECT id, a, s FROM t WHERE id = 2"));
      assertEquals(2, update(s, "UPDATE t SET a = a + 1 WHERE id >= 2"));
      assertEquals(rows(new Object[] {1, 10}, new Object[] {2, 21}, new Object[] {3, 31}),
          query(s, "SELECT id, a FROM t ORDER BY id"));
      assertEquals(1, update(s, "DELETE FROM t WHERE s IS NULL"));
      assertEquals(rows(new Object[] {2L}), query(s, "SELECT COUNT(*) FROM t"));
    }
  }

  @Test
  void constraintsFailWithTheirSqlStateAndLeaveNoTrace() {
    try (Session s = open("story2")) {
      update(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL, b INT CHECK (b > 0), u INT UNIQUE)");
      update(s, "INSERT INTO t VALUES (1, 1, 1, 1)");
      assertEquals(ErrorCode.UNIQUE_VIOLATION, code(() -> update(s, "INSERT INTO t VALUES (1, 1, 1, 2)")));
      assertEquals(ErrorCode.NOT_NULL_VIOLATION, code(() -> update(s, "INSERT INTO t VALUES (2, NULL, 1, 2)")));
      assertEquals(ErrorCode.CHECK_VIOLATION, code(() -> update(s, "INSERT INTO t VALUES (2, 1, -1, 2)")));
      assertEquals(ErrorCode.UNIQUE_VIOLATION, code(() -> update(s, "INSERT INTO t VALUES (2, 1, 1, 1)")));
      assertEquals(rows(new Object[] {1L}), query(s, "SELECT COUNT(*) FROM t"));
      assertEquals(List.of(), query(s, "CHECK TABLE t"));
    }
  }

  @Test
  void rollbackLeavesNoTraceAndCommitPublishes() {
    try (Session a = open("story3"); Session b = open("story3")) {
      update(a, "CREATE TABLE t (id INT PRIMARY KEY, a INT)");
      update(a, "CREATE INDEX t_a ON t (a)");
      a.setAutoCommit(false);
      update(a, "INSERT INTO t VALUES (1, 5)");
      assertEquals(rows(new Object[] {1}), query(a, "SELECT id FROM t WHERE a = 5"));
      assertEquals(List.of(), query(b, "SELECT id FROM t"));
      a.rollback();
      assertEquals(List.of(), query(a, "SELECT id FROM t"));
      update(a, "INSERT INTO t VALUES (2, 6)");
      a.commit();
      assertEquals(rows(new Object[] {2}), query(b, "SELECT id FROM t WHERE a = 6"));
      assertEquals(List.of(), query(b, "CHECK TABLE t"));
    }
  }

  @Test
  void droppedTableIsForgottenOnceNoReaderCanSeeIt() throws InterruptedException {
    try (Session s = open("story-forget"); Session reader = open("story-forget")) {
      TestHooks hooks = Databases.testHooks("story-forget");
      update(s, "CREATE TABLE keep (id INT PRIMARY KEY)");
      update(s, "INSERT INTO keep VALUES (1)");
      int before = hooks.keyspaces();
      update(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT)");
      update(s, "CREATE INDEX t_a ON t (a)");
      update(s, "INSERT INTO t VALUES (1, 1), (2, 2)");
      assertEquals(before + 2, hooks.keyspaces(), "the table's rows and its index");
      reader.setReadOnly(true);
      reader.setAutoCommit(false);
      assertEquals(rows(new Object[] {1}, new Object[] {2}), query(reader, "SELECT id FROM t ORDER BY id"));

      update(s, "DROP TABLE t");
      awaitTrue(() -> !hooks.purgesRunning());
      Thread.sleep(50);
      assertEquals(rows(new Object[] {2}), query(reader, "SELECT id FROM t WHERE a = 2"),
          "an older snapshot still reads the dropped table");
      assertEquals(before + 2, hooks.keyspaces());

      reader.commit();
      awaitTrue(() -> hooks.keyspaces() == before);
      assertEquals(rows(new Object[] {1}), query(s, "SELECT id FROM keep"));
    }
  }

  /** Also a UNIQUE index, whose value keys (a, b) and NULL-holding keys (a, NULL, id) mix. */
  @Test
  void droppedIndexesLargerThanOnePurgeBatchArePurgedToTheirLastEntry() throws InterruptedException {
    try (Session s = open("story-purge"); Session reader = open("story-purge")) {
      TestHooks hooks = Databases.testHooks("story-purge");
      update(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT)");
      int rows = 10_000; // the purge deletes 4,096 entries per batch
      for (int from = 0; from < rows; from += 1_000) {
        StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
        for (int id = from; id < from + 1_000; id++) {
          insert.append(id == from ? "" : ", ").append('(').append(id).append(", ").append(id % 97)
              .append(", ").append(id % 10 == 0 ? "NULL" : String.valueOf(id)).append(')');
        }
        update(s, insert.toString());
      }
      update(s, "CREATE INDEX t_a ON t (a)");
      update(s, "CREATE UNIQUE INDEX t_ab ON t (a, b)");
      int spaces = hooks.keyspaces();
      reader.setReadOnly(true);
      reader.setAutoCommit(false);
      assertEquals(rows(new Object[] {(long) rows}), query(reader, "SELECT COUNT(*) FROM t"));

      update(s, "DROP INDEX t_a");
      update(s, "DROP INDEX t_ab");
      awaitTrue(() -> !hooks.purgesRunning());
      assertEquals(spaces, hooks.keyspaces(), "the older snapshot keeps the dropped spaces in the store");
      // CHECK TABLE reads the purged spaces at a snapshot after the purges: every entry must be gone
      assertEquals(List.of(), query(s, "CHECK TABLE t"));
      reader.commit();
      awaitTrue(() -> hooks.keyspaces() == spaces - 2);
    }
  }

  @Test
  void rowsThatComeAndGoLeaveNoKeysBehind() throws InterruptedException {
    try (Session s = open("story-churn")) {
      TestHooks hooks = Databases.testHooks("story-churn");
      update(s, "CREATE TABLE q (id INT PRIMARY KEY, a INT)");
      update(s, "CREATE INDEX q_a ON q (a)");
      long empty = hooks.keysHeld();
      for (int id = 1; id <= 2_000; id++) {
        update(s, "INSERT INTO q VALUES (" + id + ", " + id + ")");
        update(s, "UPDATE q SET a = a + 1 WHERE id = " + id); // moves the index entry
        if (id > 10) {
          update(s, "DELETE FROM q WHERE id = " + (id - 10));
        }
      }
      // ten rows, each with one row key and one index key, once the background caught up
      awaitTrue(() -> hooks.keysHeld() == empty + 20);
      assertEquals(rows(new Object[] {10L}), query(s, "SELECT COUNT(*) FROM q WHERE a > 1990"));
      assertEquals(List.of(), query(s, "CHECK TABLE q"));
    }
  }

  private static void awaitTrue(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out");
      Thread.sleep(5);
    }
  }

  @Test
  void createIndexWalksTheF1StatesAndBackfillsExistingRows() {
    try (Session s = open("story4")) {
      update(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT)");
      update(s, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 2)");
      update(s, "CREATE INDEX t_a ON t (a)");
      List<List<Object>> steps = query(s, "SELECT STATEMENT FROM SYS.SCHEMA_VERSIONS WHERE STATEMENT LIKE 'CREATE INDEX%'");
      assertEquals(3, steps.size(), steps.toString());
      assertTrue(steps.get(0).get(0).toString().endsWith("DELETE_ONLY"));
      assertTrue(steps.get(2).get(0).toString().endsWith("PUBLIC"));
      assertEquals(rows(new Object[] {"PUBLIC"}),
          query(s, "SELECT STATE FROM INFORMATION_SCHEMA.INDEXES WHERE INDEX_NAME = 'T_A'"));
      assertEquals(rows(new Object[] {2}, new Object[] {3}), query(s, "SELECT id FROM t WHERE a = 2 ORDER BY id"));
      assertEquals(List.of(), query(s, "CHECK TABLE t"));
    }
  }

  @Test
  void uniqueIndexOnDuplicatesFailsWalksBackAndLeavesNothing() {
    try (Session s = open("story5")) {
      update(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT)");
      update(s, "INSERT INTO t VALUES (1, 1), (2, 1)");
      MorphException e = assertThrows(MorphException.class, () -> update(s, "CREATE UNIQUE INDEX t_a ON t (a)"));
      assertEquals(ErrorCode.UNIQUE_VIOLATION, e.code());
      assertEquals(List.of(), query(s, "SELECT * FROM INFORMATION_SCHEMA.INDEXES WHERE INDEX_NAME = 'T_A'"));
      assertEquals(rows(new Object[] {"FAILED"}),
          query(s, "SELECT STATE FROM SYS.DDL_JOBS WHERE STATEMENT LIKE 'CREATE UNIQUE%'"));
    }
  }

  @Test
  void addColumnIsInstantAndOldRowsReadTheInitialDefault() {
    try (Session s = open("story6")) {
      update(s, "CREATE TABLE t (id INT PRIMARY KEY)");
      update(s, "INSERT INTO t VALUES (1)");
      update(s, "ALTER TABLE t ADD COLUMN c INT DEFAULT 7");
      update(s, "ALTER TABLE t ALTER COLUMN c SET DEFAULT 8");
      update(s, "INSERT INTO t (id) VALUES (2)");
      assertEquals(rows(new Object[] {1, 7}, new Object[] {2, 8}), query(s, "SELECT id, c FROM t ORDER BY id"));
      update(s, "ALTER TABLE t DROP COLUMN c");
      assertEquals(rows(new Object[] {1}, new Object[] {2}), query(s, "SELECT * FROM t ORDER BY id"));
    }
  }

  @Test
  void primaryKeyPointReadsAnswerExactlyAndSeeOwnWrites() {
    try (Session s = open("story7")) {
      update(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(5))");
      update(s, "CREATE TABLE k (a INT, b VARCHAR(3), v INT, PRIMARY KEY (a, b))");
      update(s, "INSERT INTO t VALUES (1, 'one'), (2, 'two')");
      update(s, "INSERT INTO k VALUES (1, 'x', 10)");
      assertEquals(rows(new Object[] {1L, "one"}), query(s, "SELECT * FROM t WHERE id = 1"));
      assertEquals(rows(new Object[] {"two"}), query(s, "SELECT name FROM t WHERE t.id = 2"));
      assertEquals(List.of(), query(s, "SELECT name FROM t WHERE id = 1.5"));
      assertEquals(List.of(), query(s, "SELECT name FROM t WHERE id = 3"));
      assertEquals(rows(new Object[] {10}), query(s, "SELECT v FROM k WHERE b = 'x' AND a = 1"));
      assertEquals(List.of(), query(s, "SELECT v FROM k WHERE b = 'xyzzy' AND a = 1"));
      var prepared = s.prepare(new org.morphdb.engine.api.PrepareRequest("SELECT name FROM t WHERE id = ?"));
      assertEquals(java.sql.Types.BIGINT, prepared.parameters().get(0).jdbcType());
      var r = s.execute(new org.morphdb.engine.api.ExecuteRequest(prepared.statementId(), null, List.of(2),
          prepared.tableVersions(), 0));
      assertTrue(r.rows().next());
      assertEquals("two", r.rows().current()[0]);
      s.setAutoCommit(false);
      update(s, "UPDATE t SET name = 'uno' WHERE id = 1");
      assertEquals(rows(new Object[] {"uno"}), query(s, "SELECT name FROM t WHERE id = 1"));
      s.rollback();
      assertEquals(rows(new Object[] {"one"}), query(s, "SELECT name FROM t WHERE id = 1"));
    }
  }

  private static ErrorCode code(Runnable r) {
    return assertThrows(MorphException.class, r::run).code();
  }
}
