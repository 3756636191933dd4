package org.morphdb.stress;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.TestHooks;

/**
 * One seed of the stress: a fresh database, writers on every node, a DDL thread (the
 * caller's) looping over schema changes with the checks after each job, and the final
 * comparison with the model. The seed fixes the workload (the DDL sequence and every
 * writer's operations); thread timing and channel lag still vary between runs.
 */
final class SeedRun {
  private static final AtomicLong RUNS = new AtomicLong();
  private static final long JOIN_MILLIS = 60_000;

  private final StressConfig config;
  private final long seed;
  private final Findings findings;
  private final Counters counters = new Counters();
  private final List<String> jobLog = new ArrayList<>();
  private final Random checkRandom;

  SeedRun(StressConfig config, long seed) {
    this.config = config;
    this.seed = seed;
    this.findings = new Findings(config.stopSeedOnAnomaly());
    this.checkRandom = new Random(seed ^ 0x5EED_C4EC4L);
  }

  SeedResult run() {
    long start = System.nanoTime();
    String name = "stress_" + seed + "_" + RUNS.incrementAndGet() + "_" + Long.toHexString(System.nanoTime());
    String base = "jdbc:morph:mem:" + name;
    List<Connection> connections = new ArrayList<>();
    List<Writer> writers = new ArrayList<>();
    List<FamilyWriter> families = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    try {
      Connection admin = DriverManager.getConnection(base + ";" + config.databaseOptions() + ";node=0");
      connections.add(admin);
      TestHooks hooks = Databases.testHooks(name);
      exec(admin, Workload.CREATE_TABLE);
      exec(admin, Workload.CREATE_PARENT);
      exec(admin, Workload.CREATE_CHILD);
      // Not needed by DESIGN.md (a DDL is linearized with every later statement), but a
      // statement prepared on a lagging node resolves names in the node's newest catalog,
      // which may not have the table yet; see org.morphdb.online.LinearizabilityTest.
      for (int node = 0; node < config.nodes(); node++) {
        awaitCaughtUp(hooks, node);
      }
      int writerCount = config.nodes() * config.writersPerNode();
      for (int node = 0; node < config.nodes(); node++) {
        for (int j = 0; j < config.writersPerNode(); j++) {
          int index = node * config.writersPerNode() + j;
          boolean ownRetries = index % 2 == 1;
          Connection wc = DriverManager.getConnection(base + ";node=" + node + ";autoRetry=" + !ownRetries);
          connections.add(wc);
          writers.add(new Writer(index, node, wc, ownRetries, seed, config.rowsPerWriter(), findings, counters));
        }
      }
      for (int node = 0; node < config.nodes(); node++) {
        Connection fc = DriverManager.getConnection(base + ";node=" + node);
        connections.add(fc);
        families.add(new FamilyWriter(node, node, fc, seed, findings, counters));
      }
      for (Runnable w : writers) {
        Thread t = new Thread(w, "stress-" + seed + "-writer-" + threads.size());
        t.setDaemon(true);
        threads.add(t);
      }
      for (FamilyWriter f : families) {
        Thread t = new Thread(f, "stress-" + seed + "-family-" + threads.size());
        t.setDaemon(true);
        threads.add(t);
      }
      threads.forEach(Thread::start);
      List<Connection> ddl = new ArrayList<>();
      for (int node = 0; node < config.nodes(); node++) {
        Connection dc = DriverManager.getConnection(base + ";node=" + node);
        connections.add(dc);
        ddl.add(dc);
      }
      Connection checker = DriverManager.getConnection(base + ";node=0");
      connections.add(checker);
      SchemaModel schema = new SchemaModel();
      counters.add("millis.setup", (System.nanoTime() - start) / 1_000_000);
      ddlLoop(ddl, checker, hooks, schema, System.nanoTime() + config.millisPerSeed() * 1_000_000L);

      long stopping = System.nanoTime();
      writers.forEach(Writer::stop);
      families.forEach(FamilyWriter::stop);
      boolean allStopped = true;
      for (int i = 0; i < threads.size(); i++) {
        threads.get(i).join(JOIN_MILLIS);
        if (threads.get(i).isAlive()) {
          allStopped = false;
          findings.unexpected("writer " + i + " did not stop within " + JOIN_MILLIS / 1000 + " s; it was doing: "
              + (i < writers.size() ? writers.get(i).doing() : "family writes") + "; stack: "
              + top(threads.get(i).getStackTrace()));
        }
      }
      counters.add("millis.stop", (System.nanoTime() - stopping) / 1_000_000);
      long finalStart = System.nanoTime();
      finalChecks(checker, hooks, schema, writers, allStopped, writerCount);
      counters.add("millis.final", (System.nanoTime() - finalStart) / 1_000_000);
    } catch (SQLException e) {
      findings.unexpected("seed " + seed + " could not run: " + e.getSQLState() + " " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      findings.unexpected("seed " + seed + " interrupted");
    } catch (RuntimeException e) {
      findings.unexpected("seed " + seed + " failed: " + e);
    } finally {
      findings.requestStop();
      writers.forEach(Writer::stop);
      families.forEach(FamilyWriter::stop);
      for (Thread t : threads) {
        try {
          t.join(5_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      for (int i = connections.size() - 1; i >= 0; i--) {
        try {
          connections.get(i).close();
        } catch (SQLException ignored) {
          // closing
        }
      }
    }
    return new SeedResult(seed, (System.nanoTime() - start) / 1_000_000, findings.anomalyCount(),
        findings.anomalies(), findings.unexpectedCount(), findings.unexpected(), counters.snapshot(),
        List.copyOf(jobLog), config.replayCommand(seed));
  }

  private void ddlLoop(List<Connection> ddl, Connection checker, TestHooks hooks, SchemaModel schema,
      long deadlineNanos) {
    Random rnd = new Random(seed);
    int job = 0;
    while (System.nanoTime() < deadlineNanos && !findings.stopRequested()) {
      SchemaModel.Change change = schema.next(rnd);
      int node = rnd.nextInt(ddl.size());
      job++;
      String outcome;
      long t0 = System.nanoTime();
      try {
        if (change.before() != null) {
          before(ddl.get(node), change.before());
        }
        exec(ddl.get(node), change.sql());
        if (change.mustFail()) {
          findings.unexpected("job " + job + " \"" + change.sql() + "\" succeeded, but the rules forbid it");
        }
        change.onSuccess().accept(schema);
        counters.add("ddl.done");
        outcome = "done";
      } catch (SQLException e) {
        String state = String.valueOf(e.getSQLState());
        if (change.acceptable().contains(state)) {
          counters.add("ddl.failed-as-allowed." + state);
        } else {
          findings.unexpected("job " + job + " \"" + change.sql() + "\" failed with " + state + ": " + e.getMessage());
        }
        outcome = "failed " + state;
      }
      if (change.sql().contains(" FOREIGN KEY ")) {
        counters.add("fk-jobs." + (outcome.equals("done") ? "added" : "failed"));
      }
      counters.add("millis.ddl", (System.nanoTime() - t0) / 1_000_000);
      jobLog.add(job + " " + change.sql() + " (node " + node + "): " + outcome);
      long t1 = System.nanoTime();
      check(checker, hooks, schema, "after job " + job + " \"" + change.sql() + "\" (" + outcome + ")");
      counters.add("millis.checks", (System.nanoTime() - t1) / 1_000_000);
    }
  }

  /** CHECK TABLE and index queries against a full scan, each at one snapshot. */
  private void check(Connection checker, TestHooks hooks, SchemaModel schema, String when) {
    if ("stale-cache".equals(config.unsafe())) {
      awaitCaughtUp(hooks, 0); // the checker must see the indexes as they are now
    }
    for (int attempt = 1; ; attempt++) {
      try {
        List<String> problems = ConsistencyChecker.checkTable(checker, Workload.TABLE);
        counters.add("checks.check-table");
        if (!problems.isEmpty()) {
          int again = ConsistencyChecker.checkTable(checker, Workload.TABLE).size(); // transient or lasting?
          findings.anomaly("CHECK TABLE " + when + ": " + problems.size() + " problem(s), first "
              + problems.subList(0, Math.min(5, problems.size())) + "; a second CHECK TABLE right after: " + again
              + " problem(s)");
        }
        ConsistencyChecker.IndexComparison cmp = ConsistencyChecker.compareIndexesWithScan(checker, Workload.TABLE,
            ConsistencyChecker.columnsByIndex(schema.indexes()), checkRandom);
        counters.add("checks.index-queries", cmp.queries());
        counters.add("checks.index-queries.through-an-index", cmp.throughAnIndex());
        for (String m : cmp.mismatches()) {
          findings.anomaly("index query ≠ full scan " + when + ": " + m);
        }
        checkForeignKey(checker, schema, when);
        return;
      } catch (SQLException e) {
        if ("40001".equals(e.getSQLState()) && attempt < 5) {
          counters.add("retry.checker.40001/" + e.getErrorCode());
          continue;
        }
        findings.unexpected("checks " + when + " failed with " + e.getSQLState() + ": " + e.getMessage());
        return;
      }
    }
  }

  /**
   * CHECK TABLE of the parent/child pair (a VALID key with an orphan: PROBLEM = CONSTRAINT)
   * and, while the DDL thread knows the key exists, every child whose parent is missing.
   */
  private void checkForeignKey(Connection checker, SchemaModel schema, String when) throws SQLException {
    List<String> problems = new ArrayList<>(ConsistencyChecker.checkTable(checker, Workload.CHILD_TABLE));
    problems.addAll(ConsistencyChecker.checkTable(checker, Workload.PARENT_TABLE));
    counters.add("checks.check-table", 2);
    List<String> orphans = schema.foreignKey() ? ConsistencyChecker.orphans(checker) : List.of();
    if (problems.isEmpty() && orphans.isEmpty()) {
      return;
    }
    if (!orphans.isEmpty() || problems.stream().anyMatch(p -> p.startsWith(Workload.FK_NAME + " CONSTRAINT"))) {
      counters.add("found.fk-orphans");
    }
    findings.anomaly("FOREIGN KEY " + when + ": CHECK TABLE SC, SP: " + problems.size() + " problem(s), first "
        + problems.subList(0, Math.min(5, problems.size())) + "; children without a parent while the key exists: "
        + orphans.size() + ", first " + orphans.subList(0, Math.min(5, orphans.size())));
  }

  /** The statement a change runs first; the driver retries 40001, anything else is unexpected. */
  private void before(Connection c, String sql) {
    try {
      exec(c, sql);
    } catch (SQLException e) {
      if ("40001".equals(e.getSQLState())) {
        counters.add("gave-up.before-ddl.40001");
      } else {
        findings.unexpected("\"" + sql + "\" failed with " + e.getSQLState() + ": " + e.getMessage());
      }
    }
  }

  private void finalChecks(Connection checker, TestHooks hooks, SchemaModel schema, List<Writer> writers,
      boolean allStopped, int writerCount) {
    for (int node = 0; node < config.nodes(); node++) {
      awaitCaughtUp(hooks, node);
    }
    boolean stoppedEarly = findings.stopRequested();
    check(checker, hooks, schema, "at the end");
    if (!allStopped) {
      return; // a hung writer's model is not final
    }
    Map<Integer, StressRow> model = new HashMap<>();
    for (Writer w : writers) {
      model.putAll(w.rows());
    }
    try {
      List<String> diffs = ConsistencyChecker.compareWithModel(checker, model);
      counters.add("checks.model");
      if (!diffs.isEmpty()) {
        findings.anomaly("table ≠ model of the acknowledged commits of " + writerCount + " writers: " + diffs.size()
            + " difference(s), first " + diffs.subList(0, Math.min(5, diffs.size())));
      }
    } catch (SQLException e) {
      findings.unexpected("model comparison failed with " + e.getSQLState() + ": " + e.getMessage());
    }
    if (stoppedEarly) {
      counters.add("seed.stopped-at-first-finding");
    }
  }

  private static void awaitCaughtUp(TestHooks hooks, int node) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (hooks.nodeCatalogVersion(node) < hooks.catalogVersion() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static void exec(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static String top(StackTraceElement[] stack) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(8, stack.length); i++) {
      b.append(i == 0 ? "" : " <- ").append(stack[i]);
    }
    return b.toString();
  }
}
