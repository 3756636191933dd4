package org.morphdb.engine.sql.plan;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.morphdb.engine.catalog.ColumnType;

/**
 * Compiled plans, keyed by catalog version, row-key exposure, the statement's text with its
 * literals lifted into parameters, and the declared parameter types; and, in front of it,
 * the exact SQL text of recent statements with their lifted values (so a repeated statement
 * is not even parsed); and, behind it, logical plans shared by statements that differ only
 * in which tables of the same row types they read ({@link PlanTemplate}).
 */
final class PlanCache {
  /** Key of a compiled plan. */
  record PlanKey(int catalogVersion, boolean exposeRowKey, String text, List<ColumnType> parameterTypes) {}

  static final int MAX_TEMPLATES = 1024;

  private final Cache<PlanKey, ExecutablePlan> plans;
  private final Cache<PlanKey, PreparedQueryImpl> statements;
  /** Keyed by the statement's text with its tables as slots ({@link TableSlots}). */
  private final Cache<PlanKey, PlanTemplate> templates;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();
  private final AtomicLong shared = new AtomicLong();

  PlanCache(int size) {
    this.plans = cache(size);
    this.statements = cache(size);
    // A template holds a planning run (cluster, metadata caches); statements over sibling
    // tables come close together, so a few recent ones do.
    this.templates = cache(Math.min(size, MAX_TEMPLATES));
  }

  /**
   * A bounded cache whose upkeep (eviction) runs on the thread that writes to it: most
   * statements of a script are new, and handing each write's upkeep to the common pool woke
   * a thread per statement.
   */
  static <K, V> Cache<K, V> cache(int size) {
    return Caffeine.newBuilder().maximumSize(Math.max(0, size)).executor(Runnable::run).build();
  }

  /**
   * The plan for this key and these schemas, compiled by {@code compile} on a miss (outside
   * any lock: two threads missing at once may both compile; one plan is kept).
   */
  ExecutablePlan plan(PlanKey key, MorphSchemaFactory schemas, Supplier<ExecutablePlan> compile) {
    ExecutablePlan p = plans.getIfPresent(key);
    if (p != null && p.schemas() == schemas) {
      hits.incrementAndGet();
      return p;
    }
    misses.incrementAndGet();
    ExecutablePlan compiled = compile.get();
    if (p != null) {
      plans.asMap().replace(key, p, compiled);
      return compiled;
    }
    ExecutablePlan raced = plans.asMap().putIfAbsent(key, compiled);
    return raced != null && raced.schemas() == schemas ? raced : compiled;
  }

  PlanTemplate template(PlanKey slotted) {
    return templates.getIfPresent(slotted);
  }

  void putTemplate(PlanKey slotted, PlanTemplate template) {
    templates.put(slotted, template);
  }

  void countShared() {
    shared.incrementAndGet();
  }

  void countHit() {
    hits.incrementAndGet();
  }

  PreparedQueryImpl statement(PlanKey exactSql) {
    return statements.getIfPresent(exactSql);
  }

  void putStatement(PlanKey exactSql, PreparedQueryImpl query) {
    statements.put(exactSql, query);
  }

  QueryPlanner.CacheStats stats() {
    return new QueryPlanner.CacheStats(hits.get(), misses.get(), plans.estimatedSize(),
        shared.get());
  }

  void clear() {
    plans.invalidateAll();
    statements.invalidateAll();
    templates.invalidateAll();
  }
}
