package org.morphdb.jdbc.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.jdbc.durable.FileDatabaseTest.copyDirectory;
import static org.morphdb.jdbc.durable.FileDatabaseTest.exec;
import static org.morphdb.jdbc.durable.FileDatabaseTest.rows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sequences, IDENTITY columns and foreign keys on a file database: the definitions come back
 * with the catalog, and a counter goes on above every value it may have handed out, after a
 * clean close, after a crash (the log alone) and across a checkpoint.
 */
class SequencesOnFileTest {
  @TempDir
  Path dir;

  private String url(Path db) {
    return "jdbc:morph:file:" + db;
  }

  private static long next(Connection c, String sequence) throws SQLException {
    return Long.parseLong(rows(c, "SELECT NEXT VALUE FOR " + sequence).get(0));
  }

  @Test
  void countersGoOnAfterACleanCloseACrashAndACheckpoint() throws Exception {
    Path db = dir.resolve("db");
    try (Connection c = DriverManager.getConnection(url(db))) {
      exec(c, "CREATE SEQUENCE S START WITH 100",
          "CREATE TABLE OWNERS (ID INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, NAME VARCHAR(9))",
          "CREATE TABLE PETS (ID INT PRIMARY KEY, OWNER_ID INT REFERENCES OWNERS ON DELETE CASCADE)",
          "INSERT INTO OWNERS (NAME) VALUES ('a'), ('b')", "INSERT INTO PETS VALUES (1, 1)");
      assertEquals(100, next(c, "S"));
    }
    Path crashed = dir.resolve("crashed");
    try (Connection c = DriverManager.getConnection(url(db))) {
      assertEquals(List.of("1|a", "2|b"), rows(c, "SELECT * FROM OWNERS ORDER BY ID"));
      assertTrue(next(c, "S") > 100, "after a clean close the sequence goes on");
      exec(c, "INSERT INTO OWNERS (NAME) VALUES ('c')");
      long seen = next(c, "S");
      copyDirectory(db, crashed); // what a crash leaves: no checkpoint, no close
      try (Connection r = DriverManager.getConnection(url(crashed))) {
        assertTrue(next(r, "S") > seen, "after a crash the sequence never hands out a value again");
        exec(r, "INSERT INTO OWNERS (NAME) VALUES ('d')");
        List<String> ids = rows(r, "SELECT ID FROM OWNERS ORDER BY ID");
        assertEquals(4, ids.size());
        assertTrue(Integer.parseInt(ids.get(3)) > 3, "the identity goes on above the crashed process's values");
        assertEquals("23503", org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
            () -> exec(r, "INSERT INTO PETS VALUES (2, 99)")).getSQLState(), "the foreign key came back");
      }
      exec(c, "CHECKPOINT");
      exec(c, "CHECKPOINT"); // the segments with the first reservations are gone now
      long before = next(c, "S");
      Path afterCheckpoint = dir.resolve("after-checkpoint");
      copyDirectory(db, afterCheckpoint);
      try (Connection r = DriverManager.getConnection(url(afterCheckpoint))) {
        assertTrue(next(r, "S") > before, "a checkpoint keeps the reservations");
        exec(r, "DELETE FROM OWNERS WHERE ID = 1");
        assertEquals(List.of(), rows(r, "SELECT * FROM PETS"), "ON DELETE CASCADE came back too");
      }
    }
  }

  @Test
  void aRestartUnusedBeforeACheckpointAndACrashIsKept() throws Exception {
    Path db = dir.resolve("db");
    try (Connection c = DriverManager.getConnection(url(db))) {
      exec(c, "CREATE SEQUENCE S START WITH 1");
      assertEquals(1, next(c, "S"));
      exec(c, "ALTER SEQUENCE S RESTART WITH 500", "CHECKPOINT");
      Path crashed = dir.resolve("crashed");
      copyDirectory(db, crashed); // a crash after the checkpoint: no close
      try (Connection r = DriverManager.getConnection(url(crashed))) {
        assertEquals(500, next(r, "S"), "the restart was lost by the checkpoint and the crash");
      }
    }
    try (Connection c = DriverManager.getConnection(url(db))) {
      assertEquals(500, next(c, "S"), "the restart was lost by the clean close");
    }
  }
}
