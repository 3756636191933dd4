package org.morphdb.engine.tx;

import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.TableDef;

/**
 * Checks written rows against a table's constraints (NOT NULL and CHECK in ENFORCED or
 * VALID state). Implemented by the SQL layer, which can evaluate CHECK expressions.
 */
public interface ConstraintChecker {
  /** Throws MorphException 23502 / 23513 when the stored row violates a constraint of {@code table}. */
  void check(TableDef table, Object[] storedRow);

  /** Whether the stored row satisfies one CHECK constraint (NULL counts as satisfied, as in SQL). */
  boolean satisfies(TableDef table, CheckDef check, Object[] storedRow);

  /** Checks nothing: for tests of layers below SQL. */
  ConstraintChecker NONE = new ConstraintChecker() {
    @Override
    public void check(TableDef table, Object[] storedRow) { }

    @Override
    public boolean satisfies(TableDef table, CheckDef check, Object[] storedRow) { return true; }
  };
}
