package org.morphdb.engine.api;

/** The one exception type the engine throws; carries an {@link ErrorCode}. */
public class MorphException extends RuntimeException {
  private final ErrorCode code;

  public MorphException(ErrorCode code, String message) {
    super(message);
    this.code = code;
  }

  public MorphException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public ErrorCode code() { return code; }

  /**
   * A statement nested deeper than a recursive step (unparsing, planning, the session's last
   * guard) could follow: 42000, the statement's fault, and the session stays usable.
   */
  public static MorphException tooComplex(Throwable cause) {
    return new MorphException(ErrorCode.INVALID_STATEMENT, "Statement too complex (nested too deeply)", cause);
  }

  public static MorphException of(ErrorCode code, String format, Object... args) {
    return new MorphException(code, args.length == 0 ? format : String.format(format, args));
  }
}
