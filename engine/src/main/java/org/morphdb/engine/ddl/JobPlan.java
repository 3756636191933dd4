package org.morphdb.engine.ddl;

import java.util.List;

/**
 * A job's state machine: the steps forward, and the steps that walk it back when an
 * operation fails or the job is cancelled after {@code walkBackFrom} steps committed.
 *
 * @param walkBack steps that undo the forward path, run when an operation fails
 */
public record JobPlan(List<Step> steps, List<Step> walkBack) {
  public JobPlan {
    steps = List.copyOf(steps);
    walkBack = List.copyOf(walkBack);
  }

  public static JobPlan oneStep(Step step) {
    return new JobPlan(List.of(step), List.of());
  }
}
