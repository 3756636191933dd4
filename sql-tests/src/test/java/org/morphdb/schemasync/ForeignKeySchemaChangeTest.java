package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.schemasync.Scenario.assertAborted;
import static org.morphdb.schemasync.Scenario.assertFails;
import static org.morphdb.schemasync.Scenario.rows;
import static org.morphdb.schemasync.Scenario.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Foreign keys under the schema-synchronization rules. Adding a key changes the versions of
 * both its tables and is not forward-compatible: a transaction that touched either one is
 * aborted (1002). Dropping one is forward-compatible. A key added while writers insert
 * children (some of them orphans) and delete parents on three lagging nodes leaves no
 * orphan behind, whether its validation fails or succeeds.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ForeignKeySchemaChangeTest {
  private Scenario db;

  @BeforeEach
  void setUp() throws SQLException {
    db = Scenario.open("nodes=3;lag=3;lockTimeout=5000");
    db.admin("CREATE TABLE OWNERS (ID INT PRIMARY KEY, NAME VARCHAR(10))",
        "CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT)",
        "INSERT INTO OWNERS VALUES (1, 'a'), (2, 'b'), (3, 'c')",
        "INSERT INTO PETS VALUES (10, 1), (11, 2)");
  }

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void addingAKeyChangesBothVersionsAndAbortsTransactionsOnEitherTable() throws SQLException {
    int owners = db.tableVersion("OWNERS");
    int pets = db.tableVersion("PETS");
    Connection onChild = db.connectExplicit("autoRetry=false");
    Connection onParent = db.connectExplicit("autoRetry=false");
    assertEquals(1, update(onChild, "INSERT INTO PETS VALUES (12, 3)"));
    assertEquals(1, update(onParent, "UPDATE OWNERS SET NAME = 'x' WHERE ID = 3"));

    db.admin("ALTER TABLE PETS ADD CONSTRAINT PET_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS");

    assertEquals(owners + 1, db.tableVersion("OWNERS"));
    assertEquals(pets + 1, db.tableVersion("PETS"));
    assertAborted(1002, onChild::commit);
    assertAborted(1002, onParent::commit);
  }

  @Test
  void droppingAKeyIsForwardCompatible() throws SQLException {
    db.admin("ALTER TABLE PETS ADD CONSTRAINT PET_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS");
    Connection a = db.connectExplicit("autoRetry=false");
    assertEquals(1, update(a, "INSERT INTO PETS VALUES (12, 3)"));
    db.admin("ALTER TABLE PETS DROP CONSTRAINT PET_OWNER");
    a.commit(); // bound before the drop, committed after it
    assertEquals(List.of("10, 1", "11, 2", "12, 3"), rows(db.admin(), "SELECT ID, OWNER_ID FROM PETS ORDER BY ID"));
  }

  /** Inserts children of owners 1-3 on node 1 until stopped; any error but a retry is kept. */
  private Thread writer(AtomicBoolean stop, AtomicInteger written, AtomicReference<Throwable> failure) {
    Thread t = new Thread(() -> {
      try (Connection c = db.connect("node=1")) {
        for (int id = 1000; !stop.get(); id++) {
          update(c, "INSERT INTO PETS VALUES (" + id + ", " + (1 + id % 3) + ")");
          written.incrementAndGet();
        }
      } catch (Throwable e) {
        failure.set(e);
      }
    });
    t.start();
    return t;
  }

  private void awaitWrites(AtomicInteger written, int atLeast) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (written.get() < atLeast && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
  }

  @Test
  void aKeyAddedUnderWritersOnLaggingNodesHoldsOnEveryNodeWhenItReturns() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger written = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread w = writer(stop, written, failure);
    awaitWrites(written, 50);
    db.admin("ALTER TABLE PETS ADD CONSTRAINT PET_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS");
    int during = written.get();
    awaitWrites(written, during + 50);
    stop.set(true);
    w.join();
    if (failure.get() != null) {
      throw new AssertionError("the writer saw an error", failure.get());
    }
    for (int node = 0; node < 3; node++) { // DDL is linearized: every node enforces it now
      Connection c = db.connect("node=" + node);
      int id = 90 + node;
      assertFails("23503", () -> update(c, "INSERT INTO PETS VALUES (" + id + ", 4)"));
    }
    assertEquals(List.of("VALID"), rows(db.admin(), "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    assertEquals(List.of(), rows(db.admin(), "CHECK TABLE PETS"));
    assertTrue(written.get() > during, "the writer went on after the key");
  }

  @Test
  void anOrphanFromBeforeMakesTheAddWalkBackWhileWritersGoOn() throws Exception {
    db.admin("INSERT INTO PETS VALUES (99, 4)");
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger written = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread w = writer(stop, written, failure);
    awaitWrites(written, 50);
    assertFails("23503",
        () -> db.admin("ALTER TABLE PETS ADD CONSTRAINT PET_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS"));
    int after = written.get();
    awaitWrites(written, after + 50);
    stop.set(true);
    w.join();
    if (failure.get() != null) {
      throw new AssertionError("the writer saw an error", failure.get());
    }
    assertEquals(List.of(), rows(db.admin(), "SELECT STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    assertEquals(1, update(db.admin(), "INSERT INTO PETS VALUES (98, 4)"), "no key is left behind");
  }
}
