package org.morphdb.engine.tx;

/**
 * Lock modes for two-phase locking. Tables take intention locks (IS, IX) under row locks,
 * or a shared table lock (S) when a statement scans them, which protects the scanned range
 * against phantoms. Rows and unique value keys take S or X.
 */
public enum LockMode {
  IS, IX, S, X;

  /** Standard multi-granularity compatibility matrix. */
  public boolean compatibleWith(LockMode other) {
    return switch (this) {
      case IS -> other != X;
      case IX -> other == IS || other == IX;
      case S -> other == IS || other == S;
      case X -> false;
    };
  }

  /** True when holding {@code this} already grants {@code wanted}. */
  public boolean covers(LockMode wanted) {
    return switch (this) {
      case X -> true;
      case S -> wanted == S || wanted == IS;
      case IX -> wanted == IX || wanted == IS;
      case IS -> wanted == IS;
    };
  }

  /** The weakest mode that grants both. */
  public LockMode combine(LockMode other) {
    if (covers(other)) {
      return this;
    }
    if (other.covers(this)) {
      return other;
    }
    return X; // S+IX (SIX) is treated as X: simpler and still correct
  }
}
