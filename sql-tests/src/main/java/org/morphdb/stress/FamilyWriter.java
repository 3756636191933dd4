package org.morphdb.stress;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * A writer of the parent/child pair ({@link Workload#CREATE_PARENT}, {@link Workload#CREATE_CHILD})
 * attached to one node, while the DDL loop adds and drops a FOREIGN KEY between them. It
 * inserts children that refer to random parent keys (some never exist), moves children to
 * other parents, deletes them, and inserts, deletes and re-keys parents shared with every
 * other writer, so writes that would orphan a child race the key's steps on every node. The
 * key's own refusals (23503) and the duplicates of shared parent keys (23505) are expected;
 * anything else but a retry is unexpected. What it leaves is judged by the checks (CHECK TABLE,
 * orphans while the key exists), not by a model of its own.
 */
final class FamilyWriter implements Runnable {
  private final int index;
  private final int node;
  private final Connection conn;
  private final Random rnd;
  private final Findings findings;
  private final Counters counters;
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private volatile boolean stop;

  FamilyWriter(int index, int node, Connection conn, long seed, Findings findings, Counters counters) {
    this.index = index;
    this.node = node;
    this.conn = conn;
    this.rnd = new Random(seed * 7_000_003L + index);
    this.findings = findings;
    this.counters = counters;
  }

  void stop() { stop = true; }

  @Override
  public void run() {
    try {
      while (!stop && !findings.stopRequested()) {
        int dice = rnd.nextInt(100);
        if (dice < 35) {
          write(Workload.INSERT_CHILD, childId(), parentRef());
        } else if (dice < 50) {
          write(Workload.MOVE_CHILD, parentRef(), childId());
        } else if (dice < 60) {
          write(Workload.DELETE_CHILD, childId());
        } else if (dice < 80) {
          write(Workload.INSERT_PARENT, parentKey(), rnd.nextInt(100));
        } else if (dice < 92) {
          write(Workload.DELETE_PARENT, parentKey());
        } else {
          write(Workload.MOVE_PARENT, parentKey(), parentKey());
        }
      }
    } catch (RuntimeException | Error e) {
      findings.unexpected(name() + " died: " + e);
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
    return "family writer " + index + " (node " + node + ")";
  }

  /** One of the writer's own child ids. */
  private int childId() {
    return Workload.FIRST_CHILD + index * Workload.ID_SPACE_PER_WRITER + rnd.nextInt(Workload.CHILDREN_PER_WRITER);
  }

  /** A parent key a parent row may have. */
  private int parentKey() {
    return 1 + rnd.nextInt(Workload.PARENTS);
  }

  /** What a child refers to: mostly a parent key, sometimes one no parent ever has, sometimes none. */
  private Integer parentRef() {
    int dice = rnd.nextInt(100);
    return dice < 5 ? null : dice < 12 ? Workload.PARENTS + 1 + rnd.nextInt(3) : parentKey();
  }

  private void write(String sql, Object... params) {
    try {
      PreparedStatement ps = statements.get(sql);
      if (ps == null) {
        ps = conn.prepareStatement(sql);
        statements.put(sql, ps);
      }
      for (int i = 0; i < params.length; i++) {
        if (params[i] == null) {
          ps.setNull(i + 1, java.sql.Types.INTEGER);
        } else {
          ps.setObject(i + 1, params[i]);
        }
      }
      ps.executeUpdate();
      counters.add("commits.family");
    } catch (SQLException e) {
      String state = String.valueOf(e.getSQLState());
      if (state.equals("23503") || state.equals("23505")) {
        counters.add("rejected." + state);
      } else if (state.equals("40001") || state.equals("MR001")) {
        counters.add("gave-up.family." + state); // the driver's own retries ran out
      } else {
        findings.unexpected(name() + ": " + sql + " " + java.util.Arrays.toString(params) + " failed with " + state
            + "/" + e.getErrorCode() + ": " + e.getMessage());
      }
    }
  }
}
