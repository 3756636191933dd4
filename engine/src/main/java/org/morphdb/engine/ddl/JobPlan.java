package org.morphdb.engine.ddl;

import java.util.List;
import java.util.function.IntFunction;

/**
 * A job's state machine: the steps forward; the steps that walk it back when an operation
 * fails or the job is cancelled, as a function of how many forward steps committed; and the
 * steps that finish it anyway when even the walk back fails (a DROP INDEX past DELETE_ONLY
 * whose rebuild meets a duplicate).
 */
public record JobPlan(List<Step> steps, IntFunction<List<Step>> walkBackAfter, List<Step> rollForward) {
  public JobPlan {
    steps = List.copyOf(steps);
    rollForward = List.copyOf(rollForward);
  }

  /** The same walk back whatever step the job reached. */
  public JobPlan(List<Step> steps, List<Step> walkBack) {
    this(steps, committed -> walkBack, List.of());
  }

  public static JobPlan oneStep(Step step) {
    return new JobPlan(List.of(step), List.of());
  }
}
