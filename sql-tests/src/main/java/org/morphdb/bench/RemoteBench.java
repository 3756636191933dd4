package org.morphdb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.server.MorphServer;
import org.morphdb.server.ServerConfig;

/**
 * {@code morph bench-remote}: round trips through a server on loopback, one run, MorphDB's
 * server against H2's TCP server and HSQLDB's server, all three in this JVM: point select by
 * primary key and auto-commit single-row insert, with 1 and 16 client threads (one
 * connection each), and rows per second of one client's 1,000-row JDBC batches. Prints
 * operations per second and MorphDB's ratio to the faster other.
 */
public final class RemoteBench {
  private final int rows;
  private final double seconds;
  private final PrintStream out;

  public RemoteBench(int rows, double seconds, PrintStream out) {
    this.rows = rows;
    this.seconds = seconds;
    this.out = out;
  }

  /** A server of one engine, and the URL and credentials of its bench database. */
  private record Target(String name, String url, String user, AutoCloseable server) {}

  public int run() throws Exception {
    List<Target> targets = List.of(morph(), h2(), hsqldb());
    Map<String, Map<String, Double>> results = new LinkedHashMap<>();
    try {
      for (Target t : targets) {
        load(t);
        Map<String, Double> r = new LinkedHashMap<>();
        for (int threads : new int[] {1, 16}) {
          r.put("point select, " + threads + " thread" + (threads > 1 ? "s" : ""), measure(t, threads, true));
          r.put("auto-commit insert, " + threads + " thread" + (threads > 1 ? "s" : ""), measure(t, threads, false));
        }
        r.put("batch insert rows, 1 thread", batchRowsPerSecond(t));
        results.put(t.name(), r);
        out.printf("  %s done%n", t.name());
      }
    } finally {
      for (Target t : targets) {
        t.server().close();
      }
    }
    print(results);
    return 0;
  }

  private void print(Map<String, Map<String, Double>> results) {
    out.printf("%n%-30s %12s %12s %12s %10s%n", "ops/s over loopback", "MorphDB", "H2 TCP", "HSQLDB", "ratio");
    for (String workload : results.get("MorphDB").keySet()) {
      double m = results.get("MorphDB").get(workload);
      double h2 = results.get("H2").get(workload);
      double hs = results.get("HSQLDB").get(workload);
      out.printf("%-30s %,12.0f %,12.0f %,12.0f %9.2fx%n", workload, m, h2, hs, m / Math.max(h2, hs));
    }
    out.println("ratio: MorphDB over the faster of H2 and HSQLDB (targets: >= 1.0x at 1 thread, >= 1.5x at 16)");
  }

  private Target morph() throws Exception {
    // a declared database: the server holds it open between the bench's connections
    MorphServer server = MorphServer.start(ServerConfig.forTests()
        .withDatabases(Map.of("bench", "jdbc:morph:mem:bench_remote_" + System.nanoTime())));
    return new Target("MorphDB", server.url("bench"), null, server);
  }

  private Target h2() throws Exception {
    int port = freePort();
    org.h2.tools.Server server = org.h2.tools.Server.createTcpServer("-tcpPort", Integer.toString(port),
        "-ifNotExists").start();
    return new Target("H2", "jdbc:h2:tcp://localhost:" + port + "/mem:bench;DB_CLOSE_DELAY=-1", "sa", server::stop);
  }

