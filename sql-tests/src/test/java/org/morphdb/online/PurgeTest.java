package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.online.OnlineDb.exec;
import static org.morphdb.online.OnlineDb.get;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.stress.ConsistencyChecker;

/**
 * DESIGN.md "Purges" and CHECK TABLE: a purge of a dropped index runs in the background and
 * writes MVCC deletes; CHECK TABLE reports KVs left in a keyspace whose purge has
 * finished. Right after DROP INDEX returns, while writers keep committing on other nodes,
 * CHECK TABLE must never report the entries the purge is deleting at that very moment.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PurgeTest {

  @Test
  void checkTableRightAfterDropIndexNeverReportsWhatThePurgeIsDeleting() throws Exception {
    try (OnlineDb db = OnlineDb.open("purge", "nodes=3;delay=5;lag=20")) {
      Connection a = db.keeper();
      db.createTable(a, "CREATE TABLE t (id INT PRIMARY KEY, k INT)");
      StringBuilder rows = new StringBuilder("INSERT INTO t (id, k) VALUES ");
      for (int i = 0; i < 200; i++) {
        rows.append(i == 0 ? "" : ", ").append('(').append(i).append(", ").append(i).append(')');
      }
      exec(a, rows.toString());
      AtomicBoolean stop = new AtomicBoolean();
      List<Future<Void>> writers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        Connection c = db.connect(1 + w % 2);
        int base = 1_000 * (w + 1);
        writers.add(db.async(() -> {
          for (int i = 0; !stop.get(); i++) {
            exec(c, "INSERT INTO t (id, k) VALUES (" + (base + i % 500) + ", 1)");
            exec(c, "DELETE FROM t WHERE id = " + (base + i % 500));
          }
          return null;
        }));
      }
      List<String> wrong = new ArrayList<>();
      try {
        for (int i = 0; i < 60; i++) {
          exec(a, "CREATE INDEX ix ON t (k)");
          exec(a, "DROP INDEX ix");
          List<String> problems = ConsistencyChecker.checkTable(a, "T");
          if (!problems.isEmpty()) {
            wrong.add("round " + i + ": " + problems.size() + " problem(s), first " + problems.get(0)
                + "; CHECK TABLE again: " + ConsistencyChecker.checkTable(a, "T").size() + " problem(s)");
          }
        }
      } finally {
        stop.set(true);
      }
      for (Future<Void> w : writers) {
        get(w);
      }
      assertEquals(List.of(), wrong, "CHECK TABLE right after DROP INDEX");
    }
  }
}
