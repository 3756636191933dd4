package org.morphdb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.engine.EngineFixture.open;
import static org.morphdb.engine.EngineFixture.query;
import static org.morphdb.engine.EngineFixture.update;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.MvccStore;

/**
 * An UPDATE that leaves a PUBLIC index's columns alone leaves the row's entry in it alone: no
 * new version of the same entry, no tombstone. One that changes them moves the entry: the
 * commit drops the entry of each row's own old image, also when the transaction read other
 * rows after it (a commit reuses the image of the row the transaction read last).
 */
class IndexEntryKeptTest {

  @Test
  void anUpdateOfOtherColumnsKeepsTheEntryAndOneOfTheIndexedColumnMovesIt() {
    try (Session s = open("index_entry_kept")) {
      update(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, a INT, b INT)");
      update(s, "CREATE INDEX t_a ON t (a)");
      update(s, "CREATE UNIQUE INDEX t_b ON t (b)");
      update(s, "INSERT INTO t VALUES (1, 10, 100), (2, 20, 200)");
      Database db = DatabaseRegistry.open("index_entry_kept");
      MvccStore store = db.store();
      TableDef t = db.catalogLog().latest().table("PUBLIC", "T").orElseThrow();
      IndexDef plain = t.index("T_A").orElseThrow();
      IndexDef unique = t.index("T_B").orElseThrow();
      long plainTs = store.newestVersionTs(plain.id(), Key.of(10L, 1L));
      long uniqueTs = store.newestVersionTs(unique.id(), Key.of(100L));
      assertTrue(plainTs > Long.MIN_VALUE && uniqueTs > Long.MIN_VALUE, "the INSERT wrote both entries");

      assertEquals(1, update(s, "UPDATE t SET b = 101 WHERE id = 1"));
      assertEquals(plainTs, store.newestVersionTs(plain.id(), Key.of(10L, 1L)), "a is unchanged: t_a's entry too");
      assertTrue(store.newestVersionTs(unique.id(), Key.of(101L)) > uniqueTs, "b changed: t_b has a new entry");
      assertEquals(List.of(), query(s, "SELECT id FROM t WHERE b = 100"), "and the old one is gone");

      assertEquals(1, update(s, "UPDATE t SET a = 11 WHERE id = 1"));
      assertEquals(List.of(List.of(1L)), query(s, "SELECT id FROM t WHERE a = 11"));
      assertEquals(List.of(), query(s, "SELECT id FROM t WHERE a = 10"));
      assertEquals(List.of(List.of(1L)), query(s, "SELECT id FROM t WHERE b = 101"));
      assertEquals(List.of(), query(s, "CHECK TABLE t"));
    }
  }

  @Test
  void aTransactionThatMovesSeveralRowsDropsEachRowsOwnOldEntry() {
    try (Session s = open("index_entry_several")) {
      update(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, a INT)");
      update(s, "CREATE INDEX t_a ON t (a)");
      update(s, "INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
      s.setAutoCommit(false);
      assertEquals(1, update(s, "UPDATE t SET a = 11 WHERE id = 1"));
      assertEquals(1, update(s, "DELETE FROM t WHERE id = 2"));
      assertEquals(List.of(List.of(30)), query(s, "SELECT a FROM t WHERE id = 3")); // read last
      assertEquals(1, update(s, "INSERT INTO t VALUES (4, 40)"));
      s.commit();
      s.setAutoCommit(true);
      for (int old : new int[] {10, 20}) {
        assertEquals(List.of(), query(s, "SELECT id FROM t WHERE a = " + old), "entry of a = " + old);
      }
      assertEquals(List.of(List.of(1L)), query(s, "SELECT id FROM t WHERE a = 11"));
      assertEquals(List.of(List.of(3L)), query(s, "SELECT id FROM t WHERE a = 30"));
      assertEquals(List.of(List.of(4L)), query(s, "SELECT id FROM t WHERE a = 40"));
      assertEquals(List.of(), query(s, "CHECK TABLE t"));
    }
  }
}
