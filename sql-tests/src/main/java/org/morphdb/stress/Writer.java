package org.morphdb.stress;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * A writer thread attached to one node. It owns a range of ids, so its model of those rows
 * (built only from acknowledged commits) is exact. It mixes auto-commit writes, explicit
 * multi-statement transactions (sometimes rolled back on purpose) and read-backs of its own
 * rows through the indexed columns; every answer that contradicts its model is an anomaly.
 *
 * <p>Half the writers leave retries to the driver ({@code autoRetry=true}); the others run
 * with {@code autoRetry=false} and retry themselves, so every 40001 and every stale schema
 * version (MR001) they meet is counted by cause.
 */
final class Writer implements Runnable {
  private static final int MAX_ATTEMPTS = 30;

  /** A typed SQL NULL parameter. */
  private record Null(int sqlType) {}

  /** One planned write: the statement, its parameters, the row it touches and what is left. */
  private record Write(String sql, Object[] params, int id, StressRow after) {
    @Override
    public String toString() {
      return sql + " " + java.util.Arrays.toString(params);
    }
  }

  /** How an attempt ended. */
  private enum Outcome { OK, REJECTED, FAILED }

  @FunctionalInterface
  private interface Action {
    void run() throws SQLException;
  }

  private final int index;
  private final int node;
  private final Connection conn;
  private final boolean ownRetries;
  private final Random rnd;
  private final int maxRows;
  private final int firstId;
  private final Findings findings;
  private final Counters counters;
  /** The writer's rows as its acknowledged commits left them. */
  private final TreeMap<Integer, StressRow> rows = new TreeMap<>();
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private volatile boolean stop;
  private volatile String doing = "starting";

  Writer(int index, int node, Connection conn, boolean ownRetries, long seed, int maxRows, Findings findings,
      Counters counters) {
    this.index = index;
    this.node = node;
    this.conn = conn;
    this.ownRetries = ownRetries;
    this.rnd = new Random(seed * 1_000_003L + index);
    this.maxRows = maxRows;
    this.firstId = Workload.firstId(index);
    this.findings = findings;
    this.counters = counters;
  }

  void stop() { stop = true; }

  /** What the writer was doing last (for a report when it hangs). */
  String doing() { return doing; }

  /** The writer's rows after it stopped. */
  Map<Integer, StressRow> rows() { return Collections.unmodifiableMap(rows); }

  @Override
  public void run() {
    try {
      load();
      while (!stop && !findings.stopRequested()) {
        int dice = rnd.nextInt(100);
        if (dice < 45) {
          singleWrite();
        } else if (dice < 75) {
          transaction();
        } else {
          readBack();
        }
      }
      doing = "done";
    } catch (RuntimeException | Error e) {
      findings.unexpected(name() + " died: " + e);
      doing = "died: " + e;
    } finally {
      for (PreparedStatement ps : statements.values()) {
        try {
          ps.close();
        } catch (SQLException ignored) {
          // closing
        }
      }
    }
  }

  private String name() {
    return "writer " + index + " (node " + node + (ownRetries ? ", own retries" : ", driver retries") + ")";
  }

  // --- operations ----------------------------------------------------------------------

  /** Inserts every other id of the writer's range in one multi-row statement. */
  private void load() {
    List<StressRow> initial = new ArrayList<>();
    for (int i = 0; i < maxRows; i += 2) {
      initial.add(Workload.newRow(rnd, firstId + i));
    }
    StringBuilder sql = new StringBuilder("INSERT INTO s (id, k, u, v, n, m) VALUES ");
    List<Object> params = new ArrayList<>();
    for (StressRow r : initial) {
      sql.append(params.isEmpty() ? "" : ", ").append("(?, ?, ?, ?, ?, ?)");
      params.addAll(List.of(r.id(), r.k(), r.u(), text(r.v()), r.n(), integer(r.m())));
    }
    doing = "loading " + initial.size() + " rows";
    Outcome o = attempt(() -> {
      PreparedStatement ps = statement(sql.toString());
      bind(ps, params.toArray());
      int count = ps.executeUpdate();
      if (count != initial.size()) {
        findings.anomaly(name() + ": loading " + initial.size() + " rows inserted " + count);
      }
    }, "initial load of " + initial.size() + " rows");
    if (o == Outcome.OK) {
      initial.forEach(r -> rows.put(r.id(), r));
      counters.add("commits");
    }
    statements.remove(sql.toString());
  }

  private void singleWrite() {
    Write w = plan(rows, Set.of());
    if (w == null) {
      return;
    }
    doing = "auto-commit " + w;
    if (attempt(() -> send(w), w.toString()) == Outcome.OK) {
      apply(w);
      counters.add("commits");
    }
  }

