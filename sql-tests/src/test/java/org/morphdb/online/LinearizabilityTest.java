package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.online.OnlineDb.exec;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * DESIGN.md, "Transactions and schema validation": a DDL is linearized with DML — when a DDL
 * statement returns, every statement that starts afterwards, on any connection and node,
 * sees it. That includes preparing a statement on a node whose catalog channel lags.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LinearizabilityTest {

  @Test
  void aStatementPreparedRightAfterCreateTableSeesTheTableOnEveryNode() throws Exception {
    try (OnlineDb db = OnlineDb.open("linear", "nodes=3;delay=5;lag=30")) {
      Connection[] c = {db.connect(0), db.connect(1), db.connect(2)};
      for (int i = 0; i < 10; i++) {
        exec(c[0], "CREATE TABLE p" + i + " (id INT PRIMARY KEY, k INT)");
        for (int node = 0; node < 3; node++) {
          try (PreparedStatement ps = c[node].prepareStatement("INSERT INTO p" + i + " (id, k) VALUES (?, ?)")) {
            ps.setInt(1, node);
            ps.setInt(2, node);
            assertEquals(1, ps.executeUpdate(), "insert into p" + i + " on node " + node);
          }
        }
      }
    }
  }

  @Test
  void aStatementPreparedOnAPausedNodeWaitsForTheCatalogInsteadOfMissingTheTable() throws Exception {
    try (OnlineDb db = OnlineDb.open("linear_paused", "nodes=2;delay=5")) {
      Connection behind = db.connect(1);
      db.pause(1);
      exec(db.connect(0), "CREATE TABLE q (id INT PRIMARY KEY)");
      var f = db.async(() -> {
        try (PreparedStatement ps = behind.prepareStatement("INSERT INTO q (id) VALUES (?)")) {
          ps.setInt(1, 1);
          return ps.executeUpdate();
        }
      });
      Thread.sleep(200);
      db.resume(1);
      assertEquals(1, OnlineDb.get(f), "the insert prepared on node 1 after CREATE TABLE returned");
    }
  }
}
