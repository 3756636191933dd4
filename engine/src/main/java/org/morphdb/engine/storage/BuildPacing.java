package org.morphdb.engine.storage;

/**
 * How the background work of an index build yields to foreground commits: the DDL job's CPU
 * budget ({@code ddl.CpuBudget}) behind it, a plain lambda in tests.
 */
@FunctionalInterface
public interface BuildPacing {
  /** Called often during paced work; may pause the calling thread. */
  void checkpoint();

  /**
   * The work done since the last {@link #checkpoint()} ran without pauses on purpose (a
   * catch-up sort that pausing would only make longer) and is not held to the budget.
   */
  default void excuse() {}
}