  private void transaction() {
    Map<Integer, StressRow> view = new HashMap<>(rows);
    Set<Integer> touched = new HashSet<>();
    List<Write> writes = new ArrayList<>();
    int n = 2 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      Write w = plan(view, touched);
      if (w == null) {
        break;
      }
      writes.add(w);
      touched.add(w.id());
      apply(view, w);
    }
    if (writes.isEmpty()) {
      return;
    }
    Integer readFirst = rows.containsKey(writes.get(0).id()) ? writes.get(0).id() : null;
    boolean rollBack = rnd.nextInt(10) == 0;
    doing = "transaction " + writes + (rollBack ? " (rolled back)" : "");
    Outcome o = attempt(() -> {
      conn.setAutoCommit(false);
      try {
        if (readFirst != null) {
          checkRow(readFirst);
        }
        for (Write w : writes) {
          send(w);
        }
        if (rollBack) {
          conn.rollback();
        } else {
          conn.commit();
        }
      } catch (SQLException | RuntimeException e) {
        try {
          conn.rollback();
        } catch (SQLException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      } finally {
        conn.setAutoCommit(true);
      }
    }, "transaction " + writes);
    if (o == Outcome.OK && !rollBack) {
      writes.forEach(this::apply);
      counters.add("commits");
      counters.add("commits.multi-statement");
    } else if (o == Outcome.OK) {
      counters.add("rollbacks.on-purpose");
    }
  }

  /** Reads own rows back through the indexed columns (by k, by u, by k and m). */
  private void readBack() {
    if (rows.isEmpty()) {
      return;
    }
    List<Integer> ids = new ArrayList<>(rows.keySet());
    StressRow r = rows.get(ids.get(rnd.nextInt(ids.size())));
    List<Integer> byK = new ArrayList<>();
    List<Integer> byKm = new ArrayList<>();
    for (StressRow x : rows.values()) {
      if (x.k() == r.k()) {
        byK.add(x.id());
        if (r.m() != null && r.m().equals(x.m())) {
          byKm.add(x.id());
        }
      }
    }
    readCheck(Workload.BY_K, new Object[] {r.k()}, byK, true);
    readCheck(Workload.BY_U, new Object[] {r.u()}, List.of(r.id()), false);
    if (r.m() != null) {
      readCheck(Workload.BY_KM, new Object[] {r.k(), r.m()}, byKm, true);
    }
    counters.add("read-backs");
  }

