package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * FOREIGN KEY constraints, the story: a child needs its parent (23503), a parent's delete is
 * refused or acts on its children, a key added online validates the rows there (and walks back
 * on an orphan), a referenced table cannot be dropped (2BP01), the keys show in metadata, and a
 * child written by an open transaction holds its parent.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ForeignKeyIntegrationTest {
  private String url;
  private Connection c;

  @BeforeEach
  void open() throws SQLException {
    url = EngineUrls.fresh("fk", "keep=true;lockTimeout=20000");
    c = DriverManager.getConnection(url);
    exec("CREATE TABLE OWNERS (ID INT PRIMARY KEY, NAME VARCHAR(20))");
    exec("INSERT INTO OWNERS VALUES (1, 'ann'), (2, 'bob')");
  }

  @AfterEach
  void close() throws SQLException {
    c.close();
  }

  private void exec(String sql) throws SQLException {
    Sql.exec(c, sql);
  }

  private List<String> rows(String sql) throws SQLException {
    return Sql.rows(c, sql);
  }

  private static String state(SQLException e) {
    return e.getSQLState();
  }

  @Test
  void aChildNeedsItsParentButMayReferToNothing() throws SQLException {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT REFERENCES OWNERS, NAME VARCHAR(20))");
    exec("INSERT INTO PETS VALUES (10, 1, 'rex'), (11, NULL, 'stray')");
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("INSERT INTO PETS VALUES (12, 9, 'x')"))));
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("UPDATE PETS SET OWNER_ID = 9 WHERE ID = 10"))));
    assertEquals("23503", state(assertThrows(SQLException.class,
        () -> exec("UPDATE PETS SET OWNER_ID = OWNER_ID + 7 WHERE ID = 10"))));
    exec("UPDATE PETS SET OWNER_ID = 2 WHERE ID = 10");
    assertEquals(List.of("10|2|rex", "11|null|stray"), rows("SELECT * FROM PETS ORDER BY ID"));
    assertEquals(List.of(), rows("CHECK TABLE PETS"));
  }

  @Test
  void aParentDeleteIsRefusedOrActsOnItsChildren() throws SQLException {
    exec("CREATE TABLE RESTRICTED (ID INT PRIMARY KEY, O INT, FOREIGN KEY (O) REFERENCES OWNERS (ID))");
    exec("CREATE TABLE CASCADING (ID INT PRIMARY KEY, O INT REFERENCES OWNERS ON DELETE CASCADE)");
    exec("CREATE TABLE NULLED (ID INT PRIMARY KEY, O INT REFERENCES OWNERS ON DELETE SET NULL)");
    exec("CREATE TABLE DEFAULTED (ID INT PRIMARY KEY, O INT DEFAULT 2 REFERENCES OWNERS ON DELETE SET DEFAULT)");
    exec("INSERT INTO RESTRICTED VALUES (1, 1)");
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("DELETE FROM OWNERS WHERE ID = 1"))));
    exec("DELETE FROM RESTRICTED");
    exec("INSERT INTO CASCADING VALUES (1, 1), (2, 1), (3, 2)");
    exec("INSERT INTO NULLED VALUES (1, 1)");
    exec("INSERT INTO DEFAULTED VALUES (1, 1)");
    exec("DELETE FROM OWNERS WHERE ID = 1");
    assertEquals(List.of("3|2"), rows("SELECT * FROM CASCADING"));
    assertEquals(List.of("1|null"), rows("SELECT * FROM NULLED"));
    assertEquals(List.of("1|2"), rows("SELECT * FROM DEFAULTED"));
    for (String t : List.of("CASCADING", "NULLED", "DEFAULTED")) {
      assertEquals(List.of(), rows("CHECK TABLE " + t), t);
    }
  }

  @Test
  void childrenAreFoundThroughAnIndexOnTheirKeyColumnsToo() throws SQLException {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT REFERENCES OWNERS ON DELETE CASCADE, NAME VARCHAR(9))");
    exec("CREATE TABLE TOYS (ID INT PRIMARY KEY, PET_ID INT REFERENCES PETS)");
    exec("CREATE INDEX PETS_BY_OWNER ON PETS (OWNER_ID, NAME)");
    exec("CREATE UNIQUE INDEX TOYS_BY_PET ON TOYS (PET_ID)");
    exec("INSERT INTO PETS VALUES (10, 1, 'rex'), (11, 1, 'tom'), (12, 2, 'kit')");
    exec("INSERT INTO TOYS VALUES (1, 12)");
    exec("DELETE FROM OWNERS WHERE ID = 1");
    assertEquals(List.of("12"), rows("SELECT ID FROM PETS"));
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("DELETE FROM OWNERS WHERE ID = 2"))));
    assertEquals(List.of("12"), rows("SELECT ID FROM PETS"), "the refused delete cascaded nothing");
    assertEquals(List.of(), rows("CHECK TABLE PETS"));
  }

  @Test
  void aParentKeyChangeCascadesOrIsRefused() throws SQLException {
    exec("CREATE TABLE FOLLOWS (ID INT PRIMARY KEY, O INT REFERENCES OWNERS ON UPDATE CASCADE)");
    exec("CREATE TABLE PINNED (ID INT PRIMARY KEY, O INT REFERENCES OWNERS)");
    exec("INSERT INTO FOLLOWS VALUES (1, 1)");
    exec("INSERT INTO PINNED VALUES (1, 2)");
    exec("UPDATE OWNERS SET ID = 11 WHERE ID = 1");
    assertEquals(List.of("1|11"), rows("SELECT * FROM FOLLOWS"));
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("UPDATE OWNERS SET ID = 12 WHERE ID = 2"))));
    assertEquals(List.of("2|bob", "11|ann"), rows("SELECT * FROM OWNERS ORDER BY ID"));
  }

  @Test
  void aSelfReferenceCascadesDownTheTree() throws SQLException {
    exec("CREATE TABLE NODES (ID INT PRIMARY KEY, UP INT REFERENCES NODES ON DELETE CASCADE)");
    exec("INSERT INTO NODES VALUES (1, NULL)");
    exec("INSERT INTO NODES VALUES (2, 1), (3, 2), (4, 4)");
    exec("DELETE FROM NODES WHERE ID = 1");
    assertEquals(List.of("4"), rows("SELECT ID FROM NODES"));
    exec("DELETE FROM NODES WHERE ID = 4");
    assertEquals(List.of(), rows("SELECT ID FROM NODES"));
  }

  @Test
  void referencesMustHoldWhenTheStatementEndsNotAtEachRow() throws SQLException {
    exec("CREATE TABLE STAFF (ID INT PRIMARY KEY, BOSS INT REFERENCES STAFF)");
    exec("INSERT INTO STAFF VALUES (3, 2), (2, 1), (1, NULL)"); // each row before the one it refers to
    SQLException dangling = assertThrows(SQLException.class, () -> exec("INSERT INTO STAFF VALUES (5, 4), (6, 5)"));
    assertEquals("23503", state(dangling));
    assertTrue(dangling.getMessage().contains("STAFF"), dangling.getMessage());
    assertEquals(List.of("1|null", "2|1", "3|2"), rows("SELECT * FROM STAFF ORDER BY ID")); // nothing of it stayed
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("DELETE FROM STAFF WHERE ID = 2"))));
    exec("DELETE FROM STAFF WHERE ID <= 2 OR BOSS = 2"); // NO ACTION: the boss goes with those under him
    assertEquals(List.of(), rows("SELECT * FROM STAFF"));
  }

  @Test
  void noActionAllowsAKeyShiftRestrictDoesNot() throws SQLException {
    exec("INSERT INTO OWNERS VALUES (3, 'cy')");
    exec("CREATE TABLE LOOSE (ID INT PRIMARY KEY, O INT REFERENCES OWNERS ON UPDATE NO ACTION)");
    exec("INSERT INTO LOOSE VALUES (1, 2)");
    exec("UPDATE OWNERS SET ID = ID + 1"); // 1 -> 2, 2 -> 3, 3 -> 4: some owner still has ID 2
    assertEquals(List.of("2|ann", "3|bob", "4|cy"), rows("SELECT * FROM OWNERS ORDER BY ID"));
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("UPDATE OWNERS SET ID = ID + 10"))));
    exec("CREATE TABLE STRICT_ (ID INT PRIMARY KEY, O INT REFERENCES OWNERS ON UPDATE RESTRICT)");
    exec("INSERT INTO STRICT_ VALUES (1, 3)");
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("UPDATE OWNERS SET ID = ID + 1"))));
    assertEquals(List.of("2|ann", "3|bob", "4|cy"), rows("SELECT * FROM OWNERS ORDER BY ID"));
    assertEquals(List.of(), rows("CHECK TABLE LOOSE"));
  }

  @Test
  void aKeyAddedOnlineValidatesTheRowsAndWalksBackOnAnOrphan() throws SQLException {
    exec("CREATE TABLE VISITS (ID INT PRIMARY KEY, OWNER_ID INT)");
    exec("INSERT INTO VISITS VALUES (1, 1), (2, 9)");
    SQLException e = assertThrows(SQLException.class,
        () -> exec("ALTER TABLE VISITS ADD CONSTRAINT FK_VISIT_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS (ID)"));
    assertEquals("23503", e.getSQLState());
    assertTrue(e.getMessage().contains("FK_VISIT_OWNER"), e.getMessage());
    exec("INSERT INTO VISITS VALUES (3, 8)"); // the key walked back: nothing enforces it
    exec("DELETE FROM VISITS WHERE OWNER_ID > 2");
    exec("ALTER TABLE VISITS ADD CONSTRAINT FK_VISIT_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS (ID)");
    assertEquals("23503", state(assertThrows(SQLException.class, () -> exec("INSERT INTO VISITS VALUES (4, 8)"))));
    assertEquals(List.of("PUBLIC|FK_VISIT_OWNER|VISITS|OWNER_ID|OWNERS|ID|NO ACTION|VALID"),
        rows("SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, TABLE_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME,"
            + " REFERENCED_COLUMN_NAME, DELETE_RULE, STATE FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    exec("ALTER TABLE VISITS DROP CONSTRAINT FK_VISIT_OWNER");
    exec("INSERT INTO VISITS VALUES (4, 8)");
  }

  @Test
  void aReferencedTableCannotBeDroppedUntilItsKeysAre() throws SQLException {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT, CONSTRAINT PET_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS)");
    assertEquals("2BP01", state(assertThrows(SQLException.class, () -> exec("DROP TABLE OWNERS"))));
    assertEquals("2BP01", state(assertThrows(SQLException.class, () -> exec("ALTER TABLE PETS DROP COLUMN OWNER_ID"))));
    exec("DROP TABLE PETS"); // the child goes, and with it the key on OWNERS
    exec("DELETE FROM OWNERS WHERE ID = 1");
    exec("DROP TABLE OWNERS");
  }

  @Test
  void dropTableCascadeDropsTheKeysThatReferToIt() throws SQLException {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT REFERENCES OWNERS)");
    exec("INSERT INTO PETS VALUES (1, 1)");
    exec("DROP TABLE OWNERS CASCADE");
    assertEquals(List.of(), rows("SELECT CONSTRAINT_NAME FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS"));
    exec("INSERT INTO PETS VALUES (2, 42)"); // nothing to refer to any more
    assertEquals(List.of("1|1", "2|42"), rows("SELECT * FROM PETS ORDER BY ID"));
    assertEquals(List.of(), rows("CHECK TABLE PETS"));
  }

  @Test
  void badDeclarationsFailClearly() {
    assertEquals("42S02", state(assertThrows(SQLException.class,
        () -> exec("CREATE TABLE P1 (ID INT PRIMARY KEY, O INT REFERENCES NOPE)"))));
    assertEquals("42000", state(assertThrows(SQLException.class,
        () -> exec("CREATE TABLE P2 (ID INT PRIMARY KEY, O INT REFERENCES OWNERS (NAME))"))));
    assertEquals("42000", state(assertThrows(SQLException.class,
        () -> exec("CREATE TABLE P3 (ID INT PRIMARY KEY, O VARCHAR(5) REFERENCES OWNERS)"))));
    assertEquals("42000", state(assertThrows(SQLException.class,
        () -> exec("CREATE TABLE P4 (ID INT PRIMARY KEY, O INT NOT NULL REFERENCES OWNERS ON DELETE SET NULL)"))));
    assertEquals("0A000", state(assertThrows(SQLException.class,
        () -> exec("ALTER TABLE OWNERS ADD COLUMN BOSS INT REFERENCES OWNERS"))));
  }

  @Test
  void metadataShowsImportedExportedAndCrossReferences() throws SQLException {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT,"
        + " CONSTRAINT PET_OWNER FOREIGN KEY (OWNER_ID) REFERENCES OWNERS ON DELETE CASCADE)");
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet rs = md.getImportedKeys(null, "PUBLIC", "PETS")) {
      assertTrue(rs.next());
      assertEquals("OWNERS", rs.getString("PKTABLE_NAME"));
      assertEquals("ID", rs.getString("PKCOLUMN_NAME"));
      assertEquals("PETS", rs.getString("FKTABLE_NAME"));
      assertEquals("OWNER_ID", rs.getString("FKCOLUMN_NAME"));
      assertEquals(1, rs.getShort("KEY_SEQ"));
      assertEquals(DatabaseMetaData.importedKeyCascade, rs.getShort("DELETE_RULE"));
      assertEquals(DatabaseMetaData.importedKeyNoAction, rs.getShort("UPDATE_RULE"));
      assertEquals("PET_OWNER", rs.getString("FK_NAME"));
      assertFalse(rs.next());
    }
    try (ResultSet rs = md.getExportedKeys(null, "PUBLIC", "OWNERS")) {
      assertTrue(rs.next());
      assertEquals("PETS", rs.getString("FKTABLE_NAME"));
      assertFalse(rs.next());
    }
    try (ResultSet rs = md.getCrossReference(null, "PUBLIC", "OWNERS", null, "PUBLIC", "PETS")) {
      assertTrue(rs.next());
    }
    try (ResultSet rs = md.getImportedKeys(null, "PUBLIC", "OWNERS")) {
      assertFalse(rs.next());
    }
  }

  @Test
  void aChildWrittenByAnOpenTransactionHoldsItsParent() throws Exception {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT REFERENCES OWNERS)");
    try (Connection writer = DriverManager.getConnection(url); Connection deleter = DriverManager.getConnection(url)) {
      writer.setAutoCommit(false);
      try (Statement s = writer.createStatement()) {
        s.executeUpdate("INSERT INTO PETS VALUES (1, 2)");
      }
      CompletableFuture<String> delete = CompletableFuture.supplyAsync(() -> {
        try (Statement s = deleter.createStatement()) {
          s.executeUpdate("DELETE FROM OWNERS WHERE ID = 2");
          return "deleted";
        } catch (SQLException e) {
          return e.getSQLState();
        }
      });
      assertThrows(TimeoutException.class, () -> delete.get(300, TimeUnit.MILLISECONDS),
          "the delete waits for the writer's lock on its parent row");
      writer.commit();
      assertEquals("23503", delete.get(30, TimeUnit.SECONDS), "then finds the committed child");
    }
    assertEquals(List.of("1|2"), rows("SELECT * FROM PETS"));
  }

  @Test
  void addingAKeyAbortsATransactionThatWroteTheParent() throws SQLException {
    exec("CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT)");
    try (Connection tx = DriverManager.getConnection(url)) {
      tx.setAutoCommit(false);
      try (Statement s = tx.createStatement()) {
        s.executeUpdate("DELETE FROM OWNERS WHERE ID = 2"); // under the schema without the key
      }
      exec("ALTER TABLE PETS ADD FOREIGN KEY (OWNER_ID) REFERENCES OWNERS");
      SQLException e = assertThrows(SQLException.class, tx::commit);
      assertEquals("40001", e.getSQLState());
      assertEquals(1002, e.getErrorCode());
    }
    assertEquals(List.of("1|ann", "2|bob"), rows("SELECT * FROM OWNERS ORDER BY ID"));
  }
}
