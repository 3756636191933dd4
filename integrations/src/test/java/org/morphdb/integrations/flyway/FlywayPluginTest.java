package org.morphdb.integrations.flyway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.output.RepairResult;
import org.flywaydb.core.internal.database.DatabaseTypeRegister;
import org.junit.jupiter.api.Test;
import org.morphdb.integrations.TestDatabases;

/** Flyway 13 with the MorphDB plugin: migrate, a failing migration, repair, migrate again. */
class FlywayPluginTest {

  private static Flyway flyway(String url, String... locations) {
    return Flyway.configure()
        .dataSource(url, null, null)
        .locations(Arrays.stream(locations).map(l -> "classpath:flyway/" + l).toArray(String[]::new))
        .load();
  }

  private static List<String> column(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
         Statement st = c.createStatement();
         ResultSet rs = st.executeQuery(sql)) {
      List<String> values = new ArrayList<>();
      while (rs.next()) {
        values.add(rs.getString(1));
      }
      return values;
    }
  }

  @Test
  void pluginIsChosenForMorphConnections() throws SQLException {
    String url = TestDatabases.freshUrl("flyway");
    try (Connection c = DriverManager.getConnection(url)) {
      assertInstanceOf(MorphDatabaseType.class,
          DatabaseTypeRegister.getDatabaseTypeForConnection(c, flyway(url, "base").getConfiguration()));
    }
    assertEquals(3, flyway(url, "base").info().pending().length);
  }

  @Test
  void migrateFailRepairMigrate() throws SQLException {
    String url = TestDatabases.freshUrl("flyway");
    MigrateResult first = flyway(url, "base").migrate();
    assertTrue(first.success);
    assertEquals(3, first.migrationsExecuted);
    assertEquals(List.of("Leo", "Max"), column(url, "SELECT name FROM pet WHERE owner_id = 1 ORDER BY name"));
    assertEquals(List.of("PET_OWNER_IDX"), column(url,
        "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = 'PET' AND INDEX_NAME = 'PET_OWNER_IDX'"));
    assertEquals(List.of("1", "2", "3"),
        column(url, "SELECT \"version\" FROM \"flyway_schema_history\" WHERE \"success\" ORDER BY \"installed_rank\""));

    // nothing left to do
    assertEquals(0, flyway(url, "base").migrate().migrationsExecuted);

    FlywayException failure = assertThrows(FlywayException.class,
        () -> flyway(url, "base", "failing").migrate());
    assertTrue(failure.getMessage().contains("NO_SUCH_TABLE"), failure.getMessage());
    MigrationInfo failed = flyway(url, "base", "failing").info().current();
    assertEquals("4", failed.getVersion().getVersion());
    assertEquals(MigrationState.FAILED, failed.getState());
    // DDL is not transactional: the statement before the failure stays applied
    assertEquals(List.of("EMAIL"), column(url,
        "SELECT COLUMN_NAME FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'OWNER' AND COLUMN_NAME = 'EMAIL'"));

    // a failed migration blocks further migrates until it is repaired
    assertThrows(FlywayException.class, () -> flyway(url, "base", "fixed").migrate());
    RepairResult repair = flyway(url, "base", "fixed").repair();
    assertEquals(List.of("4"), repair.migrationsRemoved.stream().map(m -> m.version).toList());

    MigrateResult again = flyway(url, "base", "fixed").migrate();
    assertEquals(1, again.migrationsExecuted);
    assertEquals("4", again.targetSchemaVersion);
    assertEquals(List.of("ann@example.org", "bob@example.org"),
        column(url, "SELECT email FROM owner ORDER BY id"));
    assertFalse(Arrays.stream(flyway(url, "base", "fixed").info().all())
        .anyMatch(m -> m.getState() == MigrationState.FAILED));
    flyway(url, "base", "fixed").validate();
  }

  @Test
  void indexMigrationRunsWhileWritersKeepWriting() throws Exception {
    String url = TestDatabases.freshUrl("flyway");
    flyway(url, "base").migrate(); // V1-V3
    try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
      st.executeUpdate("DROP INDEX pet_owner_idx");
      st.executeUpdate("DELETE FROM \"flyway_schema_history\" WHERE \"version\" = '3'");
    }
    AtomicInteger written = new AtomicInteger();
    AtomicInteger writtenDuringMigration = new AtomicInteger();
    AtomicReference<Throwable> writerError = new AtomicReference<>();
    AtomicReference<Boolean> migrating = new AtomicReference<>(false);
    Thread writer = new Thread(() -> {
      try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
        while (!Thread.currentThread().isInterrupted()) {
          st.executeUpdate("INSERT INTO pet (owner_id, name) VALUES (" + (written.get() % 2 + 1) + ", 'p')");
          written.incrementAndGet();
          if (migrating.get()) {
            writtenDuringMigration.incrementAndGet();
          }
        }
      } catch (Throwable t) {
        writerError.set(t);
      }
    });
    writer.start();
    while (written.get() < 2000 && writerError.get() == null) {
      Thread.sleep(10);
    }
    migrating.set(true);
    MigrateResult result = flyway(url, "base").migrate(); // V3 again: CREATE INDEX on a busy table
    migrating.set(false);
    Thread.sleep(50);
    writer.interrupt();
    writer.join();

    assertEquals(null, writerError.get());
    assertEquals(1, result.migrationsExecuted);
    assertTrue(writtenDuringMigration.get() > 0, "writers were blocked during the index build");
    assertEquals(List.of(), column(url, "CHECK TABLE pet"));
    assertEquals(List.of(String.valueOf(3 + written.get())), column(url, "SELECT COUNT(*) FROM pet"));
  }
}
