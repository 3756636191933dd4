package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;

/**
 * Lock escalation, as a story: a transaction that has written many rows of a table takes X
 * on the whole table, if no one else holds a lock on it, and then needs no row locks there;
 * other writers of the table wait for it to end. Where another transaction is in the table,
 * the rows stay locked one by one and no one waits for rows they do not write.
 */
class LockEscalationTest {
  private static final int MANY = RowLockCounts.ESCALATE_AFTER + 50;

  private static Session open(String db) {
    return Databases.connect(db, Map.of("locktimeout", "300"));
  }

  private static long update(Session s, String sql) {
    return s.execute(ExecuteRequest.sql(sql)).updateCount();
  }

  private static long count(Session s) {
    var rows = s.execute(ExecuteRequest.sql("SELECT COUNT(*) FROM t")).rows();
    assertTrue(rows.next());
    return ((Number) rows.current()[0]).longValue();
  }

  private static void insertRows(Session s, int from, int to) {
    for (int id = from; id < to; id++) {
      update(s, "INSERT INTO t VALUES (" + id + ", 0)");
    }
  }

  @Test
  void aTransactionThatWritesManyRowsLocksTheTableAndOtherWritersWaitForIt() {
    try (Session bulk = open("escalate-1"); Session other = open("escalate-1")) {
      update(bulk, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
      bulk.setAutoCommit(false);
      insertRows(bulk, 0, MANY);

      MorphException waited = assertThrows(MorphException.class,
          () -> update(other, "INSERT INTO t VALUES (100000, 0)")); // a row bulk never wrote
      assertEquals(ErrorCode.LOCK_CONFLICT, waited.code());
      assertTrue(waited.getMessage().contains("table T"), waited.getMessage());

      update(bulk, "UPDATE t SET v = 1 WHERE id = 0"); // its own table lock covers the row
      bulk.commit();
      update(other, "INSERT INTO t VALUES (100000, 0)");
      assertEquals(MANY + 1, count(other));
    }
  }

  @Test
  void belowTheThresholdOnlyTheWrittenRowsAreLocked() {
    try (Session small = open("escalate-2"); Session other = open("escalate-2")) {
      update(small, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
      small.setAutoCommit(false);
      insertRows(small, 0, RowLockCounts.ESCALATE_AFTER - 1);

      update(other, "INSERT INTO t VALUES (100000, 0)");
      MorphException sameRow = assertThrows(MorphException.class,
          () -> update(other, "INSERT INTO t VALUES (0, 0)"));
      assertEquals(ErrorCode.LOCK_CONFLICT, sameRow.code());
      assertTrue(sameRow.getMessage().contains("key"), sameRow.getMessage());

      small.commit();
      assertEquals(RowLockCounts.ESCALATE_AFTER, count(other));
    }
  }

  @Test
  void aTableAnotherTransactionIsWritingIsNotEscalated() {
    try (Session bulk = open("escalate-3"); Session other = open("escalate-3")) {
      update(bulk, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
      other.setAutoCommit(false);
      update(other, "INSERT INTO t VALUES (100000, 0)"); // holds IX on t until it commits
      bulk.setAutoCommit(false);
      insertRows(bulk, 0, 4 * RowLockCounts.ESCALATE_AFTER + 1); // tried at 1x, 2x and 4x

      update(other, "INSERT INTO t VALUES (100001, 0)"); // not kept waiting by bulk
      other.commit();
      bulk.commit();
      assertEquals(4 * RowLockCounts.ESCALATE_AFTER + 3, count(other));
    }
  }

  @Test
  void escalationIsTriedAtTheThresholdThenAtTwiceThatCount() {
    RowLockCounts counts = new RowLockCounts(4);
    StringBuilder tries = new StringBuilder();
    for (int row = 1; row <= 32; row++) {
      if (counts.countAndCheck(7)) {
        tries.append(row).append(' ');
      }
      counts.countAndCheck(9); // another table counts apart
    }
    assertEquals("4 8 16 32 ", tries.toString());
    assertFalse(new RowLockCounts(0).countAndCheck(7), "0 turns escalation off");
  }
}
