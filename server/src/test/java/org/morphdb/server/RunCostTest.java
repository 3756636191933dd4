package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which statements run on the I/O thread: those whose runs typically are quick, not those whose last run was. */
class RunCostTest {
  private static final long QUICK = 10_000; // 10 µs, an auto-commit insert
  private static final long PREEMPTED = 3_000_000; // the same insert with its thread descheduled

  @Test
  void aStatementNeverRunIsNotQuick() {
    assertFalse(new RunCost().quick());
  }

  @Test
  void aStatementWhoseFirstRunWasQuickIsQuick() {
    RunCost cost = new RunCost();
    cost.record(QUICK);
    assertTrue(cost.quick());
  }

  @Test
  void oneSlowRunAmongQuickOnesKeepsItQuick() {
    RunCost cost = new RunCost();
    for (int i = 0; i < 20; i++) {
      cost.record(QUICK);
    }
    cost.record(PREEMPTED);
    assertTrue(cost.quick(), "one preempted run must not send the statement to the workers");
  }

  @Test
  void aStatementThatKeepsTakingLongLeavesTheIoThreadWithinAFewRuns() {
    RunCost cost = new RunCost();
    for (int i = 0; i < 20; i++) {
      cost.record(QUICK);
    }
    int runs = 0;
    while (cost.quick()) {
      cost.record(PREEMPTED);
      runs++;
      assertTrue(runs <= 5, "still on the I/O thread after " + runs + " slow runs");
    }
  }

  @Test
  void aStatementWhoseFirstRunWasSlowIsNotQuick() {
    RunCost cost = new RunCost();
    cost.record(50_000_000);
    assertFalse(cost.quick());
  }

  @Test
  void aSlowStatementThatBecameQuickComesBackToTheIoThread() {
    RunCost cost = new RunCost();
    cost.record(50_000_000);
    for (int i = 0; i < 100 && !cost.quick(); i++) {
      cost.record(QUICK);
    }
    assertTrue(cost.quick());
  }
}