  private Target hsqldb() throws Exception {
    int port = freePort();
    org.hsqldb.server.Server server = new org.hsqldb.server.Server();
    server.setDatabaseName(0, "bench");
    server.setDatabasePath(0, "mem:bench;hsqldb.tx=mvcc");
    server.setPort(port);
    server.setSilent(true);
    server.setLogWriter(null);
    server.setErrWriter(null);
    server.start();
    return new Target("HSQLDB", "jdbc:hsqldb:hsql://localhost:" + port + "/bench", "SA", server::shutdown);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static Connection connect(Target t) throws SQLException {
    return t.user() == null ? DriverManager.getConnection(t.url()) : DriverManager.getConnection(t.url(), t.user(), "");
  }

  private void load(Target t) throws SQLException {
    try (Connection c = connect(t); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, a INT, b INT, c VARCHAR(40))");
      s.execute("CREATE TABLE ins (id BIGINT PRIMARY KEY, a INT, c VARCHAR(40))");
      s.execute("CREATE TABLE bat (id BIGINT PRIMARY KEY, a INT, c VARCHAR(40))");
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?, ?)")) {
        for (int i = 0; i < rows; i++) {
          p.setLong(1, i);
          p.setInt(2, i % 1000);
          p.setInt(3, i);
          p.setString(4, "row " + i);
          p.addBatch();
          if (i % 1000 == 999) {
            p.executeBatch();
          }
        }
        if (rows % 1000 != 0) {
          p.executeBatch(); // HSQLDB refuses an empty batch
        }
      }
      c.commit();
    }
  }

  /**
   * Rows per second of one client sending JDBC batches of 1,000 prepared inserts, each batch
   * committed (a bulk load over the wire), after a warm-up.
   */
  private double batchRowsPerSecond(Target t) throws SQLException {
    long id = 0;
    try (Connection c = connect(t); PreparedStatement p = c.prepareStatement("INSERT INTO bat VALUES (?, ?, ?)")) {
      c.setAutoCommit(false);
      long rows = 0;
      long start = 0;
      long warmUpEnd = System.nanoTime() + (long) (Math.max(0.5, seconds / 3) * 1e9);
      long end = Long.MAX_VALUE;
      while (System.nanoTime() < end) {
        for (int i = 0; i < 1000; i++) {
          id++;
          p.setLong(1, id);
          p.setInt(2, (int) id);
          p.setString(3, "bat " + id);
          p.addBatch();
        }
        p.executeBatch();
        c.commit();
        if (start == 0 && System.nanoTime() >= warmUpEnd) {
          start = System.nanoTime();
          end = start + (long) (seconds * 1e9);
        } else if (start != 0) {
          rows += 1000;
        }
      }
      return rows / ((System.nanoTime() - start) / 1e9);
    }
  }

  /** Operations per second of {@code threads} clients for the measured window, after a warm-up. */
  private double measure(Target t, int threads, boolean select) throws Exception {
    AtomicLong ids = new AtomicLong(select ? 0 : ThreadLocalRandom.current().nextLong(1L << 40));
    AtomicLong done = new AtomicLong();
    AtomicBoolean counting = new AtomicBoolean();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> clients = new ArrayList<>();
    List<Exception> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int i = 0; i < threads; i++) {
      Thread client = new Thread(() -> {
        try (Connection c = connect(t); PreparedStatement p = c.prepareStatement(select
            ? "SELECT a, b, c FROM t WHERE id = ?" : "INSERT INTO ins VALUES (?, ?, ?)")) {
          while (!stop.get()) {
            if (select) {
              p.setLong(1, ThreadLocalRandom.current().nextInt(rows));
              try (ResultSet rs = p.executeQuery()) {
                rs.next();
              }
            } else {
              long id = ids.incrementAndGet();
              p.setLong(1, id);
              p.setInt(2, (int) id);
              p.setString(3, "ins");
              p.executeUpdate();
            }
            if (counting.get()) {
              done.incrementAndGet();
            }
          }
        } catch (Exception e) {
          failures.add(e);
        }
      });
      clients.add(client);
      client.start();
    }
    Thread.sleep((long) (Math.max(0.5, seconds / 3) * 1000));
    counting.set(true);
    long start = System.nanoTime();
    Thread.sleep((long) (seconds * 1000));
    long n = done.get();
    double elapsed = (System.nanoTime() - start) / 1e9;
    stop.set(true);
    for (Thread c : clients) {
      c.join();
    }
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
    return n / elapsed;
  }
}
