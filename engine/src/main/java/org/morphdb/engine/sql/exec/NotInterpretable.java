package org.morphdb.engine.sql.exec;

/** Thrown while building: the plan uses something the interpreter does not run. */
final class NotInterpretable extends RuntimeException {
  NotInterpretable(String what) {
    super(what, null, false, false);
  }
}
