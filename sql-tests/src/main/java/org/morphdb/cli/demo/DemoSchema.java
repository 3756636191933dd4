package org.morphdb.cli.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.function.LongConsumer;

/**
 * The demo's table and its schema changes.
 *
 * <p>{@code demo(id BIGINT PRIMARY KEY, a INT, u BIGINT, d INT, c VARCHAR(40))}: {@code a} is
 * random, {@code u = id} (unique), {@code d = id} except on the first {@link #FROZEN} rows,
 * which all have {@code d = 1}. The writers update {@code a} and {@code c} of rows past the
 * frozen ones and insert rows with {@code u = id} and no {@code d}: they keep {@code u}
 * unique and never write a duplicate {@code d}, so the UNIQUE index on {@code u} builds and the
 * one on {@code d} fails on the frozen rows alone, never on a writer's commit.
 */
final class DemoSchema {
  /** Rows the writers never touch; they hold the duplicates of {@code d}. */
  static final int FROZEN = 100;
  static final String TABLE = "demo";
  static final String CREATE_TABLE =
      "CREATE TABLE demo (id BIGINT PRIMARY KEY, a INT, u BIGINT, d INT, c VARCHAR(40))";
  static final String UPDATE = "UPDATE demo SET a = ?, c = ? WHERE id = ?";
  static final String INSERT = "INSERT INTO demo (id, a, u, c) VALUES (?, ?, ?, ?)";
  static final String POINT_READ = "SELECT a, u, c FROM demo WHERE id = ?";
  private static final int BATCH = 1000;

  /** One schema change, named for the summary; {@code expectedSqlState} null: must succeed. */
  record Ddl(String name, String sql, String expectedSqlState) {}

  /** The schema changes, in the order they run. */
  static final List<Ddl> DDLS = List.of(
      new Ddl("CREATE INDEX demo_a", "CREATE INDEX demo_a ON demo (a)", null),
      new Ddl("CREATE UNIQUE INDEX demo_u", "CREATE UNIQUE INDEX demo_u ON demo (u)", null),
      new Ddl("CREATE UNIQUE INDEX demo_d", "CREATE UNIQUE INDEX demo_d ON demo (d)", "23505"),
      new Ddl("ADD COLUMN flag DEFAULT 7", "ALTER TABLE demo ADD COLUMN flag INT DEFAULT 7", null),
      new Ddl("DROP COLUMN d", "ALTER TABLE demo DROP COLUMN d", null),
      new Ddl("DROP INDEX demo_a", "DROP INDEX demo_a", null));

  private DemoSchema() {
  }

  static void create(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      try {
        st.execute("DROP TABLE demo"); // left by an earlier run on the same file database (--file)
      } catch (SQLException e) {
        // a fresh database: nothing to drop
      }
      st.execute(CREATE_TABLE);
    }
  }

  /** Loads rows {@code 1..rows} in batches, reporting the rows done so far. */
  static void load(Connection c, int rows, LongConsumer progress) throws SQLException {
    Random random = new Random(42);
    c.setAutoCommit(false);
    try (PreparedStatement insert = c.prepareStatement("INSERT INTO demo VALUES (?, ?, ?, ?, ?)")) {
      for (int id = 1; id <= rows; id++) {
        insert.setLong(1, id);
        insert.setInt(2, random.nextInt(rows));
        insert.setLong(3, id);
        insert.setInt(4, id <= FROZEN ? 1 : id);
        insert.setString(5, "row " + id);
        insert.addBatch();
        if (id % BATCH == 0 || id == rows) {
          insert.executeBatch();
          c.commit();
          progress.accept(id);
        }
      }
    } finally {
      c.setAutoCommit(true);
    }
  }
}
