package org.morphdb.jdbc.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.jdbc.durable.FileDatabaseTest.exec;
import static org.morphdb.jdbc.durable.FileDatabaseTest.rows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.morphdb.engine.DatabaseRegistry;
import org.morphdb.engine.durable.Durability;

/**
 * The disk failing under a file database: the commit that meets the failure fails with a
 * clear SQLException (58030), later commits are refused until the database is reopened, and
 * the reopen has every commit acknowledged before the failure.
 */
class IoErrorTest {
  @TempDir
  Path dir;

  @AfterEach
  void restore() {
    Durability.useFileIo(null);
  }

  private String url() {
    return "jdbc:morph:file:" + dir.resolve("db");
  }

  @Test
  void aFailedForceFailsTheCommitAndLosesNothingAcknowledged() throws Exception {
    CrashingFileIo io = new CrashingFileIo();
    Durability.useFileIo(io);
    Connection c = DriverManager.getConnection(url());
    exec(c, "CREATE TABLE T (ID INT PRIMARY KEY)", "INSERT INTO T VALUES (1)", "INSERT INTO T VALUES (2)");
    io.failForces = true;
    SQLException e = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO T VALUES (3)"));
    assertEquals("58030", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("write-ahead log"), e.getMessage());
    io.failForces = false;
    SQLException later = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO T VALUES (4)"));
    assertEquals("58030", later.getSQLState(), "a log that failed a force accepts nothing more");
    io.crash(new java.util.Random(7));
    DatabaseRegistry.simulateCrash("file:" + dir.resolve("db"));
    Durability.useFileIo(null);
    try (Connection r = DriverManager.getConnection(url())) {
      List<String> ids = rows(r, "SELECT ID FROM T ORDER BY ID");
      assertEquals(List.of("1", "2"), ids.subList(0, 2), "acknowledged commits lost: " + ids);
      assertTrue(!ids.contains("4"));
    }
  }

  @Test
  void aFullDiskFailsTheCommitAndAppliesNothing() throws Exception {
    CrashingFileIo io = new CrashingFileIo();
    Durability.useFileIo(io);
    Connection c = DriverManager.getConnection(url());
    exec(c, "CREATE TABLE T (ID INT PRIMARY KEY)", "INSERT INTO T VALUES (1)");
    io.failWrites = true;
    SQLException e = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO T VALUES (2)"));
    assertEquals("58030", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("No space left"), e.getMessage());
    assertEquals(List.of("1"), rows(c, "SELECT ID FROM T"), "a commit whose record was not written is not applied");
    DatabaseRegistry.simulateCrash("file:" + dir.resolve("db"));
    Durability.useFileIo(null);
    try (Connection r = DriverManager.getConnection(url())) {
      assertEquals(List.of("1"), rows(r, "SELECT ID FROM T"));
      exec(r, "INSERT INTO T VALUES (2)");
    }
  }

  @Test
  void aCleanCloseWaitsForAPurgeInsteadOfInterruptingItsForce() throws Exception {
    CrashingFileIo io = new CrashingFileIo();
    Durability.useFileIo(io);
    try (Connection c = DriverManager.getConnection(url())) {
      exec(c, "CREATE TABLE T (ID INT PRIMARY KEY, V INT)", "INSERT INTO T VALUES (1, 1)");
      boolean purgeForcing = false;
      // a purge's commit that another thread's force covers (a job row, a heartbeat) returns
      // without a force of its own: drop another table until the purge thread forces itself
      for (int attempt = 0; attempt < 5 && !purgeForcing; attempt++) {
        io.slowPurgeForceMillis = 0;
        exec(c, "CREATE TABLE GONE" + attempt + " (ID INT PRIMARY KEY)");
        try (var p = c.prepareStatement("INSERT INTO GONE" + attempt + " VALUES (?)")) {
          for (int i = 0; i < 500; i++) {
            p.setInt(1, i);
            p.executeUpdate();
          }
        }
        io.slowPurgeForceMillis = 700;
        exec(c, "DROP TABLE GONE" + attempt); // its rows are purged on the purge thread, with a commit
        purgeForcing = io.purgeForcing.await(10, java.util.concurrent.TimeUnit.SECONDS);
      }
      assertTrue(purgeForcing, "no purge forced the log in 5 drops");
    } // the last session: the database closes while the purge forces its commit
    assertEquals(0, io.interruptedForces.get(), "the close interrupted a force of the log");
    Durability.useFileIo(null);
    try (Connection r = DriverManager.getConnection(url())) {
      assertEquals(List.of("1|1"), rows(r, "SELECT ID, V FROM T"));
      exec(r, "INSERT INTO T VALUES (2, 2)");
    }
  }
}
