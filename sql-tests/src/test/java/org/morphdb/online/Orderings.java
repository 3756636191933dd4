package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.morphdb.online.OnlineDb.assertBlocked;
import static org.morphdb.online.OnlineDb.get;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Future;

/**
 * The orderings of writes between a node behind (B) and a node ahead (A) on table
 * {@code t(id, k, v)} with an index on {@code k}, after the F1 notes (seed 002, section 5):
 *
 * <pre>
 *   1  B inserts x,  then A updates x      5  B updates p,  then A updates p
 *   2  B inserts x,  then A deletes x      6  B updates p,  then A deletes p
 *   3  A inserts x,  then B updates x      7  A updates p,  then B updates p
 *   4  A inserts x,  then B deletes x      8  A updates p,  then B deletes p
 *   and alone: B inserts, A inserts, B updates, B deletes, A updates
 * </pre>
 *
 * (1–4 are the notes' four scenarios; 5–8 the same with a row that existed before the
 * job, which is what the backfill and the tombstone rules must get right.) Every update
 * changes the indexed column. Each slot uses its own ids, so the slots of one job never
 * touch each other's rows; {@link #model} is what the table must hold afterwards.
 */
final class Orderings {

  /** How the node behind behaves while a slot runs. */
  enum Behind {
    /** unsafe=stale-cache: it acts with the version it has, one behind. */
    STALE,
    /** Safe: its first statement must wait (metadata completeness); it is resumed then. */
    WAITS,
    /** Not behind: both nodes have the newest version. */
    CURRENT
  }

  static final String TABLE_DDL = "CREATE TABLE t (id INT PRIMARY KEY, k INT, v VARCHAR(20))";

  private final OnlineDb db;
  private final Connection ahead;
  private final Connection behind;
  private final int behindNode;
  /** id → k: what the table must hold. */
  final Map<Long, Long> model = new TreeMap<>();
  private boolean waited;
  private Behind policy = Behind.CURRENT;

  Orderings(OnlineDb db, Connection ahead, Connection behind, int behindNode) {
    this.db = db;
    this.ahead = ahead;
    this.behind = behind;
    this.behindNode = behindNode;
  }

  private static long id(int slot, int n) {
    return slot * 100L + n;
  }

  /** The rows of a slot that exist before the job starts (p5..p8, q, r, s). */
  void preload(int slot) throws SQLException {
    for (int n = 5; n <= 11; n++) {
      insert(ahead, id(slot, n));
    }
  }

  /** Runs every ordering of the slot with the node behind acting as {@code how}. */
  void run(int slot, Behind how) throws SQLException {
    this.policy = how;
    this.waited = false;
    long x1 = id(slot, 21);
    long x2 = id(slot, 22);
    long x3 = id(slot, 23);
    long x4 = id(slot, 24);
    long y = id(slot, 25);
    long z = id(slot, 26);
    long p5 = id(slot, 5);
    long p6 = id(slot, 6);
    long p7 = id(slot, 7);
    long p8 = id(slot, 8);
    long q = id(slot, 9);
    long r = id(slot, 10);
    long s = id(slot, 11);
    onBehind(() -> insert(behind, x1));
    updateK(ahead, x1, 2);
    onBehind(() -> insert(behind, x2));
    delete(ahead, x2);
    insert(ahead, x3);
    onBehind(() -> updateK(behind, x3, 3));
    insert(ahead, x4);
    onBehind(() -> delete(behind, x4));
    onBehind(() -> updateK(behind, p5, 3));
    updateK(ahead, p5, 2);
    onBehind(() -> updateK(behind, p6, 3));
    delete(ahead, p6);
    updateK(ahead, p7, 2);
    onBehind(() -> updateK(behind, p7, 3));
    updateK(ahead, p8, 2);
    onBehind(() -> delete(behind, p8));
    onBehind(() -> insert(behind, y));
    insert(ahead, z);
    onBehind(() -> updateK(behind, q, 3));
    onBehind(() -> delete(behind, r));
    updateK(ahead, s, 2);
  }

  @FunctionalInterface
  private interface Write {
    void run() throws SQLException;
  }

  /**
   * A write of the node behind. WAITS: the first one must block while the node is a version
   * behind, and goes through once its channel is resumed.
   */
  private void onBehind(Write w) throws SQLException {
    if (policy != Behind.WAITS || waited) {
      w.run();
      return;
    }
    waited = true;
    assertEquals(1, db.versionsBehind(behindNode), "the node behind is one version behind");
    Future<Void> f = db.async(() -> {
      w.run();
      return null;
    });
    assertBlocked(f, 200, "a write on the node one version behind");
    assertEquals(1, db.versionsBehind(behindNode), "still one version behind while it waits");
    db.resume(behindNode);
    get(f);
    assertEquals(0, db.versionsBehind(behindNode), "the write ran only after the node learned the new version");
  }

  private void insert(Connection c, long id) throws SQLException {
    long k = id * 10;
    assertEquals(1, OnlineDb.update(c, "INSERT INTO t (id, k, v) VALUES (?, ?, ?)", id, k, "r" + id), "inserted");
    model.put(id, k);
  }

  private void updateK(Connection c, long id, int variant) throws SQLException {
    long k = id * 10 + variant;
    assertEquals(1, OnlineDb.update(c, "UPDATE t SET k = ? WHERE id = ?", k, id), "updated row " + id);
    model.put(id, k);
  }

  private void delete(Connection c, long id) throws SQLException {
    assertEquals(1, OnlineDb.update(c, "DELETE FROM t WHERE id = ?", id), "deleted row " + id);
    model.remove(id);
  }

  /** The table holds exactly the model (read with a plain scan). */
  void assertTableMatchesModel(Connection c) throws SQLException {
    Map<Long, Long> actual = new TreeMap<>();
    for (List<Object> row : OnlineDb.rows(c, "SELECT id, k FROM t")) {
      actual.put((Long) row.get(0), (Long) row.get(1));
    }
    assertEquals(model, actual, "table t against the model of the writes");
  }

  /** Every row is found by {@code WHERE k = ?} on this connection's node (index or not). */
  void assertLookupsMatchModel(Connection c, String node) throws SQLException {
    List<String> wrong = new ArrayList<>();
    Map<Long, List<Long>> byK = new TreeMap<>();
    model.forEach((id, k) -> byK.computeIfAbsent(k, x -> new ArrayList<>()).add(id));
    for (Map.Entry<Long, List<Long>> e : byK.entrySet()) {
      List<Long> got = OnlineDb.ids(c, "SELECT id FROM t WHERE k = ?", e.getKey());
      if (!got.equals(e.getValue())) {
        wrong.add("k=" + e.getKey() + ": " + got + " instead of " + e.getValue());
      }
    }
    assertEquals(List.of(), wrong, "lookups by k on " + node);
  }
}
