package org.morphdb.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.morphdb.fuzz.SqlMutator;
import org.morphdb.slt.SltRecord;
import org.morphdb.slt.SltScript;
import org.morphdb.slt.SltSource;

/**
 * Seeded fuzzing with mutated corpus statements against a database with data: every failure
 * must be an SQLException with a SQLState; no other throwable, no hang, no dead connection;
 * afterwards CHECK TABLE is clean and the connection answers correctly. Bounded by count and
 * by time ({@code -Dfuzz.count}, {@code -Dfuzz.seconds}, {@code -Dfuzz.seed}).
 */
class SqlFuzzTest {
  private static final long SEED = Long.getLong("fuzz.seed", 20240611L);
  private static final int COUNT = Integer.getInteger("fuzz.count", 10_000);
  private static final int SECONDS = Integer.getInteger("fuzz.seconds", 60);
  private static final int STATEMENT_TIMEOUT_S = 30;

  @Test
  void mutatedStatementsFailCleanly() throws Exception {
    List<String> seeds = seeds();
    Random random = new Random(SEED);
    ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(null, r, "fuzz", 1L << 20);
      t.setDaemon(true);
      return t;
    });
    int run = 0;
    int failedCleanly = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
    try (Connection c = DriverManager.getConnection("jdbc:morph:mem:fuzz_" + SEED)) {
      setUp(c);
      while (run < COUNT && System.nanoTime() < deadline) {
        String sql = SqlMutator.mutate(seeds, random);
        run++;
        Future<Throwable> f = exec.submit(() -> {
          try (Statement st = c.createStatement()) {
            if (st.execute(sql)) {
              try (ResultSet rs = st.getResultSet()) {
                int n = 0;
                while (rs.next() && n++ < 10_000) {
                  for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    rs.getObject(i);
                  }
                }
              }
            }
            return null;
          } catch (Throwable e) {
            return e;
          }
        });
        Throwable e;
        try {
          e = f.get(STATEMENT_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (TimeoutException t) {
          f.cancel(true);
          fail("statement #" + run + " (seed " + SEED + ") hung: " + sql);
          return;
        }
        if (e == null) {
          continue;
        }
        if (!(e instanceof SQLException s) || s.getSQLState() == null) {
          throw new AssertionError("statement #" + run + " (seed " + SEED + ") threw "
              + e + " instead of an SQLException with a SQLState: " + sql, e);
        }
        failedCleanly++;
        if (!c.getAutoCommit()) {
          c.rollback();
          c.setAutoCommit(true);
        }
        assertTrue(c.isValid(5), "connection dead after: " + sql);
      }
      System.out.printf("fuzz: seed %d, %d statements, %d failed with a SQLState%n", SEED, run,
          failedCleanly);
      checkAfter(c);
    } finally {
      exec.shutdownNow();
    }
    assertTrue(run >= Math.min(COUNT, 1000), "only " + run + " statements in the time budget");
  }

  private static void setUp(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String t : List.of("t1", "t2", "tab0")) {
        st.execute("CREATE TABLE " + t + " (a INTEGER, b INTEGER, c INTEGER, d INTEGER, "
            + "e INTEGER, x VARCHAR(40), pk INTEGER PRIMARY KEY)");
        st.execute("CREATE INDEX " + t + "_b ON " + t + " (b)");
        for (int i = 0; i < 30; i++) {
          st.execute("INSERT INTO " + t + " VALUES (" + (100 + i) + ", " + (i * 7 % 13) + ", "
              + (i % 5) + ", " + (i * 3) + ", " + (i % 2 == 0 ? "NULL" : i) + ", 'v" + i + "', "
              + i + ")");
        }
      }
    }
  }

  private static void checkAfter(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = st.executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES "
          + "WHERE TABLE_SCHEMA = 'PUBLIC'")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String t : tables) {
        try (ResultSet rs = st.executeQuery("CHECK TABLE \"" + t + "\"")) {
          if (rs.next()) {
            fail("CHECK TABLE " + t + ": " + rs.getString(1) + " " + rs.getString(2) + " "
                + rs.getString(3) + " " + rs.getString(4));
          }
        }
      }
      try (ResultSet rs = st.executeQuery("SELECT 6 * 7, 'ok'")) {
        assertTrue(rs.next());
        assertEquals(42, rs.getInt(1));
        assertEquals("ok", rs.getString(2));
      }
    }
  }

  /** Statements of a few corpus files and of the project's own .test files. */
  private static List<String> seeds() throws Exception {
    List<String> out = new ArrayList<>();
    List<SltSource> sources = new ArrayList<>();
    sources.add(SltSource.corpus("select1.test"));
    sources.add(SltSource.corpus("evidence/in1.test"));
    sources.add(SltSource.corpus("evidence/slt_lang_update.test"));
    sources.add(SltSource.corpus("index/delete/10/slt_good_0.test"));
    sources.addAll(SltSource.resolve("src/test/resources/slt"));
    for (SltSource s : sources) {
      SltScript script = s.parse();
      for (SltRecord r : script.records()) {
        if (r instanceof SltRecord.Statement st) {
          out.add(st.sql());
        } else if (r instanceof SltRecord.Query q) {
          out.add(q.sql());
        }
      }
    }
    assertNotNull(out);
    assertTrue(out.size() > 100, "too few seed statements: " + out.size());
    return out;
  }
}
