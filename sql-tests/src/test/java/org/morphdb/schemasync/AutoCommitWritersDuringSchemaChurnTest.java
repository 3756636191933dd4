package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.schemasync.Scenario.rows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rules 1–9 together, from the application's side, in auto-commit mode: writers on three
 * connections (one per node) insert, update and read back their own rows continuously while
 * another connection loops ADD COLUMN C INT, widen C to BIGINT, RENAME COLUMN C TO D, DROP
 * COLUMN D on the same table, pausing {@value #DDL_PAUSE_MS} ms between statements. The
 * writers see no error at all (the driver re-prepares stale statements and retries aborted
 * ones), and afterwards every acknowledged row is present with the value last written.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class AutoCommitWritersDuringSchemaChurnTest {
  private static final int WRITERS = 3;
  private static final long RUN_MS = 3000;
  private static final int DDL_PAUSE_MS = 5;

  private Scenario db;

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void writersSeeNoErrorAndEveryAcknowledgedWriteIsThere() throws Exception {
    db = Scenario.open("nodes=3");
    db.admin("CREATE TABLE T (ID BIGINT PRIMARY KEY, WRITER INT NOT NULL, V INT)",
        "CREATE INDEX T_BY_V ON T (V)");
    Map<Long, Integer> acknowledged = new ConcurrentHashMap<>();

    Churn churn = new Churn();
    for (int w = 0; w < WRITERS; w++) {
      churn.worker("writer " + w, new Writer(w, db.connect("node=" + w), acknowledged)::step);
    }
    churn.columnChurn(db.connect("node=0"), "T", DDL_PAUSE_MS);
    churn.runFor(RUN_MS);

    List<String> expected = new ArrayList<>();
    new TreeMap<>(acknowledged).forEach((id, v) -> expected.add(id + ", " + (id / 1_000_000_000L) + ", " + v));
    assertEquals(expected, rows(db.admin(), "SELECT ID, WRITER, V FROM T ORDER BY ID"));
    assertEquals(List.of(), rows(db.admin(), "CHECK TABLE T"));
  }

  /**
   * One writer: inserts new rows, updates one of its rows, reads one back; prepared
   * statements are prepared once, so they go stale with every change, and plain statements
   * are mixed in. Only acknowledged writes go into the model.
   */
  private static final class Writer {
    private final int id;
    private final Connection c;
    private final Map<Long, Integer> acknowledged;
    private final List<Long> mine = new ArrayList<>();
    private final Random random;
    private final PreparedStatement insert;
    private final PreparedStatement update;
    private final PreparedStatement read;

    Writer(int id, Connection c, Map<Long, Integer> acknowledged) throws SQLException {
      this.id = id;
      this.c = c;
      this.acknowledged = acknowledged;
      this.random = new Random(id);
      insert = c.prepareStatement("INSERT INTO T (ID, WRITER, V) VALUES (?, ?, ?)");
      update = c.prepareStatement("UPDATE T SET V = ? WHERE ID = ?");
      read = c.prepareStatement("SELECT V FROM T WHERE ID = ?");
    }

    void step(int i) throws SQLException {
      int v = random.nextInt(1_000_000);
      switch (mine.isEmpty() ? 0 : i % 4) {
        case 0 -> {
          long key = id * 1_000_000_000L + mine.size();
          insert.setLong(1, key);
          insert.setInt(2, id);
          insert.setInt(3, v);
          expectOne(insert.executeUpdate(), "insert " + key);
          mine.add(key);
          acknowledged.put(key, v);
        }
        case 1 -> {
          long key = mine.get(random.nextInt(mine.size()));
          update.setInt(1, v);
          update.setLong(2, key);
          expectOne(update.executeUpdate(), "update " + key);
          acknowledged.put(key, v);
        }
        case 2 -> {
          long key = mine.get(random.nextInt(mine.size()));
          expectOne(Scenario.update(c, "UPDATE T SET V = " + v + " WHERE ID = " + key), "update " + key);
          acknowledged.put(key, v);
        }
        default -> {
          long key = mine.get(random.nextInt(mine.size()));
          read.setLong(1, key);
          try (ResultSet rs = read.executeQuery()) {
            if (!rs.next() || rs.getInt(1) != acknowledged.get(key)) {
              throw new AssertionError("row " + key + " should read V = " + acknowledged.get(key));
            }
          }
        }
      }
    }

    private static void expectOne(int count, String what) {
      if (count != 1) {
        throw new AssertionError(what + " changed " + count + " rows");
      }
    }
  }
}
