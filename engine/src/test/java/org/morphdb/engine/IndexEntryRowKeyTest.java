package org.morphdb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.morphdb.engine.EngineFixture.open;
import static org.morphdb.engine.EngineFixture.update;

import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.storage.Entry;
import org.morphdb.engine.storage.Key;
import org.morphdb.engine.storage.KeyRange;
import org.morphdb.engine.storage.MvccStore;

/**
 * A write that names its row by the statement's own key (UPDATE / DELETE ... WHERE id = ?)
 * writes under the key object the table stores: the index entries it makes point to that
 * one, so a row's index entries do not each keep a copy of its key alive.
 */
class IndexEntryRowKeyTest {

  @Test
  void anUpdatedRowsNewIndexEntryPointsToTheKeyTheTableStores() {
    try (Session s = open("entry_row_key")) {
      update(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, a INT)");
      update(s, "INSERT INTO t VALUES (1, 10), (2, 20)");
      update(s, "CREATE INDEX t_a ON t (a)");
      assertEquals(1, update(s, "UPDATE t SET a = 11 WHERE id = 1"));

      Database db = DatabaseRegistry.open("entry_row_key");
      MvccStore store = db.store();
      TableDef t = db.catalogLog().latest().table("PUBLIC", "T").orElseThrow();
      IndexDef index = t.index("T_A").orElseThrow();
      Key statementsKey = Key.of(1L);
      Key storedKey = store.get(t.id(), statementsKey, Long.MAX_VALUE, (k, v) -> k);
      assertNotSame(statementsKey, storedKey, "the table stores the key the INSERT made");
      assertEquals(statementsKey, storedKey);

      Object entryValue = null;
      for (Iterator<Entry> it = store.scan(index.id(), KeyRange.all(), Long.MAX_VALUE); it.hasNext(); ) {
        Entry e = it.next();
        if (e.key().equals(Key.of(11L, 1L))) {
          entryValue = e.value();
        }
      }
      assertSame(storedKey, entryValue, "the new entry (11, 1) points to the stored key object");
    }
  }
}
