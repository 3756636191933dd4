package org.morphdb.engine.sql;

import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.morphdb.engine.api.StatementKind;

/**
 * A parsed statement, ready to run many times. Plans are made per catalog version and
 * cached here for the latest version used (and in the planner's shared cache).
 */
public final class Prepared {
  private final String sql;
  private final SqlNode node;
  private final StatementKind kind;
  private final boolean forUpdate;
  private final List<String> returning;
  private volatile CachedPlan cached;

  private record CachedPlan(int catalogVersion, Object plan) {}

  Prepared(String sql, SqlNode node, StatementKind kind) {
    this(sql, node, kind, false);
  }

  Prepared(String sql, SqlNode node, StatementKind kind, boolean forUpdate) {
    this(sql, node, kind, forUpdate, null);
  }

  Prepared(String sql, SqlNode node, StatementKind kind, boolean forUpdate, List<String> returning) {
    this.sql = sql;
    this.node = node;
    this.kind = kind;
    this.forUpdate = forUpdate;
    this.returning = returning;
  }

  /** An INSERT ending in RETURNING: the columns it answers with for each row, else null. */
  public List<String> returning() { return returning; }

  /** A query ending in FOR UPDATE: what it reads is locked for writing. */
  public boolean forUpdate() { return forUpdate; }

  public String sql() { return sql; }

  public SqlNode node() { return node; }

  public StatementKind kind() { return kind; }

  /** The cached plan for this catalog version, or null. */
  @SuppressWarnings("unchecked")
  <T> T plan(int catalogVersion) {
    CachedPlan c = cached;
    return c != null && c.catalogVersion() == catalogVersion ? (T) c.plan() : null;
  }

  /** The cached plan whatever its catalog version, with that version; null when none. */
  Object anyPlan() {
    CachedPlan c = cached;
    return c == null ? null : c.plan();
  }

  int anyPlanVersion() {
    CachedPlan c = cached;
    return c == null ? -1 : c.catalogVersion();
  }

  void cachePlan(int catalogVersion, Object newPlan) {
    this.cached = new CachedPlan(catalogVersion, newPlan);
  }
}
