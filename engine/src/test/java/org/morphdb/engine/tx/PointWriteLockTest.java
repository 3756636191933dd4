package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.Session;

/**
 * An UPDATE or DELETE takes its write locks before it reads the rows (by key: IX and the row's
 * X; through a query: IX), so it waits for a
 * transaction that read the table instead of holding a read lock that transaction's own write
 * then waits for (a deadlock, one of the two aborted with 40001).
 */
class PointWriteLockTest {

  private static long update(Session s, String sql) {
    return s.execute(ExecuteRequest.sql(sql)).updateCount();
  }

  @Test
  void anUpdateByKeyWaitsForATransactionThatScannedTheTableAndBothCommit() throws Exception {
    waitsAndBothCommit("point_write_lock", "UPDATE t SET v = 1 WHERE id = 2"); // the point path
  }

  @Test
  void anUpdateThroughAQueryWaitsForATransactionThatScannedTheTableAndBothCommit() throws Exception {
    waitsAndBothCommit("query_write_lock", "UPDATE t SET v = v + 1 WHERE id = 2"); // planned
  }

  private static void waitsAndBothCommit(String db, String writerUpdate) throws Exception {
    try (Session reader = Databases.connect(db, Map.of("locktimeout", "5000"));
         Session writer = Databases.connect(db, Map.of())) {
      update(reader, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
      update(reader, "INSERT INTO t VALUES (1, 0), (2, 0)");
      reader.setAutoCommit(false);
      var rows = reader.execute(ExecuteRequest.sql("SELECT v FROM t WHERE v >= 0")).rows();
      while (rows.next()) {
        // a scan of every key takes the table's S lock, held to the end of the transaction
      }
      CompletableFuture<Long> pointUpdate = CompletableFuture.supplyAsync(
          () -> update(writer, writerUpdate)); // waits for the S lock
      Thread.sleep(200); // let it block on the table lock
      assertEquals(1, update(reader, "UPDATE t SET v = 10 WHERE id = 1")); // S + IX: an upgrade to X
      reader.commit();
      assertEquals(1L, pointUpdate.get(10, TimeUnit.SECONDS));
      reader.setAutoCommit(true);
      var check = reader.execute(ExecuteRequest.sql("SELECT v FROM t ORDER BY id")).rows();
      List<Integer> values = new java.util.ArrayList<>();
      while (check.next()) {
        values.add(((Number) check.current()[0]).intValue());
      }
      assertEquals(List.of(10, 1), values);
    }
  }
}
