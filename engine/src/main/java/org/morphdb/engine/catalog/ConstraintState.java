package org.morphdb.engine.catalog;

/**
 * State of a NOT NULL or CHECK constraint being added online:
 * ENFORCED (every commit checks its rows) → validation at a snapshot → VALID.
 */
public enum ConstraintState {
  /** New writes are checked; existing rows not yet validated. */
  ENFORCED,
  /** Every row satisfies it. */
  VALID
}
