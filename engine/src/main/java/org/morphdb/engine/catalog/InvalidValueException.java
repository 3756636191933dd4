package org.morphdb.engine.catalog;

/**
 * A value that cannot be read as the type it is written to (a malformed UUID, JSON text or
 * timestamp); the SQL layer reports it as 22018.
 */
public final class InvalidValueException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidValueException(String message) {
    super(message);
  }
}
