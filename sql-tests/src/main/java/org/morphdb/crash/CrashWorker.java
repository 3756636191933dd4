package org.morphdb.crash;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child JVM of {@code ./morph crashtest}: opens the file database, runs writers that
 * print each id whose commit returned ({@code ACK id}) and a DDL loop, until it is killed.
 * With {@code probe} as the mode it only tries to open the database and prints the SQLState
 * it got ({@code STATE s message}): the one-process-at-a-time check.
 *
 * With {@code plain} the writers insert one row per auto-commit statement and there is no DDL
 * loop: the mode for H2 and HSQLDB, whose losses are counted.
 *
 * <p>Arguments: {@code run|plain URL FIRST_ID WRITERS} or {@code probe URL}.
 */
public final class CrashWorker {
  /** Every writer commits ID and -ID in one transaction: a reopen must find both or neither. */
  static final String TABLE = "CREATE TABLE CT (ID BIGINT PRIMARY KEY, PAIR BIGINT, W INT)";

  private CrashWorker() {}

  public static void main(String[] args) throws Exception {
    PrintStream out = System.out;
    if (args[0].equals("probe")) {
      try (Connection c = DriverManager.getConnection(args[1])) {
        out.println("STATE ok");
      } catch (SQLException e) {
        out.println("STATE " + e.getSQLState() + " " + e.getMessage());
      }
      out.flush();
      return;
    }
    boolean plain = args[0].equals("plain");
    String url = args[1];
    AtomicLong ids = new AtomicLong(Long.parseLong(args[2]));
    int writers = Integer.parseInt(args[3]);
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      try {
        s.execute(TABLE);
      } catch (SQLException e) {
        // there from an earlier run
      }
    }
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      threads.add(new Thread(() -> {
        if (plain) {
          writeSingleRows(url, ids, out);
        } else {
          write(url, ids, out);
        }
      }, "writer-" + i));
    }
    if (!plain) {
      threads.add(new Thread(() -> ddlLoop(url), "ddl"));
    }
    threads.forEach(Thread::start);
    synchronized (out) {
      out.println("READY");
      out.flush();
    }
    for (Thread t : threads) {
      t.join();
    }
  }

  private static void write(String url, AtomicLong ids, PrintStream out) {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      while (true) {
        long id = ids.incrementAndGet();
        try {
          s.executeUpdate("INSERT INTO CT VALUES (" + id + ", " + -id + ", " + id % 11 + ")");
          s.executeUpdate("INSERT INTO CT VALUES (" + -id + ", " + id + ", " + id % 13 + ")");
          if (id % 3 == 0) {
            s.executeUpdate("UPDATE CT SET W = W + 1 WHERE ID = " + (id - 1));
          }
          c.commit();
        } catch (SQLException e) {
          if (!"40001".equals(e.getSQLState())) {
            throw e;
          }
          c.rollback();
          continue; // a DDL's version made the transaction retry; the id is never acknowledged
        }
        synchronized (out) {
          out.println("ACK " + id);
          out.flush();
        }
      }
    } catch (SQLException e) {
      System.err.println("writer stopped: " + e);
    }
  }

  /** One auto-commit INSERT per id, acknowledged when executeUpdate returns. */
  private static void writeSingleRows(String url, AtomicLong ids, PrintStream out) {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      while (true) {
        long id = ids.incrementAndGet();
        s.executeUpdate("INSERT INTO CT VALUES (" + id + ", " + -id + ", 0)");
        synchronized (out) {
          out.println("ACK " + id);
          out.flush();
        }
      }
    } catch (SQLException e) {
      System.err.println("writer stopped: " + e);
    }
  }

  private static void ddlLoop(String url) {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      for (int round = 0; ; round++) {
        // an index left by an earlier run, or missing, fails one statement; the loop goes on
        tryRun(s, round % 2 == 0 ? "CREATE UNIQUE INDEX CT_PAIR ON CT (PAIR)" : "DROP INDEX CT_PAIR");
        tryRun(s, round % 2 == 0 ? "CREATE INDEX CT_W ON CT (W)" : "DROP INDEX CT_W");
        if (round % 5 == 4) {
          tryRun(s, "CHECKPOINT");
        }
      }
    } catch (SQLException e) {
      System.err.println("DDL loop stopped: " + e);
    }
  }

  private static void tryRun(Statement s, String sql) {
    try {
      s.execute(sql);
    } catch (SQLException e) {
      if ("58030".equals(e.getSQLState())) {
        throw new IllegalStateException(e);
      }
    }
  }
}