  private void readCheck(String sql, Object[] params, List<Integer> expected, boolean ownOnly) {
    doing = "read " + sql + " " + java.util.Arrays.toString(params);
    List<Integer> got = new ArrayList<>();
    Outcome o = attempt(() -> {
      got.clear();
      PreparedStatement ps = statement(sql);
      bind(ps, params);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          int id = rs.getInt(1);
          if (!ownOnly || Workload.ownerOf(id) == index) {
            got.add(id);
          }
        }
      }
    }, sql);
    if (o != Outcome.OK) {
      return;
    }
    Collections.sort(got);
    List<Integer> want = new ArrayList<>(expected);
    Collections.sort(want);
    if (!got.equals(want)) {
      findings.anomaly(name() + ": " + sql + " " + java.util.Arrays.toString(params) + " returned "
          + (ownOnly ? "own rows " : "rows ") + got + " but its acknowledged commits say " + want);
    }
  }

  /** Inside a transaction: the row read by primary key must be what the writer last committed. */
  private void checkRow(int id) throws SQLException {
    PreparedStatement ps = statement(Workload.READ_ROW);
    ps.setInt(1, id);
    try (ResultSet rs = ps.executeQuery()) {
      StressRow want = rows.get(id);
      if (!rs.next()) {
        findings.anomaly(name() + ": row " + id + " is gone; its acknowledged commits say " + want);
        return;
      }
      Object[] got = new Object[6];
      for (int i = 0; i < 6; i++) {
        got[i] = rs.getObject(i + 1);
      }
      if (!want.sameAs(got)) {
        findings.anomaly(name() + ": row " + id + " reads " + java.util.Arrays.toString(got)
            + " but its acknowledged commits say " + want);
      }
    }
  }

  // --- planning ------------------------------------------------------------------------

  /** The next write on {@code view}, touching no id in {@code exclude}; null when none fits. */
  private Write plan(Map<Integer, StressRow> view, Set<Integer> exclude) {
    List<Integer> existing = new ArrayList<>();
    for (Integer id : view.keySet()) {
      if (!exclude.contains(id)) {
        existing.add(id);
      }
    }
    Collections.sort(existing);
    boolean canInsert = view.size() < maxRows;
    if (canInsert && (existing.isEmpty() || rnd.nextInt(100) < 25)) {
      int id = freeId(view, exclude);
      if (id > 0) {
        StressRow r = Workload.newRow(rnd, id);
        return new Write(Workload.INSERT, new Object[] {id, r.k(), r.u(), text(r.v()), r.n(), integer(r.m())}, id, r);
      }
    }
    if (existing.isEmpty()) {
      return null;
    }
    StressRow r = view.get(existing.get(rnd.nextInt(existing.size())));
    int dice = rnd.nextInt(100);
    if (dice < 22) {
      StressRow a = r.withK(Workload.k(rnd));
      return new Write(Workload.UPDATE_K, new Object[] {a.k(), r.id()}, r.id(), a);
    } else if (dice < 36) {
      StressRow a = r.withU(Workload.u(rnd, r.id()));
      return new Write(Workload.UPDATE_U, new Object[] {a.u(), r.id()}, r.id(), a);
    } else if (dice < 50) {
      StressRow a = r.withKm(Workload.k(rnd), Workload.m(rnd));
      return new Write(Workload.UPDATE_KM, new Object[] {a.k(), integer(a.m()), r.id()}, r.id(), a);
    } else if (dice < 66 || view.size() <= 2) {
      StressRow a = r.withVnm(Workload.v(rnd), Workload.n(rnd), Workload.m(rnd));
      return new Write(Workload.UPDATE_VNM, new Object[] {text(a.v()), a.n(), integer(a.m()), r.id()}, r.id(), a);
    }
    return new Write(Workload.DELETE, new Object[] {r.id()}, r.id(), null);
  }

  private int freeId(Map<Integer, StressRow> view, Set<Integer> exclude) {
    for (int tries = 0; tries < 20; tries++) {
      int id = firstId + rnd.nextInt(maxRows);
      if (!view.containsKey(id) && !exclude.contains(id)) {
        return id;
      }
    }
    for (int id = firstId; id < firstId + maxRows; id++) {
      if (!view.containsKey(id) && !exclude.contains(id)) {
        return id;
      }
    }
    return -1;
  }

  private static Object text(String s) {
    return s == null ? new Null(Types.VARCHAR) : s;
  }

  private static Object integer(Integer i) {
    return i == null ? new Null(Types.INTEGER) : i;
  }

  private void apply(Write w) {
    apply(rows, w);
  }

  private static void apply(Map<Integer, StressRow> view, Write w) {
    if (w.after() == null) {
      view.remove(w.id());
    } else {
      view.put(w.id(), w.after());
    }
  }

  // --- sending -------------------------------------------------------------------------

  private void send(Write w) throws SQLException {
    PreparedStatement ps = statement(w.sql());
    bind(ps, w.params());
    int count = ps.executeUpdate();
    if (count != 1) {
      findings.anomaly(name() + ": " + w + " changed " + count + " rows; the writer's model says the row is "
          + rows.get(w.id()));
    }
  }

  private static void bind(PreparedStatement ps, Object[] params) throws SQLException {
    for (int i = 0; i < params.length; i++) {
      if (params[i] instanceof Null n) {
        ps.setNull(i + 1, n.sqlType());
      } else {
        ps.setObject(i + 1, params[i]);
      }
    }
  }

  private PreparedStatement statement(String sql) throws SQLException {
    PreparedStatement ps = statements.get(sql);
    if (ps == null) {
      ps = conn.prepareStatement(sql);
      statements.put(sql, ps);
    }
    return ps;
  }

  /**
   * Runs an action until it succeeds, retrying 40001 (and, for own-retry writers, MR001 by
   * preparing the statements again). 23502 / 23513 are the constraint rules refusing a write
   * and end the attempt; anything else is unexpected.
   */
  private Outcome attempt(Action action, String what) {
    for (int attempt = 1; ; attempt++) {
      try {
        action.run();
        return Outcome.OK;
      } catch (SQLException e) {
        String state = e.getSQLState() == null ? "?" : e.getSQLState();
        if (state.equals("40001") || state.equals("MR001")) {
          counters.add("retry." + state + (state.equals("40001") ? "/" + e.getErrorCode() : ""));
          if (state.equals("MR001")) {
            closeStatements();
          }
          if (attempt >= MAX_ATTEMPTS) {
            counters.add("gave-up." + state);
            return Outcome.FAILED;
          }
          pause(attempt);
        } else if (state.equals("23502") || state.equals("23513")) {
          counters.add("rejected." + state);
          return Outcome.REJECTED;
        } else {
          findings.unexpected(name() + ": " + what + " failed with " + state + "/" + e.getErrorCode() + ": "
              + e.getMessage());
          return Outcome.FAILED;
        }
      } catch (RuntimeException e) {
        findings.unexpected(name() + ": " + what + " threw " + e);
        return Outcome.FAILED;
      }
    }
  }

  private void closeStatements() {
    for (PreparedStatement ps : statements.values()) {
      try {
        ps.close();
      } catch (SQLException ignored) {
        // re-prepared below
      }
    }
    statements.clear();
  }

  private void pause(int attempt) {
    try {
      Thread.sleep(1 + rnd.nextInt(Math.min(20, 1 << Math.min(attempt, 4))));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop = true;
    }
  }
}
