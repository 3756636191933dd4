package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;

/**
 * A scan bounded to a range of primary keys, in a read-write transaction, locks that range of
 * keys, not the table: writers of keys inside it wait for the reader (no phantoms), and
 * writers of every other key go on. So two transactions that each read a range and then
 * write elsewhere in the table both commit, where the table's S lock made them deadlock on
 * its upgrade.
 */
class RangeLockTest {

  private static Session open(String db, int lockTimeoutMillis) {
    return Databases.connect(db, Map.of("locktimeout", String.valueOf(lockTimeoutMillis)));
  }

  private static long update(Session s, String sql) {
    return s.execute(ExecuteRequest.sql(sql)).updateCount();
  }

  private static List<Integer> ids(Session s, int from, int to) {
    var rows = s.execute(ExecuteRequest.sql(
        "SELECT id FROM t WHERE id >= " + from + " AND id < " + to + " ORDER BY id")).rows();
    List<Integer> ids = new ArrayList<>();
    while (rows.next()) {
      ids.add(((Number) rows.current()[0]).intValue());
    }
    return ids;
  }

  private static void createTable(Session s) {
    update(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
    update(s, "INSERT INTO t VALUES (10, 0), (20, 0), (30, 0), (40, 0)");
  }

  @Test
  void aRangeReaderLetsWritersOfKeysOutsideItIn() {
    try (Session reader = open("range-outside", 300); Session writer = open("range-outside", 300)) {
      createTable(reader);
      reader.setAutoCommit(false);
      assertEquals(List.of(10, 20), ids(reader, 10, 21));

      update(writer, "INSERT INTO t VALUES (50, 0)"); // would time out behind a table S lock
      update(writer, "UPDATE t SET v = 1 WHERE id = 30");
      update(writer, "DELETE FROM t WHERE id = 40");
      reader.commit();
    }
  }

  @Test
  void aWriterOfAKeyInsideTheRangeWaitsForTheReader() {
    try (Session reader = open("range-phantom", 300); Session writer = open("range-phantom", 300)) {
      createTable(reader);
      reader.setAutoCommit(false);
      assertEquals(List.of(10, 20), ids(reader, 10, 21));

      MorphException phantom = assertThrows(MorphException.class,
          () -> update(writer, "INSERT INTO t VALUES (15, 0)")); // a key no row had
      assertEquals(ErrorCode.LOCK_CONFLICT, phantom.code());
      assertTrue(phantom.getMessage().contains("key range"), phantom.getMessage());
      MorphException existing = assertThrows(MorphException.class,
          () -> update(writer, "UPDATE t SET v = 1 WHERE id = 20"));
      assertEquals(ErrorCode.LOCK_CONFLICT, existing.code());

      assertEquals(List.of(10, 20), ids(reader, 10, 21)); // the same rows, read again
      reader.commit();
      update(writer, "INSERT INTO t VALUES (15, 0)");
      assertEquals(List.of(10, 15, 20), ids(writer, 10, 21));
    }
  }

  @Test
  void aRangeReaderWaitsForAWriterOfAKeyInsideAndThenSeesItsRow() throws Exception {
    try (Session writer = open("range-waits", 5000); Session reader = open("range-waits", 5000)) {
      createTable(writer);
      writer.setAutoCommit(false);
      update(writer, "INSERT INTO t VALUES (15, 0)");

      reader.setAutoCommit(false);
      CompletableFuture<List<Integer>> read = CompletableFuture.supplyAsync(() -> ids(reader, 10, 21));
      Thread.sleep(300);
      assertFalse(read.isDone(), "the range reader must wait for the writer of key 15");
      writer.commit();
      assertEquals(List.of(10, 15, 20), read.get(10, TimeUnit.SECONDS));
      reader.commit();
    }
  }

  @Test
  void aWriterThatAReaderWaitsForGoesOnWritingInsideTheRange() throws Exception {
    try (Session writer = open("range-long-writer", 5000); Session reader = open("range-long-writer", 5000)) {
      createTable(writer);
      writer.setAutoCommit(false);
      update(writer, "INSERT INTO t VALUES (15, 0)");

      reader.setAutoCommit(false);
      CompletableFuture<List<Integer>> read = CompletableFuture.supplyAsync(() -> ids(reader, 10, 21));
      Thread.sleep(300); // the reader now waits for key 15's writer
      // the waiting reader holds no range yet: the writer is not made a deadlock's loser
      update(writer, "INSERT INTO t VALUES (16, 0)");
      writer.commit();
      assertEquals(List.of(10, 15, 16, 20), read.get(10, TimeUnit.SECONDS));
      reader.commit();
    }
  }

  @Test
  void twoTransactionsThatReadARangeAndThenWriteElsewhereBothCommit() {
    try (Session a = open("range-no-deadlock", 2000); Session b = open("range-no-deadlock", 2000)) {
      createTable(a);
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      assertEquals(List.of(10), ids(a, 10, 11));
      assertEquals(List.of(30), ids(b, 30, 31));

      update(a, "INSERT INTO t VALUES (50, 1)");
      update(b, "INSERT INTO t VALUES (60, 2)");
      a.commit();
      b.commit();
      assertEquals(List.of(10, 20, 30, 40, 50, 60), ids(a, 0, 100));
    }
  }

  @Test
  void eachWritingIntoTheOthersRangeIsADeadlockAndOneIsAborted() throws Exception {
    try (Session a = open("range-deadlock", 5000); Session b = open("range-deadlock", 5000)) {
      createTable(a);
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      assertEquals(List.of(10), ids(a, 10, 12));
      assertEquals(List.of(30), ids(b, 30, 32));

      CompletableFuture<Long> aWrites = CompletableFuture.supplyAsync(
          () -> update(a, "INSERT INTO t VALUES (31, 0)")); // waits for b's range
      Thread.sleep(200);
      MorphException bLost = null;
      try {
        update(b, "INSERT INTO t VALUES (11, 0)"); // waits for a's range: a cycle
      } catch (MorphException e) {
        bLost = e;
      }
      if (bLost != null) {
        assertEquals(ErrorCode.LOCK_CONFLICT, bLost.code());
        assertTrue(bLost.getMessage().contains("deadlock"), bLost.getMessage());
        b.rollback();
        assertEquals(1L, aWrites.get(10, TimeUnit.SECONDS));
        a.commit();
      } else {
        ExecutionException aLost = assertThrows(ExecutionException.class, () -> aWrites.get(10, TimeUnit.SECONDS));
        MorphException cause = (MorphException) aLost.getCause();
        assertEquals(ErrorCode.LOCK_CONFLICT, cause.code());
        assertTrue(cause.getMessage().contains("deadlock"), cause.getMessage());
        a.rollback();
        b.commit();
      }
    }
  }

  @Test
  void aTransactionWithManyRangesInATableLocksTheTableInstead() {
    try (Session reader = open("range-many", 300); Session writer = open("range-many", 300)) {
      createTable(reader);
      reader.setAutoCommit(false);
      for (int i = 0; i < RangeLocks.TABLE_LOCK_AFTER; i++) {
        ids(reader, 1000 + 2 * i, 1001 + 2 * i);
      }
      update(writer, "INSERT INTO t VALUES (50, 0)"); // still only ranges: not inside one

      ids(reader, 2000, 2001); // one more: the table's S lock
      MorphException waited = assertThrows(MorphException.class,
          () -> update(writer, "INSERT INTO t VALUES (60, 0)"));
      assertEquals(ErrorCode.LOCK_CONFLICT, waited.code());
      assertTrue(waited.getMessage().contains("table T"), waited.getMessage());
      reader.commit();
      update(writer, "INSERT INTO t VALUES (60, 0)");
    }
  }
}
